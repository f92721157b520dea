import type { Report, ReportQuery, ReportUser } from '@quarry/shared';
import dayjs from 'dayjs';
import type { RequestContext } from '../../lib/request-context.ts';
import type { ReportingRepository } from './reporting.repository.ts';

const ISO_DAY = 'YYYY-MM-DD';

/** Every ISO day from `from` to `to`, both included. */
function daysOf(range: ReportQuery): string[] {
  const days: string[] = [];
  for (let d = dayjs(range.from); !d.isAfter(range.to, 'day'); d = d.add(1, 'day')) days.push(d.format(ISO_DAY));
  return days;
}

/** The Monday starting each week that overlaps the range. */
function weeksOf(range: ReportQuery): string[] {
  const first = dayjs(range.from);
  const weeks: string[] = [];
  for (let w = first.subtract((first.day() + 6) % 7, 'day'); !w.isAfter(range.to, 'day'); w = w.add(1, 'week')) {
    weeks.push(w.format(ISO_DAY));
  }
  return weeks;
}

export function createReportingService(repository: ReportingRepository) {
  return {
    /** The tenant's usage over the range; the tenant is the caller's, from the session. */
    async report(ctx: RequestContext, range: ReportQuery): Promise<Report> {
      const [daily, weekly, pages, events, activity, members] = await Promise.all([
        repository.daily(ctx, range),
        repository.weekly(ctx, range),
        repository.pages(ctx, range),
        repository.events(ctx, range),
        repository.users(ctx, range),
        repository.members(ctx),
      ]);
      const byDay = new Map(daily.map((d) => [d.day, d]));
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
        days: daysOf(range).map((day) => {
          const d = byDay.get(day);
          return { day, active_users: Number(d?.active_users ?? 0), sign_ins: Number(d?.sign_ins ?? 0) };
        }),
        weeks: weeksOf(range).map((week) => ({ week, active_users: byWeek.get(week) ?? 0 })),
        pages: pages.map((p) => ({ page: p.name, views: Number(p.views) })),
        events: events.map((e) => ({ event: e.name, count: Number(e.count) })),
        users,
      };
    },
  };
}

export type ReportingService = ReturnType<typeof createReportingService>;
