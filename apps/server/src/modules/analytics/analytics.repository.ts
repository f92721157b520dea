import type { AnalyticsEvent } from '@quarry/shared';
import type { Db } from '../../db/connection.ts';
import { nowIso } from '../../lib/time.ts';

export function createAnalyticsRepository(db: Db) {
  return {
    /** Stores events once each: a resent client event id is ignored. Answers how many rows were new. */
    async insertMany(tenantId: string, events: AnalyticsEvent[]): Promise<number> {
      if (events.length === 0) return 0;
      const received_at = nowIso();
      const result = await db
        .insertInto('analytics_events')
        .values(
          events.map((e) => ({
            tenant_id: tenantId,
            id: e.id,
            user_id: e.user_properties.user_id ?? '',
            email: e.user_properties.email ?? '',
            type: e.type,
            event: e.event,
            name: e.name ?? null,
            properties: JSON.stringify(e.properties),
            user_properties: JSON.stringify(e.user_properties),
            occurred_at: new Date(e.timestamp).toISOString(),
            received_at,
          })),
        )
        .onConflict((oc) => oc.columns(['tenant_id', 'id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
