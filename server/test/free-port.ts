import { createServer } from 'node:net';

/**
 * A loopback port nobody listens on now, for a server whose public address must be known before it
 * starts (its links are built from the configured address, never from the request).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
