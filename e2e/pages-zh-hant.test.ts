import { PHONE } from './browser.ts';
import { sweepPages } from './page-sweep.ts';

sweepPages({ language: 'zh-Hant', viewport: PHONE, axe: true, reactDevelopment: true });
