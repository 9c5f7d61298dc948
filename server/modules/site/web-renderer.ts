/**
 * The built web app's server-rendering entry as the server sees it. The server reaches web/
 * only through this entry (built by Vite into dist/ssr), and only its types at compile time.
 */
import type * as Entry from '../../../web/entry-server.tsx';

export type WebRenderer = typeof Entry;
export type { BootState, RenderResult } from '../../../web/entry-server.tsx';
