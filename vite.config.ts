import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

/**
 * Two builds of web/: the browser's (dist/web, with a manifest the server reads to preload each
 * page's chunks, and a Brotli and a gzip copy of each script and stylesheet) and the server's
 * rendering entry (dist/ssr/entry-server.js, `--ssr`).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), precompress()],
  build: isSsrBuild
    ? {
        outDir: '../dist/ssr',
        emptyOutDir: true,
        target: 'node20',
        sourcemap: true,
        rollupOptions: { input: 'web/entry-server.tsx' },
      }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: true,
        manifest: true,
        chunkSizeWarningLimit: 400,
        // Every browser the site supports preloads modules itself (the server writes the links).
        modulePreload: { polyfill: false },
      },
  // The world map's shapes are JSON that Node would not import without an import attribute.
  ssr: { noExternal: ['world-atlas'] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/static': 'http://localhost:3000' },
  },
}));
