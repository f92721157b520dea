import { z } from 'zod';

/**
 * Apollo's API as Quarry uses it, in Quarry's own words, from Apollo's public API reference
 * (docs.apollo.io): the key's health, typed custom fields, and contacts created with
 * deduplication and then updated. The local fake checks requests against it.
 */

export const apolloErrorSchema = z.object({ error: z.string() }).loose();

/** GET /api/v1/auth/health: whether the key signs anyone in. */
export const apolloHealthSchema = z.object({ healthy: z.boolean(), is_logged_in: z.boolean() });

/** GET /api/v1/typed_custom_fields: the team's custom fields, each keyed by id when written. */
export const apolloTypedCustomFieldsSchema = z.object({
  typed_custom_fields: z.array(
    z.object({ id: z.string(), label: z.string(), type: z.string(), modality: z.string() }).loose(),
  ),
});

const contactFields = {
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  title: z.string().optional(),
  typed_custom_fields: z.record(z.string().min(1), z.string()).optional(),
};

/** POST /api/v1/contacts: a contact, answered with the existing one when run_dedupe finds it. */
export const apolloCreateContactRequestSchema = z.strictObject({
  email: z.email(),
  run_dedupe: z.literal(true),
  ...contactFields,
});

/** PATCH /api/v1/contacts/{id}: the fields to change. */
export const apolloUpdateContactRequestSchema = z.strictObject(contactFields);

export const apolloContactResponseSchema = z.object({
  contact: z.object({ id: z.string(), email: z.string().nullish() }).loose(),
});

/**
 * Sequences (Apollo calls them emailer campaigns; all three calls need a master key), from
 * Apollo's public reference: search, the linked email accounts that send them, and contacts
 * added to one. add_contact_ids takes its inputs in the query string, not a body.
 */

/** POST /api/v1/emailer_campaigns/search: the team's sequences, paged. */
export const apolloSequenceSearchRequestSchema = z.strictObject({
  page: z.number().int().min(1),
  per_page: z.number().int().min(1).max(100),
  q_name: z.string().optional(),
});

export const apolloSequenceSearchResponseSchema = z.object({
  emailer_campaigns: z.array(z.object({ id: z.string(), name: z.string(), active: z.boolean().optional() }).loose()),
  pagination: z.object({ page: z.number(), total_pages: z.number() }).loose().optional(),
});

/** GET /api/v1/email_accounts: the team's linked inboxes; a sequence sends from one of them. */
export const apolloEmailAccountsSchema = z.object({
  email_accounts: z.array(
    z
      .object({ id: z.string(), email: z.string(), active: z.boolean().optional(), default: z.boolean().optional() })
      .loose(),
  ),
});

/** POST /api/v1/emailer_campaigns/{id}/add_contact_ids: the query (contact_ids[] repeated once per contact). */
export const apolloAddContactIdsQuerySchema = z.object({
  emailer_campaign_id: z.string().min(1),
  'contact_ids[]': z.array(z.string().min(1)).min(1),
  send_email_from_email_account_id: z.string().min(1),
});

export const apolloAddContactIdsResponseSchema = z
  .object({ contacts: z.array(z.object({ id: z.string() }).loose()) })
  .loose();
