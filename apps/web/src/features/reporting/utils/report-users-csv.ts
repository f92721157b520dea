import type { ReportUser } from '@quarry/shared';
import { toCsv } from '../../../lib/csv.ts';

export type ReportUsersCsvHeaders = Record<
  'name' | 'email' | 'lastSignIn' | 'daysActive' | 'signIns' | 'events',
  string
>;

/**
 * The per-user table as CSV: translated headers, sign-in times as a spreadsheet reads them
 * ("2026-03-30 08:00", UTC as the page says), one row per user. Names and emails are what users
 * typed, so they go through the one CSV writer, which escapes formulas. It starts with a byte-order
 * mark, as the flow and upload CSVs do: without it Excel read Chinese headers as mojibake.
 */
export function reportUsersCsv(users: ReportUser[], headers: ReportUsersCsvHeaders): string {
  return `\uFEFF${toCsv([
    [headers.name, headers.email, headers.lastSignIn, headers.daysActive, headers.signIns, headers.events],
    ...users.map((u) => [u.display_name, u.email, utcMinute(u.last_sign_in_at), u.days_active, u.sign_ins, u.events]),
  ])}`;
}

/** An ISO instant as "YYYY-MM-DD HH:mm" in UTC; nothing for none. */
const utcMinute = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : null);
