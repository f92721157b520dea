import { ANALYTICS_MAX_EVENT_AGE_MS } from './constants.ts';

/** The parts of an analytics event the keep rule reads (no schema library needed in the browser). */
type KeepInput = {
  timestamp: string;
  user_properties: { email?: string | undefined; user_id?: string | undefined; tenant_id?: string | undefined };
};

/**
 * Spec section 5: an event older than 48 hours, or lacking an email, a user id or a tenant id,
 * is dropped. The client applies it before sending and the relay again before storing.
 */
export function shouldKeepAnalyticsEvent(event: KeepInput, nowMs: number): boolean {
  const { email, user_id, tenant_id } = event.user_properties;
  if (!email || !user_id || !tenant_id) return false;
  const at = Date.parse(event.timestamp);
  if (Number.isNaN(at)) return false;
  return nowMs - at <= ANALYTICS_MAX_EVENT_AGE_MS;
}
