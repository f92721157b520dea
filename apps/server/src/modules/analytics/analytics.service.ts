import { type AnalyticsEvent, shouldKeepAnalyticsEvent } from '@quarry/shared';
import { forbidden } from '../../lib/http-error.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';
import type { IdentityClaims } from './identity-token.ts';

/** How long the counts of a stored batch may wait before the ingest folds them (PostgreSQL). */
const FOLD_EVERY_MS = 100;

/**
 * A page view under the route's own spelling: the router takes /myterritory for /MyTerritory, and
 * Reporting counted the one page under two names.
 */
function withCanonicalPage(event: AnalyticsEvent): AnalyticsEvent {
  if (event.type !== 'page' || typeof event.name !== 'string') return event;
  const name = event.name
    .replace(/^\/myterritory(?=\/|\?|$)/i, '/MyTerritory')
    .replace(/^\/valuematch(?=\/)/i, '/valueMatch');
  return name === event.name ? event : { ...event, name };
}

export function createAnalyticsService(
  repository: AnalyticsRepository,
  { onFoldError }: { onFoldError?: (error: unknown) => void } = {},
) {
  // PostgreSQL: a batch's rollup counts wait in delta tables (migration 050) until a fold moves
  // them. One fold in this process at most every FOLD_EVERY_MS, however many batches come: each
  // fold is a commit that waits for the disk, and one fold takes every batch stored before it. The
  // request does not wait for it: Reporting folds before it reads, so no report misses an event.
  let scheduled = false;
  function foldSoon() {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      repository
        .foldRollups()
        .catch((error: unknown) => onFoldError?.(error))
        .finally(() => {
          scheduled = false;
        });
    }, FOLD_EVERY_MS).unref();
  }

  return {
    /**
     * Keeps what the spec keeps, refuses the whole batch when any event speaks for another user or
     * tenant, and stores each client event id once; a batch sent while impersonating apart from Reporting's.
     */
    async ingest(claims: IdentityClaims, events: AnalyticsEvent[], nowMs = Date.now()) {
      const kept = events.filter((e) => shouldKeepAnalyticsEvent(e, nowMs)).map(withCanonicalPage);
      const foreign = kept.find(
        (e) => e.user_properties.user_id !== claims.uid || e.user_properties.tenant_id !== claims.tenantId,
      );
      if (foreign) throw forbidden(`events.${events.indexOf(foreign)}: event belongs to another user or tenant`);
      // Support acting as a user is not the team's usage: kept apart, or Reporting would count it as
      // the user's (days active, page views of /support-impersonation).
      if (claims.impersonated) {
        const accepted = await repository.insertSupportEvents(claims.tenantId, kept);
        return { accepted, duplicates: kept.length - accepted, dropped: events.length - kept.length };
      }
      const accepted = await repository.insertMany(claims.tenantId, kept);
      if (accepted > 0) foldSoon();
      return { accepted, duplicates: kept.length - accepted, dropped: events.length - kept.length };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
