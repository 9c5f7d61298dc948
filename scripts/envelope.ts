/**
 * The message envelope for operators (docs/operations.md#message-envelope): reads a payload from
 * standard input and prints it sealed (base64) or opened (the text).
 *
 *   npm run -s envelope -- encrypt --key KEY [--legacy] [--static-iv] < message.json
 *   npm run -s envelope -- decrypt --key KEY [--static-iv] < sealed.txt
 */
import { parseArgs } from 'node:util';
import {
  EnvelopeError,
  decrypt,
  encrypt,
  encryptLegacy,
} from '../server/modules/messaging/index.ts';

const USAGE =
  'usage: npm run -s envelope -- encrypt|decrypt --key KEY [--legacy] [--static-iv] (the payload on standard input)';

async function readInput(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      key: { type: 'string' },
      legacy: { type: 'boolean', default: false },
      'static-iv': { type: 'boolean', default: false },
    },
  });
  const [action] = positionals;
  if ((action !== 'encrypt' && action !== 'decrypt') || !values.key) {
    console.error(USAGE);
    return 2;
  }
  const input = await readInput();
  try {
    if (action === 'encrypt') {
      const sealed = values.legacy
        ? encryptLegacy(values.key, input, { staticIv: values['static-iv'] })
        : encrypt(values.key, input);
      process.stdout.write(`${sealed.toString('base64')}\n`);
    } else {
      const text = input.toString('utf8').trim();
      const opened = decrypt(values.key, Buffer.from(text, 'base64'), {
        staticIv: values['static-iv'],
      });
      process.stdout.write(opened);
    }
    return 0;
  } catch (error) {
    if (error instanceof EnvelopeError) {
      console.error(`${action} failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
