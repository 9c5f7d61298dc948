import { DESKTOP } from './browser.ts';
import { sweepPages } from './page-sweep.ts';

sweepPages({ language: 'en', viewport: DESKTOP, axe: true, reactDevelopment: true });
