import type { ReportUser } from '@quarry/shared';
import { toCsv } from '../../../lib/csv.ts';

export type ReportUsersCsvHeaders = Record<
  'name' | 'email' | 'lastSignIn' | 'daysActive' | 'signIns' | 'events',
  string
>;

/**
 * The per-user table as CSV: translated headers, ISO sign-in times, one row per user. Names and
 * emails are what users typed, so they go through the one CSV writer, which escapes formulas.
 */
export function reportUsersCsv(users: ReportUser[], headers: ReportUsersCsvHeaders): string {
  return toCsv([
    [headers.name, headers.email, headers.lastSignIn, headers.daysActive, headers.signIns, headers.events],
    ...users.map((u) => [u.display_name, u.email, u.last_sign_in_at, u.days_active, u.sign_ins, u.events]),
  ]);
}
