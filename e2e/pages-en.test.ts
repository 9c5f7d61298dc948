import { DESKTOP } from './browser.ts';
import { sweepPages } from './page-sweep.ts';

sweepPages({ language: 'en', viewport: DESKTOP, axe: 'every page', reactDevelopment: true });
