import { type AnalyticsEvent, shouldKeepAnalyticsEvent } from '@quarry/shared';
import { forbidden } from '../../lib/http-error.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';
import type { IdentityClaims } from './identity-token.ts';

export function createAnalyticsService(repository: AnalyticsRepository) {
  return {
    /**
     * Keeps what the spec keeps, refuses the whole batch when any event speaks for another user or
     * tenant, and stores each client event id once.
     */
    async ingest(claims: IdentityClaims, events: AnalyticsEvent[], nowMs = Date.now()) {
      const kept = events.filter((e) => shouldKeepAnalyticsEvent(e, nowMs));
      const foreign = kept.find(
        (e) => e.user_properties.user_id !== claims.uid || e.user_properties.tenant_id !== claims.tenantId,
      );
      if (foreign) throw forbidden(`events.${events.indexOf(foreign)}: event belongs to another user or tenant`);
      const accepted = await repository.insertMany(claims.tenantId, kept);
      return { accepted, duplicates: kept.length - accepted, dropped: events.length - kept.length };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
