import { LIMITS } from '../../core/limits.ts';

/** A lazy page chunk that did not arrive: missing (failed download) or timeout (docs/product/messages.md#page-load-failures). */
export class ChunkLoadError extends Error {
  constructor(
    readonly kind: 'missing' | 'timeout',
    cause?: unknown,
  ) {
    super(`chunk load ${kind}`, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Runs a dynamic import, turning a failure or a wait past the limit into a ChunkLoadError. */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = LIMITS.chunkLoadTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('missing', error));
      },
    );
  });
}
