/**
 * `npm run refund -- <payment id>`: support's refund by hand. Gives a paid payment's money back in
 * full through the configured card processor (one idempotency key per payment: running it twice
 * refunds once) and marks the payment refunded in the member's transactions. Same settings as the
 * server (DATABASE_URL, PAYMENT_PROVIDER and its keys).
 */
import { openDatabase } from '../server/db/client.ts';
import { createLogger } from '../server/logging.ts';
import { paymentsFromConfig } from '../server/modules/payments/index.ts';
import { settingsOrExit } from '../server/process.ts';
import { resolveAppSecret } from '../server/secret.ts';

const paymentId = process.argv[2] ?? '';
if (!/^[0-9a-f-]{36}$/i.test(paymentId)) {
  console.error(
    "Usage: npm run refund -- <payment id> (the id shown in the member's transactions)",
  );
  process.exit(2);
}
const config = settingsOrExit();
const log = createLogger(config, 'refund');
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const { payments } = paymentsFromConfig({
    config,
    database,
    secret: resolveAppSecret(config),
    log,
  });
  const refunded = await payments.refund(paymentId);
  console.log(
    `Refunded ${refunded.amount / 100} ${refunded.currency} of payment ${refunded.id} (receipt ${refunded.receiptNumber}); the processor's refund is ${refunded.refundId}.`,
  );
} catch (error) {
  console.error(`Not refunded: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
