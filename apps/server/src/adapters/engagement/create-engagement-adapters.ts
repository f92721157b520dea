import type { Config } from '../../config.ts';
import { createApolloAdapter } from './apollo.ts';
import type { EngagementAdapters } from './engagement-adapter.ts';
import { createHubspotAdapter } from './hubspot.ts';
import { createOutreachAdapter } from './outreach.ts';
import { createSalesloftAdapter } from './salesloft.ts';

/**
 * The adapters Quarry can connect, each talking to the base URL configuration gives it. Outreach
 * is handed an OAuth access token the integrations service keeps fresh.
 */
export function createEngagementAdapters(config: Pick<Config, 'integrations'>): EngagementAdapters {
  const { baseUrls } = config.integrations;
  return {
    hubspot: createHubspotAdapter({ baseUrl: baseUrls.hubspot }),
    salesloft: createSalesloftAdapter({ baseUrl: baseUrls.salesloft }),
    apolloio: createApolloAdapter({ baseUrl: baseUrls.apolloio }),
    outreach: createOutreachAdapter({ baseUrl: baseUrls.outreach }),
  };
}
