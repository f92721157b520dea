import { z } from 'zod';
import { oauthAuthorizeQuerySchema, oauthTokenRequestSchema } from './oauth-contract.ts';

/**
 * Salesloft's v2 API as Quarry uses it, in Quarry's own words, from Salesloft's public OpenAPI
 * document (mirrored in APIs-guru/openapi-directory, APIs/salesloft.com/v2): who am I, the team's
 * custom fields, and a person upserted by email address. The local fake checks requests against it.
 */

/** accounts.salesloft.com/oauth/authorize and /oauth/token (see oauth-contract.ts): no scope, no PKCE. */
export const salesloftAuthorizeQuerySchema = oauthAuthorizeQuerySchema({ scope: false, pkce: false });
export const salesloftTokenRequestSchema = oauthTokenRequestSchema({ pkce: false });

/** Salesloft's error bodies: `{ error }` for auth, `{ errors: { field: [messages] } }` for validation. */
export const salesloftErrorSchema = z.union([
  z.object({ error: z.string() }),
  z.object({ errors: z.record(z.string(), z.array(z.string())) }),
]);

/** GET /v2/me: the user the API key belongs to. */
export const salesloftMeSchema = z.object({
  data: z.object({
    id: z.number().int(),
    name: z.string().nullish(),
    email: z.string(),
    team: z.object({ id: z.number().int() }).loose().nullish(),
  }),
});

/** GET /v2/custom_fields?field_type=person: custom fields of people, paged (per_page at most 100). */
export const salesloftCustomFieldsSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), field_type: z.string() })),
  metadata: z
    .object({ paging: z.object({ next_page: z.number().int().nullable() }).loose().nullish() })
    .loose()
    .optional(),
});

/** POST /v2/person_upserts: one person, found by email address, custom fields keyed by their names. */
export const salesloftPersonUpsertRequestSchema = z.strictObject({
  upsert_key: z.literal('email_address'),
  email_address: z.email(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  title: z.string().optional(),
  custom_fields: z.record(z.string().min(1), z.string()).optional(),
});

export const salesloftPersonUpsertResponseSchema = z.object({
  data: z.object({
    upsert_type: z.enum(['create', 'update']),
    person: z.object({ id: z.number().int(), email_address: z.string().nullish() }).loose(),
  }),
});

/** GET /v2/cadences: the team's cadences, paged. */
export const salesloftCadencesSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() }).loose()),
  metadata: z
    .object({ paging: z.object({ next_page: z.number().int().nullable() }).loose().nullish() })
    .loose()
    .optional(),
});

/** POST /v2/cadence_memberships?person_id=…&cadence_id=…: the person and cadence go in the query, not a body. */
export const salesloftCadenceMembershipQuerySchema = z.strictObject({
  person_id: z.string().regex(/^\d+$/),
  cadence_id: z.string().regex(/^\d+$/),
});
export const salesloftCadenceMembershipResponseSchema = z.object({
  data: z.object({ id: z.number().int(), currently_on_cadence: z.boolean().optional() }).loose(),
});
