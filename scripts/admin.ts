/**
 * `npm run admin -- grant <email> [editor|support|admin]` / `revoke <email>`: gives a member a staff
 * role (admin when none is named; core/staff.ts says what each may do) or takes it back. Same
 * settings as the server (DATABASE_URL or DATA_DIR). The first admin comes from here, never from a
 * default password; there is no page for it on purpose: whoever can run this can already reach the
 * database.
 */
import { eq } from 'drizzle-orm';
import { STAFF_ROLES, type StaffRole } from '../core/staff.ts';
import { openDatabase } from '../server/db/client.ts';
import { members } from '../server/db/schema/index.ts';
import { settingsOrExit } from '../server/process.ts';

const [action, email, asked = 'admin'] = process.argv.slice(2);
const role = STAFF_ROLES.find((one) => one === asked);
if ((action !== 'grant' && action !== 'revoke') || !email || !role) {
  console.error(
    `Usage: npm run admin -- grant <email> [${STAFF_ROLES.join('|')}] | revoke <email>`,
  );
  process.exit(2);
}
const config = settingsOrExit();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const changed = await database.db
    .update(members)
    .set({ role: action === 'grant' ? (role as StaffRole) : 'member' })
    .where(eq(members.email, email.trim().toLowerCase()))
    .returning({ id: members.id });
  if (changed.length === 0) {
    console.error(`No member has the e-mail address ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(
      action === 'grant' ? `${email} is now staff (${role}).` : `${email} is no longer staff.`,
    );
  }
} finally {
  await database.close();
}
