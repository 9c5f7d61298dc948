import { useEffect, useState } from 'react';
import type { Language } from '../../../core/locale.ts';
import { clockTime } from './format.ts';

/**
 * An "as of" time on a page the server draws: the server does not know the visitor's time zone,
 * so the page arrives, and hydrates, with the time in UTC (and says so), then shows the visitor's
 * own clock once it is live.
 */
export function useClockTime(iso: string, language: Language): string {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live ? clockTime(iso, language) : `${clockTime(iso, language, 'UTC')} UTC`;
}
