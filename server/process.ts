import { ConfigError, loadConfig, type Config } from './config.ts';

/** How long a process may take to close before it leaves anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The settings, or the list of bad ones and exit 1 (for `npm start` and `npm run worker`). */
export function settingsOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * On SIGINT or SIGTERM: finish what is in flight with `close`, then leave; never hang forever.
 * A second signal while closing is ignored.
 */
export function closeOnSignals(
  close: () => Promise<void>,
  log: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  },
): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
