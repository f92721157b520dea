import type { AnalyticsEventName, AnalyticsUserProperties } from '@quarry/shared';
import { newEventId } from '@quarry/shared/event-id';
import { type AnalyticsQueue, createAnalyticsQueue } from './analytics-queue.ts';
import { cachedIdentityToken, getIdentityToken } from './identity-token.ts';
import { session } from './storage.ts';

type Properties = Record<string, string | number | boolean | null>;

let userProperties: () => AnalyticsUserProperties | null = () => null;

const queue: AnalyticsQueue = createAnalyticsQueue({
  getUserProperties: () => userProperties(),
  getToken: () => getIdentityToken(),
  cachedToken: cachedIdentityToken,
  storage: session,
});

/** The app tells analytics who is signed in (and whom they impersonate); lib knows no feature. */
export function configureAnalytics(getUserProperties: () => AnalyticsUserProperties | null): () => void {
  userProperties = getUserProperties;
  return queue.start();
}

function newId(): string {
  return newEventId();
}

/** Records a named event (spec section 7). Nothing is recorded while signed out. */
export function track(event: AnalyticsEventName, properties: Properties = {}): void {
  if (!userProperties()) return;
  queue.enqueue({ id: newId(), type: 'track', event, properties, timestamp: new Date().toISOString() });
}

/** Records a page view with its path. */
export function trackPage(path: string, properties: Properties = {}): void {
  if (!userProperties()) return;
  queue.enqueue({
    id: newId(),
    type: 'page',
    event: 'Page Viewed',
    name: path,
    properties: { path, ...properties },
    timestamp: new Date().toISOString(),
  });
}

/** Sends what is queued now, e.g. before signing out. */
export function flushAnalytics(): Promise<number> {
  return queue.flush();
}
