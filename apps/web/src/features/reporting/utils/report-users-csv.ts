import type { ReportUser } from '@quarry/shared';
import { stringify } from 'csv-stringify/browser/esm/sync';

export type ReportUsersCsvHeaders = Record<
  'name' | 'email' | 'lastSignIn' | 'daysActive' | 'signIns' | 'events',
  string
>;

/** The per-user table as CSV: translated headers, ISO sign-in times, one row per user. */
export function reportUsersCsv(users: ReportUser[], headers: ReportUsersCsvHeaders): string {
  return stringify(
    users.map((u) => [u.display_name, u.email, u.last_sign_in_at ?? '', u.days_active, u.sign_ins, u.events]),
    {
      header: true,
      columns: [headers.name, headers.email, headers.lastSignIn, headers.daysActive, headers.signIns, headers.events],
    },
  );
}
