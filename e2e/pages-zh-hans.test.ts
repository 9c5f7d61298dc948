import { DESKTOP } from './browser.ts';
import { sweepPages } from './page-sweep.ts';

// Every page with its own content is opened in English in the browser (with React's development
// build, which reports any hydration mismatch) and every page's server HTML checked in each language
// (e2e/pages-html.test.ts); in Simplified Chinese the browser opens one page of each area, each
// with its own strings, on the production build.
sweepPages({ language: 'zh-Hans', viewport: DESKTOP, axe: 'none', onePerArea: true });
