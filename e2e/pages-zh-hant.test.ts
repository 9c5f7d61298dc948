import { PHONE } from './browser.ts';
import { sweepPages } from './page-sweep.ts';

// Every page at phone width; axe checks the first page of each area (the English sweep checks
// every page at desktop width).
sweepPages({
  language: 'zh-Hant',
  viewport: PHONE,
  axe: 'first page of each area',
  reactDevelopment: true,
});
