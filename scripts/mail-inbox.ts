/**
 * `npm run mail:inbox -- <mbox file>`: reads mail sent back to us (docs/newsletter.md#bounces) —
 * delivery status notifications, spam-complaint feedback reports and messages to the
 * List-Unsubscribe mailto — and acts on each: a hard bounce or a complaint suppresses the address
 * for good, a third soft bounce suspends it, an unsubscribe request unsubscribes. Running it twice
 * over the same file changes nothing more. Same settings as the server (DATABASE_URL, APP_SECRET).
 */
import { readFileSync } from 'node:fs';
import { openDatabase } from '../server/db/client.ts';
import { applyInbound, readInbound, splitMbox } from '../server/modules/newsletter/index.ts';
import { NewsletterLinks, unsubscribeMailbox } from '../server/modules/newsletter/index.ts';
import { Subscriptions } from '../server/modules/newsletter/index.ts';
import { listSetting } from '../server/config.ts';
import { settingsOrExit } from '../server/process.ts';
import { resolveAppSecret } from '../server/secret.ts';

const file = process.argv[2] ?? '';
if (!file) {
  console.error('Usage: npm run mail:inbox -- <mbox file>');
  process.exit(2);
}
const config = settingsOrExit();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const mailbox = unsubscribeMailbox(config);
  const links = new NewsletterLinks(config.PUBLIC_URL, resolveAppSecret(config), mailbox);
  // Nothing here sends mail: a resubscribe is not among what an inbox can ask for.
  const subscriptions = new Subscriptions({
    db: database.db,
    links,
    delivered: async () => false,
    blockedDomains: listSetting(config.BLOCKED_EMAIL_DOMAINS),
  });
  const messages = splitMbox(readFileSync(file, 'utf8'));
  for (const [index, message] of messages.entries()) {
    for (const outcome of await applyInbound(
      subscriptions,
      await readInbound(message, mailbox),
      'mbox',
    ))
      console.log(`message ${index + 1}: ${outcome}`);
  }
  console.log(`${messages.length} messages read.`);
} finally {
  await database.close();
}
