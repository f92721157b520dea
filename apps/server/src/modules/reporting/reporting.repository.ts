import { REPORT_TOP_PAGES, type ReportQuery } from '@quarry/shared';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { scopedTo } from '../../db/scoped.ts';
import type { RequestContext } from '../../lib/request-context.ts';

const SIGN_IN_EVENT = 'User Login';
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * How a range splits over the weekly rollup: the weeks it touches, the whole weeks inside it (read
 * from weekly rows) and, for the partial first and last weeks, the days_mask bits inside the range.
 */
export type ReportWeeks = {
  firstWeek: string;
  lastWeek: string;
  firstWeekMask: number;
  lastWeekMask: number;
  /** Monday of the first and of the last whole week inside the range; from > to when there is none. */
  whole: { from: string; to: string; toSunday: string };
};

/** Active days in a week's days_mask (seven bits). */
const daysIn = sql<number>`${sql.join(
  WEEKDAYS.map((i) => sql`((days_mask >> ${sql.lit(i)}) & 1)`),
  sql` + `,
)}`;

/**
 * Reporting's aggregations, all in SQL over the rollups that migration 008's trigger keeps (per
 * user and day, per user and week, per event name or page and day), through the scoped layer.
 */
export function createReportingRepository(db: Db) {
  const scoped = (ctx: RequestContext) => scopedTo(db, ctx.tenantId);
  const userWeeks = (ctx: RequestContext, weeks: ReportWeeks) =>
    scoped(ctx)
      .selectFrom('analytics_user_weeks')
      .where('week', '>=', weeks.firstWeek)
      .where('week', '<=', weeks.lastWeek);

  const eventDays = (ctx: RequestContext, range: ReportQuery, type: 'track' | 'page') =>
    scoped(ctx)
      .selectFrom('analytics_event_days')
      .where('type', '=', type)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to);

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  return {
    /**
     * PostgreSQL: the counts of stored events still waiting in the delta tables (migration 050) are
     * moved into the rollups first, so a report counts every event stored before it was asked.
     * SQLite's trigger keeps the rollups current itself.
     */
    async foldPending(): Promise<void> {
      if (postgres) await sql`select analytics_fold_rollups()`.execute(db);
    },

    /**
     * Per week touched, in one pass over its rows: how many users were active on each of its days
     * (d0 = Monday), and how many on any of its days inside the range (a partial first or last week
     * counts only the range's days).
     */
    activeByWeek: (ctx: RequestContext, weeks: ReportWeeks) =>
      userWeeks(ctx, weeks)
        .select((eb) => [
          'week',
          ...WEEKDAYS.map((i) => eb.fn.sum<number | string>(sql`(days_mask >> ${sql.lit(i)}) & 1`).as(`d${i}`)),
          eb.fn
            .sum<number | string>(
              sql`CASE WHEN (days_mask & CASE WHEN week = ${weeks.firstWeek} THEN ${weeks.firstWeekMask} WHEN week = ${weeks.lastWeek} THEN ${weeks.lastWeekMask} ELSE 127 END) <> 0 THEN 1 ELSE 0 END`,
            )
            .as('active_users'),
        ])
        .groupBy('week')
        .execute() as Promise<
        ({ week: string; active_users: number | string } & Record<`d${(typeof WEEKDAYS)[number]}`, number | string>)[]
      >,

    /** Sign-ins ("User Login") on each day that had any. */
    signIns: (ctx: RequestContext, range: ReportQuery) =>
      eventDays(ctx, range, 'track').select(['day', 'events as sign_ins']).where('name', '=', SIGN_IN_EVENT).execute(),

    /** The most viewed pages. */
    pages: (ctx: RequestContext, range: ReportQuery) =>
      eventDays(ctx, range, 'page')
        .select((eb) => ['name', eb.fn.sum<number | string>('events').as('views')])
        .groupBy('name')
        .orderBy('views', 'desc')
        .orderBy('name')
        .limit(REPORT_TOP_PAGES)
        .execute(),

    /** How often each named event happened. */
    events: (ctx: RequestContext, range: ReportQuery) =>
      eventDays(ctx, range, 'track')
        .select((eb) => ['name', eb.fn.sum<number | string>('events').as('count')])
        .groupBy('name')
        .orderBy('count', 'desc')
        .orderBy('name')
        .execute(),

    /**
     * Per user who did anything in the range: last sign-in, days active, sign-ins and events, from
     * the weekly rows of whole weeks and the daily rows of the days around them.
     */
    users: (ctx: RequestContext, range: ReportQuery, weeks: ReportWeeks) => {
      const whole = scoped(ctx)
        .selectFrom('analytics_user_weeks')
        .select(['user_id', 'email', daysIn.as('days_active'), 'events', 'sign_ins', 'last_sign_in_at'])
        .where('week', '>=', weeks.whole.from)
        .where('week', '<=', weeks.whole.to);
      const days = scoped(ctx)
        .selectFrom('analytics_user_days')
        .select(['user_id', 'email', sql<number>`1`.as('days_active'), 'events', 'sign_ins', 'last_sign_in_at']);
      // The days around the whole weeks as two key ranges, before and after them: a 90-day range
      // reads its dozen partial days, not all ninety. Without a whole week, each day is read once.
      const activity =
        weeks.whole.from <= weeks.whole.to
          ? whole
              .unionAll(days.where('day', '>=', range.from).where('day', '<', weeks.whole.from))
              .unionAll(days.where('day', '>', weeks.whole.toSunday).where('day', '<=', range.to))
          : whole.unionAll(days.where('day', '>=', range.from).where('day', '<=', range.to));
      return scoped(ctx)
        .selectFrom(activity.as('activity'))
        .select((eb) => [
          'user_id',
          eb.fn.max('email').as('email'),
          eb.fn.max('last_sign_in_at').as('last_sign_in_at'),
          eb.fn.sum<number | string>('days_active').as('days_active'),
          eb.fn.sum<number | string>('sign_ins').as('sign_ins'),
          eb.fn.sum<number | string>('events').as('events'),
        ])
        .groupBy('user_id')
        .execute();
    },

    /** The tenant's members, so that those who did nothing show too. */
    members: (ctx: RequestContext) =>
      db.selectFrom('users').select(['uid', 'display_name', 'email']).where('company', '=', ctx.tenantId).execute(),
  };
}

export type ReportingRepository = ReturnType<typeof createReportingRepository>;
