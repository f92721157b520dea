import type { Config } from '../../config.ts';
import type { EngagementAdapters } from './engagement-adapter.ts';
import { createHubspotAdapter } from './hubspot.ts';

/** The adapters Quarry can connect today, each talking to the base URL configuration gives it. */
export function createEngagementAdapters(config: Pick<Config, 'integrations'>): EngagementAdapters {
  return { hubspot: createHubspotAdapter({ baseUrl: config.integrations.baseUrls.hubspot }) };
}
