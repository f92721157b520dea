import crypto from 'node:crypto';
import type { AnalyticsEvent, AnalyticsUserProperties } from '@quarry/shared';

/** A relay event as the client queue sends it; the wire form, before defaults are applied. */
export type AnalyticsEventInput = Omit<AnalyticsEvent, 'properties'> & { properties?: AnalyticsEvent['properties'] };

/**
 * An event for this user, `ageMs` old at `nowMs`, with a fresh client id; override anything,
 * or pass user properties without a field to build one the relay must drop.
 */
export function analyticsEvent(
  userProperties: AnalyticsUserProperties,
  {
    ageMs = 0,
    nowMs = Date.now(),
    ...overrides
  }: Partial<AnalyticsEventInput> & { ageMs?: number; nowMs?: number } = {},
): AnalyticsEventInput {
  return {
    id: crypto.randomUUID(),
    type: 'track',
    event: 'Workspace Mutated',
    properties: { action: 'create', count: 1 },
    user_properties: userProperties,
    timestamp: new Date(nowMs - ageMs).toISOString(),
    ...overrides,
  };
}
