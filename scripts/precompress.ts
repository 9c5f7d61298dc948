import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text a browser fetches, over a kilobyte. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`) copy beside every compressible file of
 * the browser's build, which the server sends as they are (`preCompressed` in
 * server/modules/site/web-app.ts). Compressing once at build time gives smaller files than the
 * quick setting the server uses for pages it renders (Brotli 5), and no request spends the
 * server's time compressing the same script again.
 */
export function precompress(): Plugin {
  return {
    name: 'tripplus-precompress',
    apply: (_config, env) =>
      env.command === 'build' && !env.isSsrBuild && env.mode === 'production',
    enforce: 'post',
    // After the files are written: until then Vite is still rewriting the chunks' preload lists.
    writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      for (const file of Object.values(bundle)) {
        if (!COMPRESSIBLE.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (bytes.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        writeFileSync(join(outDir, `${file.fileName}.br`), brotli);
        writeFileSync(join(outDir, `${file.fileName}.gz`), gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
