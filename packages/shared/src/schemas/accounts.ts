import { z } from 'zod';
import { MAX_TEXT_LENGTH, TERRITORY_SELECTION_CAP } from '../constants.ts';

/** Longest search text accepted; longer answers 400. */
export const SEARCH_QUERY_MAX = 200;

/** Search hit (spec section 3). */
export const searchHitSchema = z.object({
  master_account_id: z.string(),
  account_name: z.string(),
  website: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchQuerySchema = z.strictObject({
  q: z.string().max(SEARCH_QUERY_MAX, `Search text is limited to ${SEARCH_QUERY_MAX} characters`).default(''),
  mode: z.enum(['full', 'autocomplete']).default('full'),
});

/** A person found by the search dialog: a contact with the account it belongs to. */
export const personHitSchema = z.object({
  id: z.string(),
  master_account_id: z.string(),
  account_name: z.string(),
  logo_url: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string().nullable(),
});
export type PersonHit = z.infer<typeof personHitSchema>;

export const peopleSearchQuerySchema = z.strictObject({
  q: z.string().max(SEARCH_QUERY_MAX, `Search text is limited to ${SEARCH_QUERY_MAX} characters`).default(''),
});

/**
 * The facts of the account summary Quarry writes (issue #17, item 12): the page builds the summary
 * from them in the reader's language. Today one kind: the Fortune 500 entry of a demo account.
 */
export const accountSummaryFactsSchema = z.object({
  kind: z.literal('fortune500'),
  rank: z.number().int(),
  year: z.number().int(),
  sector: z.string(),
  industry: z.string(),
  location: z.string(),
  ceo: z.string(),
  ceo_title: z.string(),
});
export type AccountSummaryFacts = z.infer<typeof accountSummaryFactsSchema>;

export const accountSchema = searchHitSchema.extend({
  industry: z.string().nullable(),
  sector: z.string().nullable(),
  employees: z.number().nullable(),
  revenue: z.number().nullable(),
  location: z.string().nullable(),
  /** Text from the account's source, or Quarry's summary in English when summary_facts is set. */
  description: z.string().nullable(),
  summary_facts: accountSummaryFactsSchema.nullable(),
  /**
   * On the account page only: the upload of the caller's company that created this account (an
   * account Quarry did not know, named from its domain), when and by whom.
   */
  added_by_upload: z
    .object({
      upload_id: z.string(),
      at: z.string(),
      by: z.string(),
      input: z.string(),
      /** Whether the caller may open that upload (their own, or any for managers and admins). */
      viewable: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type Account = z.infer<typeof accountSchema>;

export const signalSchema = z.object({
  id: z.string(),
  type: z.enum(['news_article', 'job_posting']),
  title: z.string(),
  text: z.string(),
  url: z.string().nullable(),
  source: z.string(),
  published_at: z.string(),
});
export type Signal = z.infer<typeof signalSchema>;

export const contactSchema = z.object({
  id: z.string(),
  external_contact_id: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string().nullable(),
  seniority: z.string().nullable(),
  department: z.string().nullable(),
  /** Null when the spec's rule says the email is unusable. */
  email: z.string().nullable(),
  linkedin_url: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const PLACEHOLDER_EMAIL = 'email_not_unlocked@domain.com';

/** Spec section 3: empty, the "email not unlocked" placeholder, or status "unavailable" is unusable. */
export function isEmailUsable(email: string | null | undefined, emailStatus: string | null | undefined): boolean {
  return Boolean(email?.trim()) && email?.trim().toLowerCase() !== PLACEHOLDER_EMAIL && emailStatus !== 'unavailable';
}

export const accountDetailSchema = z.object({
  account: accountSchema,
  signals: z.array(signalSchema),
  contacts: z.array(contactSchema),
  is_favorite: z.boolean(),
  in_territory: z.boolean(),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

export const accountIdParamsSchema = z.strictObject({ masterAccountId: z.string().min(1).max(64) });

export const commentSchema = z.object({
  id: z.number(),
  text: z.string(),
  created_at: z.string(),
  author: z.object({ uid: z.string(), display_name: z.string() }),
  /** Written by the support account while it impersonated the author: shown as "via Support". */
  via_support: z.boolean(),
  /** When its author last changed the text; null if never. */
  edited_at: z.string().nullable(),
  /** The caller wrote it, so may edit or delete it. */
  can_edit: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const createCommentBodySchema = z.strictObject({
  text: z.string().trim().min(1, 'Comment text is required').max(MAX_TEXT_LENGTH),
});
export const updateCommentBodySchema = createCommentBodySchema;

export const commentIdParamsSchema = z.strictObject({
  masterAccountId: z.string().min(1).max(64),
  // Comment ids are the database's serial integers (32-bit on PostgreSQL): a larger one names no comment.
  commentId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const TERRITORY_CAP_MESSAGE = `Select fewer than ${TERRITORY_SELECTION_CAP} accounts at a time`;

export const territoryChangeBodySchema = z.strictObject({
  master_account_ids: z
    .array(z.string().min(1).max(64))
    .min(1, 'Select at least one account')
    .max(TERRITORY_SELECTION_CAP - 1, TERRITORY_CAP_MESSAGE),
});

export const TERRITORY_SORTS = ['account_name', 'website', 'industry', 'employees', 'latest_signal_at'] as const;

export const territoryQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
  sort: z.enum(TERRITORY_SORTS).default('account_name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  q: z.string().max(200).optional(),
  industry: z.string().max(200).optional(),
});

export const territoryRowSchema = searchHitSchema.extend({
  industry: z.string().nullable(),
  employees: z.number().nullable(),
  latest_signal_at: z.string().nullable(),
});

export const territoryPageSchema = z.object({
  rows: z.array(territoryRowSchema),
  total: z.number(),
  /** True when `total` is the database's estimate (PostgreSQL, all accounts of a big table), not a count. */
  total_estimated: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});
export type TerritoryPage = z.infer<typeof territoryPageSchema>;
