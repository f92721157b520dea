import { z } from 'zod';
import { oauthAuthorizeQuerySchema, oauthTokenRequestSchema } from './oauth-contract.ts';

/**
 * Outreach's OAuth endpoints and v2 API (JSON:API) as Quarry uses them, in Quarry's own words,
 * from Outreach's developer documentation: the authorization-code grant with PKCE, refresh with
 * rotation, the token's user, prospects found by email and created or updated, sequences,
 * mailboxes and sequence states. The local fake checks every request against these schemas.
 */

export const OUTREACH_MEDIA_TYPE = 'application/vnd.api+json';
/** What Quarry asks Outreach to let it do. */
export const OUTREACH_SCOPES = [
  'users.read',
  'mailboxes.read',
  'prospects.read',
  'prospects.write',
  'sequences.read',
  'sequenceStates.read',
  'sequenceStates.write',
];

/** GET {oauth}/authorize and POST {oauth}/token (see oauth-contract.ts): Outreach takes scopes, and Quarry sends PKCE. */
export const outreachAuthorizeQuerySchema = oauthAuthorizeQuerySchema({ scope: true, pkce: true });
export const outreachTokenRequestSchema = oauthTokenRequestSchema({ pkce: true });

/** JSON:API error body: `{ errors: [{ id, title, detail }] }`. */
export const outreachErrorSchema = z.object({
  errors: z.array(z.object({ id: z.string().optional(), title: z.string().optional(), detail: z.string().optional() })),
});

const id = z.number().int().positive();
const ref = (type: string) => z.strictObject({ data: z.strictObject({ type: z.literal(type), id }) });

/**
 * GET /api/v2, the API's root: the token's metadata, whose `meta.user` names the user the token
 * acts for by email only. Outreach documents this metadata for its API's info call (user email, org
 * guid, the application, permissions, request counts and versions: getoutreach/outreach-platform-sdk,
 * documentation/1.0/info.md), and its own OAuth sample app shows the same `meta` for a freshly
 * authorized token (getoutreach/omniauth-outreach, README.md). That the v2 root answers it is not
 * stated on a v2 reference page Quarry could read; the user's name comes from the users resource.
 */
export const outreachRootSchema = z.object({
  meta: z
    .object({ user: z.object({ email: z.string().nullish() }).loose().nullish() })
    .loose()
    .nullish(),
});

/**
 * GET /api/v2/users?filter[email]=: the User resource of the v2 reference
 * (https://developers.outreach.io/api/reference/tag/User/: email, firstName, lastName), filtered
 * by email as any v2 collection is filtered by an attribute
 * (https://developers.outreach.io/api/making-requests/, "Filter and Sort").
 */
export const outreachUsersSchema = z.object({
  data: z.array(
    z
      .object({
        type: z.literal('user'),
        id,
        attributes: z
          .object({
            email: z.string().nullish(),
            firstName: z.string().nullish(),
            lastName: z.string().nullish(),
          })
          .loose(),
      })
      .loose(),
  ),
});

const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), links: z.object({ next: z.string().nullish() }).loose().nullish() });

export const outreachProspectsSchema = page(
  z.object({
    type: z.literal('prospect'),
    id,
    attributes: z.object({ emails: z.array(z.string()).nullish() }).loose(),
  }),
);
export const outreachSequencesSchema = page(
  z.object({ type: z.literal('sequence'), id, attributes: z.object({ name: z.string().nullish() }).loose() }),
);
export const outreachMailboxesSchema = page(
  z.object({ type: z.literal('mailbox'), id, attributes: z.object({ email: z.string().nullish() }).loose() }),
);

/** custom1 … custom150: Outreach's prospect custom fields, named by number. */
export const OUTREACH_CUSTOM_FIELD_COUNT = 150;
const customFieldName = z.string().regex(/^custom([1-9]|[1-9]\d|1[0-4]\d|150)$/);

const prospectAttributes = z
  .object({
    emails: z.array(z.email()).min(1).optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    title: z.string().optional(),
  })
  .catchall(z.string())
  .superRefine((attrs, ctx) => {
    for (const key of Object.keys(attrs)) {
      if (['emails', 'firstName', 'lastName', 'title'].includes(key)) continue;
      if (!customFieldName.safeParse(key).success)
        ctx.addIssue({ code: 'custom', message: `${key} is not a prospect attribute` });
    }
  });

/** POST /api/v2/prospects: a new prospect with its email. */
export const outreachProspectCreateSchema = z.strictObject({
  data: z.strictObject({
    type: z.literal('prospect'),
    attributes: prospectAttributes.refine((a) => (a.emails?.length ?? 0) > 0, 'emails is required'),
  }),
});
/** PATCH /api/v2/prospects/{id}: the id in the body matches the path. */
export const outreachProspectUpdateSchema = z.strictObject({
  data: z.strictObject({ type: z.literal('prospect'), id, attributes: prospectAttributes }),
});
export const outreachProspectSchema = z.object({ data: z.object({ type: z.literal('prospect'), id }).loose() });

/** POST /api/v2/sequenceStates: a prospect enrolled in a sequence, sending from a mailbox. */
export const outreachSequenceStateCreateSchema = z.strictObject({
  data: z.strictObject({
    type: z.literal('sequenceState'),
    relationships: z.strictObject({
      prospect: ref('prospect'),
      sequence: ref('sequence'),
      mailbox: ref('mailbox'),
    }),
  }),
});
export const outreachSequenceStateSchema = z.object({
  data: z.object({ type: z.literal('sequenceState'), id }).loose(),
});
