import type { IntegrationCatalogueEntry } from '@quarry/shared';

/** A catalogue entry as written here; whether it connects with OAuth depends on configuration. */
type CatalogueEntry = Omit<IntegrationCatalogueEntry, 'oauth'>;

/** Spec section 3: the integration catalogue (type, name, brand colour, icon), in the spec's order. */
export const INTEGRATION_CATALOGUE: readonly CatalogueEntry[] = [
  {
    type: 'apolloio',
    name: 'Apollo',
    brand_colour: '#F6D046',
    icon: '/integrations/apolloio.svg',
    auth: 'api_key',
    available: true,
  },
  {
    type: 'outreach',
    name: 'Outreach',
    brand_colour: '#5951FF',
    icon: '/integrations/outreach.svg',
    auth: 'oauth',
    available: true,
  },
  {
    type: 'hubspot',
    name: 'HubSpot',
    brand_colour: '#FF7A59',
    icon: '/integrations/hubspot.svg',
    auth: 'api_key',
    available: true,
  },
  {
    type: 'salesloft',
    name: 'Salesloft',
    brand_colour: '#054D3B',
    icon: '/integrations/salesloft.svg',
    auth: 'api_key',
    available: true,
  },
];
