import { z } from 'zod';

export const ANALYTICS_EVENTS = [
  'User Login',
  'Error Logged',
  'Accounts Uploaded',
  'Workspace Mutated',
  'List Mutated',
  'Comment Created',
  'Favorite Created',
  'Filter Created',
  'Value Match viewed',
  'Value Match shared',
  'Value Match scrolled',
  'Value Match account assigned',
  'Flow triggered',
  'Flow retried',
  'Flow edited',
  'Flow sent',
  'Integration Connected',
  'Object Downloaded',
  'View As Enabled',
  'Email Rule Mutated',
  'Trigger viewed',
  'Trigger mutated',
  'Value Message Generated',
  'Value Hypo Mutated',
  'Source Notification Clicked',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

const propertyValue = z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]);

export const analyticsUserPropertiesSchema = z.object({
  // Optional here so an event lacking one is dropped by the keep rule, not refused with its batch.
  email: z.string().max(254).optional(),
  user_id: z.string().max(128).optional(),
  tenant_id: z.string().max(128).optional(),
  impersonated_tenant_id: z.string().max(128).optional(),
  impersonated_user_id: z.string().max(128).optional(),
  impersonated_email: z.string().max(254).optional(),
  impersonator_email: z.string().max(254).optional(),
  impersonator_uid: z.string().max(128).optional(),
});
export type AnalyticsUserProperties = z.infer<typeof analyticsUserPropertiesSchema>;

/** One analytics event as the client queue sends it (spec section 3). */
export const analyticsEventSchema = z.strictObject({
  id: z.string().min(8).max(64),
  type: z.enum(['track', 'page']),
  event: z.string().min(1).max(120),
  name: z.string().max(500).optional(),
  properties: z.record(z.string().max(80), propertyValue).default({}),
  user_properties: analyticsUserPropertiesSchema,
  timestamp: z.iso.datetime({ offset: true }),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.strictObject({
  events: z.array(analyticsEventSchema).min(1),
});

export const analyticsRelayResponseSchema = z.object({
  accepted: z.number(),
  duplicates: z.number(),
  dropped: z.number(),
});
