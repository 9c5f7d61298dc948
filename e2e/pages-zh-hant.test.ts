import { PHONE } from './browser.ts';
import { sweepPages } from './page-sweep.ts';

// The first page of each area (and every page with a sample) at phone width, hydrated by React's
// development build, with axe; every page's heading, title and head in Traditional Chinese come
// from the server (e2e/pages-html.test.ts), and the English sweep opens every page with its own content in the browser.
sweepPages({
  language: 'zh-Hant',
  viewport: PHONE,
  axe: 'first page of each area',
  reactDevelopment: true,
  onePerArea: true,
});
