import { REPORT_TOP_PAGES, type ReportQuery } from '@quarry/shared';
import type { Db } from '../../db/connection.ts';
import type { RequestContext } from '../../lib/request-context.ts';

/**
 * Reporting's aggregations, all in SQL over the daily rollups that migration 008's trigger keeps
 * (one row per user per day, one per event name or page per day), always within ctx's tenant.
 */
export function createReportingRepository(db: Db) {
  const userDays = (ctx: RequestContext, range: ReportQuery) =>
    db
      .selectFrom('analytics_user_days')
      .where('tenant_id', '=', ctx.tenantId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to);

  const eventDays = (ctx: RequestContext, range: ReportQuery, type: 'track' | 'page') =>
    db
      .selectFrom('analytics_event_days')
      .where('tenant_id', '=', ctx.tenantId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .where('type', '=', type);

  return {
    /** Active users and sign-ins on each day that had any activity. */
    daily: (ctx: RequestContext, range: ReportQuery) =>
      userDays(ctx, range)
        .select((eb) => [
          'day',
          eb.fn.countAll<number | string>().as('active_users'),
          eb.fn.sum<number | string>('sign_ins').as('sign_ins'),
        ])
        .groupBy('day')
        .orderBy('day')
        .execute(),

    /** Distinct active users per week (Monday first) within the range. */
    weekly: (ctx: RequestContext, range: ReportQuery) =>
      userDays(ctx, range)
        .select((eb) => ['week', eb.fn.count<number | string>('user_id').distinct().as('active_users')])
        .groupBy('week')
        .orderBy('week')
        .execute(),

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

    /** Per user who did anything in the range: last sign-in, days active, sign-ins and events. */
    users: (ctx: RequestContext, range: ReportQuery) =>
      userDays(ctx, range)
        .select((eb) => [
          'user_id',
          eb.fn.max('email').as('email'),
          eb.fn.max('last_sign_in_at').as('last_sign_in_at'),
          eb.fn.countAll<number | string>().as('days_active'),
          eb.fn.sum<number | string>('sign_ins').as('sign_ins'),
          eb.fn.sum<number | string>('events').as('events'),
        ])
        .groupBy('user_id')
        .execute(),

    /** The tenant's members, so that those who did nothing show too. */
    members: (ctx: RequestContext) =>
      db.selectFrom('users').select(['uid', 'display_name', 'email']).where('company', '=', ctx.tenantId).execute(),
  };
}

export type ReportingRepository = ReturnType<typeof createReportingRepository>;
