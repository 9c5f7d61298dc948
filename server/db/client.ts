import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL's connection string, for a connection of a process's own beside the pool (the
   * notices' LISTEN: it must be this very database, as NOTIFY does not cross databases).
   */
  connectionString?: string;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Plain SQL for a library that brings its own (pg-boss): statements with parameters, or a
   * script of several statements without any.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
  close(): Promise<void>;
  /**
   * The embedded database's LISTEN: `onMessage` hears each NOTIFY on `channel` once its
   * transaction commits; answers how to stop. Absent on PostgreSQL, where a process listens on a
   * connection of its own (server/modules/notices/postgres-channel.ts).
   */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant works; it only has to be the same in every process that migrates. */
const MIGRATION_LOCK_ID = 7_201_100;

/**
 * Opens the database the settings name and brings its schema up to date:
 * PostgreSQL when `databaseUrl` is set, otherwise the embedded PGlite in `dataDir`.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /**
   * An in-memory PGlite starts from this dump of a data directory (`dumpDataDir`) instead of an
   * empty one: the tests start from a migrated copy, which is three times quicker than initdb.
   */
  template?: Blob;
  /**
   * PGlite's WebAssembly compiled once and its file bundle read once, for a process that opens
   * many in-memory databases (the tests): each would otherwise compile and read them again.
   */
  pgliteRuntime?: { pgliteWasmModule: WebAssembly.Module; fsBundle: Blob };
  /** Told when an idle PostgreSQL connection breaks (server restart, failover, terminated backend). */
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    // While the database is down or unreachable, a request waits at most 5 s for a connection and
    // then answers 503 (server/plugins/error-handler.ts) instead of hanging.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    // Without a listener, a broken idle connection would be an uncaught exception that ends the
    // process; the pool drops that connection and opens a new one on the next query.
    pool.on('error', (error) =>
      (options.onIdleError ?? ((e: Error) => console.error('database connection lost', e.message)))(
        error,
      ),
    );
    const db = drizzlePostgres(pool, { schema }) as unknown as Db;
    // Several servers may boot at once: one migrates while the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      connectionString: options.databaseUrl,
      ping: async () => {
        await pool.query('SELECT 1');
      },
      executeSql: async (text, values) => {
        const result = await pool.query(text, values);
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      },
      close: () => pool.end(),
    };
  }

  // Loaded only here: a process on PostgreSQL (a worker started again and again) skips their start-up cost.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, extensions] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
      pgliteExtensions(),
    ]);
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = inMemory
    ? new PGlite({
        extensions,
        ...options.pgliteRuntime,
        ...(options.template ? { loadDataDir: options.template } : {}),
      })
    : new PGlite(options.dataDir, { extensions });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    executeSql: async (text, values) => {
      // PGlite's query() takes one statement; a script without parameters goes through exec().
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        const last = results[results.length - 1];
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
      }
      const result = await client.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    },
    close: () => client.close(),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
  };
}

/** The extensions the migrations create (an early one made pg_trgm for the articles' search of then); PostgreSQL ships them in contrib. */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}
