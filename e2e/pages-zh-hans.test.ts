import { DESKTOP } from './browser.ts';
import { sweepPages } from './page-sweep.ts';

// Every page is opened in English in the browser (with React's development build, which reports
// any hydration mismatch) and its server HTML checked in both Chinese scripts
// (e2e/pages-html.test.ts); in Simplified Chinese the browser opens one page of each area, each
// with its own strings, on the production build.
sweepPages({ language: 'zh-Hans', viewport: DESKTOP, axe: 'none', onePerArea: true });
