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
