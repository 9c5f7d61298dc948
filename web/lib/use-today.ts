import { useEffect, useState } from 'react';
import { useAppState } from './app-context.tsx';

/** The browser's own date (YYYY-MM-DD in its time zone). */
export function localToday(now = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

/**
 * Today for a form: the server's date while hydrating (so the first render matches the HTML),
 * then the browser's own, which may be a day apart near midnight.
 */
export function useToday(): string {
  const { today } = useAppState();
  const [value, setValue] = useState(today);
  useEffect(() => setValue(localToday()), []);
  return value;
}
