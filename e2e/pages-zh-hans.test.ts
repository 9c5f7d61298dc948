import { DESKTOP } from './browser.ts';
import { sweepPages } from './page-sweep.ts';

// Every page is swept in English and Traditional Chinese (with React's development build, which
// reports any hydration mismatch) and its server HTML is checked in all three languages
// (server/modules/site/web-app.test.ts); in Simplified Chinese the browser opens one page of each
// area, each with its own strings, on the production build.
sweepPages({ language: 'zh-Hans', viewport: DESKTOP, axe: 'none', onePerArea: true });
