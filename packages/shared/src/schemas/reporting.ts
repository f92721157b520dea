import { z } from 'zod';
import { DAY_MS } from '../constants.ts';

/** The longest date range a report covers, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;
/** How many pages the report lists, most viewed first. */
export const REPORT_TOP_PAGES = 20;

/** A report's date range: UTC days, both included, from no later than to. */
export const reportQuerySchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'must not be before from' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < REPORT_MAX_DAYS, {
    path: ['to'],
    message: `the range may cover at most ${REPORT_MAX_DAYS} days`,
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportUserSchema = z.object({
  uid: z.string(),
  display_name: z.string(),
  email: z.string(),
  last_sign_in_at: z.string().nullable(),
  days_active: z.number(),
  sign_ins: z.number(),
  events: z.number(),
});
export type ReportUser = z.infer<typeof reportUserSchema>;

/** Usage of one tenant over a date range, aggregated from its analytics events. */
export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, zero where nobody was active. */
  days: z.array(z.object({ day: z.string(), active_users: z.number(), sign_ins: z.number() })),
  /** Every week (starting Monday) that overlaps the range, counted within the range. */
  weeks: z.array(z.object({ week: z.string(), active_users: z.number() })),
  pages: z.array(z.object({ page: z.string(), views: z.number() })),
  events: z.array(z.object({ event: z.string(), count: z.number() })),
  users: z.array(reportUserSchema),
});
export type Report = z.infer<typeof reportSchema>;
