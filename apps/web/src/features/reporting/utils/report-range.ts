import { REPORT_MAX_DAYS, type ReportQuery, reportQuerySchema } from '@quarry/shared';
import dayjs from 'dayjs';

export const REPORT_PRESET_DAYS = [7, 30, 90] as const;
export const DEFAULT_REPORT_DAYS = 30;

/** The last `days` days up to and including today. */
export function lastDays(days: number, today = dayjs()): ReportQuery {
  return { from: today.subtract(days - 1, 'day').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
}

export type RangeProblem = 'invalid' | 'order' | 'tooLong';

/** Whether a range typed in the page can be asked for, and if not, why. */
export function checkRange(range: { from: string; to: string }): RangeProblem | null {
  if (reportQuerySchema.safeParse(range).success) return null;
  if (!dayjs(range.from, 'YYYY-MM-DD').isValid() || !dayjs(range.to, 'YYYY-MM-DD').isValid()) return 'invalid';
  if (range.from > range.to) return 'order';
  if (dayjs(range.to).diff(range.from, 'day') >= REPORT_MAX_DAYS) return 'tooLong';
  return 'invalid';
}
