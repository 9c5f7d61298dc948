import { z } from 'zod';
import { isCalendarDay, isCalendarMonth } from './dated.ts';

/**
 * The schemas of a day and a month for every contract in core/: the pattern for the API
 * description, then the check that the day exists (2026-02-30 does not). Kept apart from dated.ts,
 * which pages import without a validation library.
 */
export const CalendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine(isCalendarDay, 'a date that exists');

export const CalendarMonthSchema = z
  .string()
  .regex(/^\d{4}-\d{2}$/, 'a month as YYYY-MM')
  .refine(isCalendarMonth, 'a month from 01 to 12');
