import type { Report, ReportQuery, ReportUser } from '@quarry/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { RequestContext } from '../../lib/request-context.ts';
import type { ReportingRepository, ReportWeeks } from './reporting.repository.ts';

const ISO_DAY = 'YYYY-MM-DD';

/** Every ISO day from `from` to `to`, both included. */
function daysOf(range: ReportQuery): string[] {
  const days: string[] = [];
  for (let d = dayjs(range.from); !d.isAfter(range.to, 'day'); d = d.add(1, 'day')) days.push(d.format(ISO_DAY));
  return days;
}

/** Days since Monday: 0 on Monday, 6 on Sunday. */
const weekday = (d: Dayjs) => (d.day() + 6) % 7;
const monday = (d: Dayjs) => d.subtract(weekday(d), 'day');
/** days_mask bits for the week's days `first` to `last` (0 = Monday). */
const bits = (first: number, last: number) => ((1 << (last + 1)) - 1) & ~((1 << first) - 1);

/** How the range splits over weekly rows (see ReportWeeks). */
function weeksOf(range: ReportQuery): ReportWeeks {
  const from = dayjs(range.from);
  const to = dayjs(range.to);
  const firstWeek = monday(from);
  const lastWeek = monday(to);
  const sameWeek = firstWeek.isSame(lastWeek, 'day');
  const wholeFrom = weekday(from) === 0 ? from : firstWeek.add(1, 'week');
  const wholeTo = weekday(to) === 6 ? lastWeek : lastWeek.subtract(1, 'week');
  return {
    firstWeek: firstWeek.format(ISO_DAY),
    lastWeek: lastWeek.format(ISO_DAY),
    firstWeekMask: bits(weekday(from), sameWeek ? weekday(to) : 6),
    lastWeekMask: bits(0, weekday(to)),
    whole: {
      from: wholeFrom.format(ISO_DAY),
      to: wholeTo.format(ISO_DAY),
      toSunday: wholeTo.add(6, 'day').format(ISO_DAY),
    },
  };
}

/** Mondays from the first week the range touches to the last. */
function mondaysOf(weeks: ReportWeeks): string[] {
  const mondays: string[] = [];
  for (let w = dayjs(weeks.firstWeek); !w.isAfter(weeks.lastWeek, 'day'); w = w.add(1, 'week')) {
    mondays.push(w.format(ISO_DAY));
  }
  return mondays;
}

export function createReportingService(repository: ReportingRepository) {
  return {
    /** The tenant's usage over the range; the tenant is the caller's, from the session. */
    async report(ctx: RequestContext, range: ReportQuery): Promise<Report> {
      const weeks = weeksOf(range);
      const [byWeekday, weekly, signIns, pages, events, activity, members] = await Promise.all([
        repository.activeByWeekday(ctx, weeks),
        repository.weekly(ctx, weeks),
        repository.signIns(ctx, range),
        repository.pages(ctx, range),
        repository.events(ctx, range),
        repository.users(ctx, range, weeks),
        repository.members(ctx),
      ]);
      const activeOn = new Map<string, number>();
      for (const row of byWeekday) {
        const week = dayjs(row.week);
        for (const i of [0, 1, 2, 3, 4, 5, 6] as const) {
          activeOn.set(week.add(i, 'day').format(ISO_DAY), Number(row[`d${i}`]));
        }
      }
      const signInsOn = new Map(signIns.map((d) => [d.day, Number(d.sign_ins)]));
      const byWeek = new Map(weekly.map((w) => [w.week, Number(w.active_users)]));
      const byUser = new Map(activity.map((a) => [a.user_id, a]));
      const users: ReportUser[] = members.map((m) => {
        const a = byUser.get(m.uid);
        byUser.delete(m.uid);
        return {
          uid: m.uid,
          display_name: m.display_name,
          email: m.email,
          last_sign_in_at: a?.last_sign_in_at ?? null,
          days_active: Number(a?.days_active ?? 0),
          sign_ins: Number(a?.sign_ins ?? 0),
          events: Number(a?.events ?? 0),
        };
      });
      // Events of someone no longer a member still count, under the email they were sent with.
      for (const a of byUser.values()) {
        users.push({
          uid: a.user_id,
          display_name: a.email,
          email: a.email,
          last_sign_in_at: a.last_sign_in_at,
          days_active: Number(a.days_active),
          sign_ins: Number(a.sign_ins),
          events: Number(a.events),
        });
      }
      users.sort((a, b) => b.events - a.events || a.display_name.localeCompare(b.display_name));
      return {
        from: range.from,
        to: range.to,
        days: daysOf(range).map((day) => ({
          day,
          active_users: activeOn.get(day) ?? 0,
          sign_ins: signInsOn.get(day) ?? 0,
        })),
        weeks: mondaysOf(weeks).map((week) => ({ week, active_users: byWeek.get(week) ?? 0 })),
        pages: pages.map((p) => ({ page: p.name, views: Number(p.views) })),
        events: events.map((e) => ({ event: e.name, count: Number(e.count) })),
        users,
      };
    },
  };
}

export type ReportingService = ReturnType<typeof createReportingService>;
