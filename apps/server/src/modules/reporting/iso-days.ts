// Day arithmetic on ISO days ('YYYY-MM-DD') in UTC: a report walks a few hundred days, and plain
// milliseconds cost a fraction of a date library's objects.

const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

import { DAY_MS } from '@quarry/shared';

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The ISO day `n` days after `day` (before it when n is negative). */
export const addDays = (day: string, n: number): string => dayOf(msOf(day) + n * DAY_MS);

/** Days since Monday: 0 on Monday, 6 on Sunday. */
export const weekdayOf = (day: string): number => (new Date(msOf(day)).getUTCDay() + 6) % 7;

/** The Monday on or before `day`. */
export const mondayOf = (day: string): string => addDays(day, -weekdayOf(day));

/** Every ISO day from `from` to `to`, both included, `step` days apart. */
export function daysFromTo(from: string, to: string, step = 1): string[] {
  const days: string[] = [];
  const last = msOf(to);
  for (let ms = msOf(from); ms <= last; ms += step * DAY_MS) days.push(dayOf(ms));
  return days;
}
