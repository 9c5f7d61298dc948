/**
 * `npm run admin -- grant <email>` / `revoke <email>`: gives a member the staff role (the consoles
 * under /admin) or takes it back. Same settings as the server (DATABASE_URL or DATA_DIR). There is
 * no page for it on purpose: whoever can run this can already reach the database.
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { members } from '../server/db/schema/index.ts';
import { settingsOrExit } from '../server/process.ts';

const [action, email] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !email) {
  console.error('Usage: npm run admin -- grant <email> | revoke <email>');
  process.exit(2);
}
const config = settingsOrExit();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const changed = await database.db
    .update(members)
    .set({ role: action === 'grant' ? 'admin' : 'member' })
    .where(eq(members.email, email.trim().toLowerCase()))
    .returning({ id: members.id });
  if (changed.length === 0) {
    console.error(`No member has the e-mail address ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(
      action === 'grant' ? `${email} is now staff (admin).` : `${email} is no longer staff.`,
    );
  }
} finally {
  await database.close();
}
