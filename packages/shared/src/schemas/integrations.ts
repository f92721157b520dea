import { z } from 'zod';

/** Spec sections 1 and 3: the sales-engagement tools a flow can be sent to. */
export const INTEGRATION_TYPES = ['apolloio', 'outreach', 'hubspot', 'salesloft'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** Spec section 4: integration credential statuses (connector). */
export const CREDENTIAL_STATUSES = ['PENDING', 'INVALID', 'VALID'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

/** How a tool is connected: a pasted key or token, or OAuth consent (not offered yet). */
export const INTEGRATION_AUTH_KINDS = ['api_key', 'oauth'] as const;
export type IntegrationAuthKind = (typeof INTEGRATION_AUTH_KINDS)[number];

/**
 * Quarry's fields a tool's custom fields are mapped to. Spec section 3 names the first two; the
 * per-step pairs carry a sequence's later steps, and hypothesis and why-now are optional extras.
 */
export const FIELD_MAPPING_KEYS = [
  'value_message_subject',
  'value_message_body',
  'step_2_subject',
  'step_2_body',
  'step_3_subject',
  'step_3_body',
  'value_hypothesis',
  'why_now',
] as const;
export type FieldMappingKey = (typeof FIELD_MAPPING_KEYS)[number];

export const integrationFieldMappingsSchema = z.partialRecord(
  z.enum(FIELD_MAPPING_KEYS),
  z.string().trim().min(1).max(200),
);
export type FieldMappings = z.output<typeof integrationFieldMappingsSchema>;

/** Spec section 5: value messaging counts as configured only if both a subject and a body mapping exist. */
export function isValueMessagingConfigured(mappings: Partial<Record<string, string>>): boolean {
  return Boolean(mappings.value_message_subject && mappings.value_message_body);
}

/** Spec section 3: integration catalogue entries (type, name, brand colour, icon). */
export const integrationCatalogueEntrySchema = z.object({
  type: z.enum(INTEGRATION_TYPES),
  name: z.string(),
  brand_colour: z.string(),
  /** A path under the web app's public folder. */
  icon: z.string(),
  auth: z.enum(INTEGRATION_AUTH_KINDS),
  /** Whether Quarry can connect it today (Outreach needs OAuth, which is not offered yet). */
  available: z.boolean(),
  /** Whether Quarry can connect it with OAuth here (the tool's OAuth app is configured): Outreach only so, HubSpot and Salesloft besides a key. */
  oauth: z.boolean(),
});
export type IntegrationCatalogueEntry = z.output<typeof integrationCatalogueEntrySchema>;

/** A tenant's connection to one tool. The credential itself never leaves the server: only its last characters. */
export const integrationConnectionSchema = z.object({
  type: z.enum(INTEGRATION_TYPES),
  status: z.enum(CREDENTIAL_STATUSES),
  /** The tool's own words when it refused the credential; null otherwise. */
  status_message: z.string().nullable(),
  /** The connected account's name as the tool gives it. */
  account_name: z.string().nullable(),
  credential_tail: z.string(),
  checked_at: z.string().nullable(),
  connected_by: z.string(),
  connected_at: z.string(),
  field_mappings: integrationFieldMappingsSchema,
  value_messaging_configured: z.boolean(),
});
export type IntegrationConnection = z.output<typeof integrationConnectionSchema>;

export const integrationsResponseSchema = z.object({
  integrations: z.array(
    z.object({ entry: integrationCatalogueEntrySchema, connection: integrationConnectionSchema.nullable() }),
  ),
  /** Only admins connect, re-check, disconnect and map fields. */
  can_manage: z.boolean(),
});
export type IntegrationsResponse = z.output<typeof integrationsResponseSchema>;

export const integrationTypeParamsSchema = z.object({ type: z.enum(INTEGRATION_TYPES) });

export const INTEGRATION_CREDENTIAL_MAX = 2000;
export const connectIntegrationBodySchema = z.object({
  credential: z.string().trim().min(8).max(INTEGRATION_CREDENTIAL_MAX),
});
export type ConnectIntegrationBody = z.input<typeof connectIntegrationBodySchema>;

export const updateFieldMappingsBodySchema = z.object({ field_mappings: integrationFieldMappingsSchema });
export type UpdateFieldMappingsBody = z.input<typeof updateFieldMappingsBodySchema>;

/** One custom field of the tool, to map a Quarry field to. */
export const customFieldSchema = z.object({ name: z.string(), label: z.string() });
export type CustomField = z.output<typeof customFieldSchema>;
export const customFieldsResponseSchema = z.object({ fields: z.array(customFieldSchema) });

/** A tool's sequences (Salesloft: cadences) a send can enrol contacts in; empty where Quarry cannot enrol. */
export const sequencesResponseSchema = z.object({ sequences: z.array(z.object({ id: z.string(), name: z.string() })) });
export type SequencesResponse = z.output<typeof sequencesResponseSchema>;

/** Where a tool's sequences can send from (Outreach mailboxes, Apollo email accounts, HubSpot senders); empty where it asks for none. */
export const mailboxesResponseSchema = z.object({
  mailboxes: z.array(z.object({ id: z.string(), email: z.string() })),
});
export type MailboxesResponse = z.output<typeof mailboxesResponseSchema>;

/** Spec section 7: POST /HydraJwtGenerator. */
export const hydraJwtBodySchema = z.object({
  tenant_id: z.string().trim().min(1).max(200),
  user_id: z.string().trim().min(1).max(200),
});
export const hydraJwtResponseSchema = z.object({ token: z.string() });

/** POST /api/integrations/:type/oauth: where the consent window goes (the OAuth tools only). */
export const oauthStartResponseSchema = z.object({ authorization_url: z.string() });
export type OAuthStartResponse = z.infer<typeof oauthStartResponseSchema>;

/** GET /api/integrations/:type/oauth/callback: what the tool's consent page sends the browser back with. */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
export type OAuthCallbackQuery = z.infer<typeof oauthCallbackQuerySchema>;
