import { z } from 'zod';
import { oauthAuthorizeQuerySchema, oauthTokenRequestSchema } from './oauth-contract.ts';

/**
 * HubSpot's CRM API as Quarry uses it, in Quarry's own words, from HubSpot's public OpenAPI
 * documents (HubSpot-public-api-spec-collection: account-info v3, CRM properties v3, contacts v3
 * batch upsert). The adapter reads answers through these; the local fake checks every request
 * against them, so an adapter that sends what HubSpot would refuse fails its contract test.
 */

/** What Quarry asks HubSpot to let it do when connected with OAuth (the scopes of the calls below). */
export const HUBSPOT_SCOPES = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.schemas.contacts.read',
  'crm.schemas.contacts.write',
  'automation.sequences.read',
  'automation.sequences.enrollments.write',
  'settings.users.read',
];
/** https://app.hubspot.com/oauth/authorize and POST /oauth/v1/token (see oauth-contract.ts): scopes, no PKCE. */
export const hubspotAuthorizeQuerySchema = oauthAuthorizeQuerySchema({ scope: true, pkce: false });
export const hubspotTokenRequestSchema = oauthTokenRequestSchema({ pkce: false });

/** HubSpot's error body: a message for people, a category for programs. */
export const hubspotErrorSchema = z.object({
  status: z.string().optional(),
  message: z.string(),
  category: z.string().optional(),
  correlationId: z.string().optional(),
  context: z.record(z.string(), z.array(z.string())).optional(),
});

/** GET /account-info/v3/details: the portal the token opens. */
export const hubspotAccountDetailsSchema = z.object({
  portalId: z.number().int(),
  accountType: z.string().optional(),
  uiDomain: z.string().optional(),
  timeZone: z.string().optional(),
  companyCurrency: z.string().optional(),
});

/** GET /crm/v3/properties/contacts: every contact property, HubSpot's own and the portal's. */
export const hubspotPropertySchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  fieldType: z.string(),
  groupName: z.string().optional(),
  hubspotDefined: z.boolean().optional(),
  calculated: z.boolean().optional(),
  modificationMetadata: z.object({ readOnlyValue: z.boolean() }).loose().optional(),
});
export const hubspotPropertiesSchema = z.object({ results: z.array(hubspotPropertySchema) });

/** HubSpot takes at most 100 inputs in one batch call. */
export const HUBSPOT_BATCH_MAX = 100;

/** POST /crm/v3/objects/contacts/batch/upsert: each input names its contact by the email property. */
export const hubspotBatchUpsertRequestSchema = z.strictObject({
  inputs: z
    .array(
      z.strictObject({
        id: z.string().min(1),
        idProperty: z.literal('email'),
        properties: z.record(z.string().regex(/^[a-z0-9_]+$/), z.string()),
      }),
    )
    .min(1)
    .max(HUBSPOT_BATCH_MAX),
});
export type HubspotBatchUpsertRequest = z.output<typeof hubspotBatchUpsertRequestSchema>;

export const hubspotBatchUpsertResponseSchema = z.object({
  status: z.string(),
  results: z.array(
    z.object({
      id: z.string(),
      properties: z.record(z.string(), z.string().nullable()),
      new: z.boolean().optional(),
    }),
  ),
  errors: z.array(hubspotErrorSchema).optional(),
});

/**
 * Sequences (Automation v4, from HubSpot's public reference). Listing and enrolling act for a
 * HubSpot user (`userId` in the query); an enrolment names the contact, the sequence and the
 * sender's connected email address (an optional sender alias is not used by Quarry).
 */

/** GET /settings/v3/users: the portal's users, who can send a sequence. */
export const hubspotUsersSchema = z.object({
  results: z.array(z.object({ id: z.string(), email: z.string() }).loose()),
  paging: z
    .object({ next: z.object({ after: z.string() }).loose().optional() })
    .loose()
    .optional(),
});

/** The userId every sequences call carries in its query. */
export const hubspotSequencesQuerySchema = z.object({ userId: z.string().regex(/^\d+$/) }).loose();

/** GET /automation/v4/sequences?userId=: one user's sequences, paged by `after`. */
export const hubspotSequencesSchema = z.object({
  results: z.array(z.object({ id: z.string(), name: z.string(), userId: z.string().optional() }).loose()),
  paging: z
    .object({ next: z.object({ after: z.string() }).loose().optional() })
    .loose()
    .optional(),
});

/** POST /automation/v4/sequences/enrollments?userId=: one contact into one sequence, from one sender. */
export const hubspotEnrollmentRequestSchema = z.strictObject({
  contactId: z.string().min(1),
  sequenceId: z.string().min(1),
  senderEmail: z.email(),
  senderAliasAddress: z.email().optional(),
});

export const hubspotEnrollmentResponseSchema = z
  .object({ id: z.string(), toEmail: z.string().optional(), enrolledAt: z.string().optional() })
  .loose();
