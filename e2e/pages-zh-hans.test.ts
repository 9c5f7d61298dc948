import { DESKTOP } from './browser.ts';
import { sweepPages } from './page-sweep.ts';

sweepPages({ language: 'zh-Hans', viewport: DESKTOP, axe: false });
