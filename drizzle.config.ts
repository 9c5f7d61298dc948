import { defineConfig } from 'drizzle-kit';

// Migrations are generated once and run unchanged on PGlite and PostgreSQL (ADR 001).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
