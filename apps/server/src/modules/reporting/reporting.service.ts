import type { Report, ReportQuery, ReportUser } from '@quarry/shared';
import type { RequestContext } from '../../lib/request-context.ts';
import { isServiceAccountEmail } from '../../lib/service-account.ts';
import { addDays, daysFromTo, mondayOf, weekdayOf } from './iso-days.ts';
import type { ReportingRepository, ReportWeeks } from './reporting.repository.ts';

/** days_mask bits for the week's days `first` to `last` (0 = Monday). */
const bits = (first: number, last: number) => ((1 << (last + 1)) - 1) & ~((1 << first) - 1);

/** How the range splits over weekly rows (see ReportWeeks). */
function weeksOf(range: ReportQuery): ReportWeeks {
  const firstWeek = mondayOf(range.from);
  const lastWeek = mondayOf(range.to);
  const sameWeek = firstWeek === lastWeek;
  const wholeFrom = weekdayOf(range.from) === 0 ? range.from : addDays(firstWeek, 7);
  const wholeTo = weekdayOf(range.to) === 6 ? lastWeek : addDays(lastWeek, -7);
  return {
    firstWeek,
    lastWeek,
    firstWeekMask: bits(weekdayOf(range.from), sameWeek ? weekdayOf(range.to) : 6),
    lastWeekMask: bits(0, weekdayOf(range.to)),
    whole: { from: wholeFrom, to: wholeTo, toSunday: addDays(wholeTo, 6) },
  };
}

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export function createReportingService(repository: ReportingRepository, supportEmail: string) {
  return {
    /** The tenant's usage over the range; the tenant is the caller's, from the session. */
    async report(ctx: RequestContext, range: ReportQuery): Promise<Report> {
      const weeks = weeksOf(range);
      await repository.foldPending();
      const [byWeek, signIns, pages, events, activity, members] = await Promise.all([
        repository.activeByWeek(ctx, weeks),
        repository.signIns(ctx, range),
        repository.pages(ctx, range),
        repository.events(ctx, range),
        repository.users(ctx, range, weeks),
        repository.members(ctx),
      ]);
      const activeOn = new Map<string, number>();
      const activeInWeek = new Map<string, number>();
      for (const row of byWeek) {
        for (const i of WEEKDAYS) activeOn.set(addDays(row.week, i), Number(row[`d${i}`]));
        activeInWeek.set(row.week, Number(row.active_users));
      }
      const signInsOn = new Map(signIns.map((d) => [d.day, Number(d.sign_ins)]));
      const byUser = new Map(activity.map((a) => [a.user_id, a]));
      // A service account is no colleague (spec section 5): listed only once it has done something.
      const people = members.filter((m) => byUser.has(m.uid) || !isServiceAccountEmail(m.email, supportEmail));
      const users: ReportUser[] = people.map((m) => {
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
        days: daysFromTo(range.from, range.to).map((day) => ({
          day,
          active_users: activeOn.get(day) ?? 0,
          sign_ins: signInsOn.get(day) ?? 0,
        })),
        weeks: daysFromTo(weeks.firstWeek, weeks.lastWeek, 7).map((week) => ({
          week,
          active_users: activeInWeek.get(week) ?? 0,
        })),
        pages: pages.map((p) => ({ page: p.name, views: Number(p.views) })),
        events: events.map((e) => ({ event: e.name, count: Number(e.count) })),
        users,
      };
    },
  };
}

export type ReportingService = ReturnType<typeof createReportingService>;
