import { z } from 'zod';
import {
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  QUALIFICATION_EXPLANATION_MAX,
  QUALIFICATION_SIGNAL_MAX,
} from '../constants.ts';
import { HOME_FILTER_MAX_VALUES } from './home-filters.ts';
import {
  MATCH_TIERS,
  QUALIFICATION_SIGNAL_TYPES,
  TRIGGER_HIT_TYPES,
  TRIGGER_PHRASE_MAX_LENGTH,
  TRIGGER_PHRASES_MAX,
  whyNowFactsSchema,
} from './value-match.ts';
import { accountHolderSchema } from './value-match-assignment.ts';

/** Spec section 5: advice for target titles is 5 to 10; the list itself is capped here. */
export const TARGET_TITLES_ADVICE_MIN = 5;
export const TARGET_TITLES_ADVICE_MAX = 10;
export const TARGET_TITLES_MAX = 50;

const text = z.string().max(MAX_TEXT_LENGTH);
const stamps = {
  created: z.string(),
  created_by: z.string(),
  updated: z.string(),
  updated_by: z.string(),
};

/** A value hypothesis as the tenant writes it (spec sections 3 and 6). */
export const valueHypothesisBodySchema = z.object({
  name: z.string().trim().min(1).max(MAX_NAME_LENGTH),
  description: text.default(''),
  visibility: z.enum(['public', 'private']).default('public'),
  problem_or_goal: text.default(''),
  product_value: text.default(''),
  roi_explanation: text.default(''),
  importance: text.default(''),
  observation: text.default(''),
});
export type ValueHypothesisBody = z.output<typeof valueHypothesisBodySchema>;
export const updateValueHypothesisBodySchema = valueHypothesisBodySchema.partial();
export type UpdateValueHypothesisBody = z.output<typeof updateValueHypothesisBodySchema>;
export const storedValueHypothesisSchema = valueHypothesisBodySchema.extend({ id: z.string(), ...stamps });
export type StoredValueHypothesis = z.output<typeof storedValueHypothesisSchema>;

/** The message of a trigger whose phrases are all blank (the API answers "phrases: …"). */
export const TRIGGER_PHRASES_REQUIRED = 'Add at least one phrase';

/** The message of a phrase of punctuation alone ("(", ".*", "!!!"): no article's words are it. */
export const TRIGGER_PHRASE_NEEDS_WORD = 'A phrase needs a letter or a digit: punctuation alone never matches';

/** Whether a phrase holds a word to find: a letter or a digit, in any script. */
export const phraseHasWord = (phrase: string): boolean => /[\p{L}\p{N}]/u.test(phrase);

/**
 * Phrases are plain text: blanks are dropped, nothing is ever read as a pattern, and one of
 * punctuation alone is refused (the API answers "phrases.N: …"). A trigger needs at least one
 * phrase left after that, since one without any could never match.
 */
const triggerPhrasesSchema = z
  .array(
    z
      .string()
      .max(TRIGGER_PHRASE_MAX_LENGTH)
      .refine((p) => p.trim() === '' || phraseHasWord(p), { message: TRIGGER_PHRASE_NEEDS_WORD }),
  )
  .max(TRIGGER_PHRASES_MAX)
  .transform((phrases) => phrases.map((p) => p.trim()).filter((p) => p.length > 0))
  .refine((phrases) => phrases.length > 0, { message: TRIGGER_PHRASES_REQUIRED });

export const triggerBodySchema = z.object({
  name: z.string().trim().min(1).max(MAX_NAME_LENGTH),
  hit_type: z.enum(TRIGGER_HIT_TYPES),
  phrases: triggerPhrasesSchema,
  enabled: z.boolean().default(true),
  hypothesis_ids: z.array(z.string().min(1).max(200)).max(100).default([]),
});
export type TriggerBody = z.output<typeof triggerBodySchema>;
export const updateTriggerBodySchema = z.object({
  name: triggerBodySchema.shape.name.optional(),
  hit_type: triggerBodySchema.shape.hit_type.optional(),
  phrases: triggerBodySchema.shape.phrases.optional(),
  enabled: z.boolean().optional(),
  hypothesis_ids: z.array(z.string().min(1).max(200)).max(100).optional(),
});
export type UpdateTriggerBody = z.output<typeof updateTriggerBodySchema>;
export const storedTriggerSchema = z.object({
  id: z.string(),
  name: z.string(),
  hit_type: z.enum(TRIGGER_HIT_TYPES),
  phrases: z.array(z.string()),
  enabled: z.boolean(),
  hypothesis_ids: z.array(z.string()),
  /** Linked hypotheses the reader may not see (a colleague's private ones): counted, never named. */
  private_hypothesis_count: z.number().int().min(0).optional(),
  ...stamps,
});
export type StoredTrigger = z.output<typeof storedTriggerSchema>;

/** Spec section 5: text at most 100 characters, explanation at most 150. */
export const qualificationSignalBodySchema = z.object({
  type: z.enum(QUALIFICATION_SIGNAL_TYPES),
  text: z.string().trim().min(1).max(QUALIFICATION_SIGNAL_MAX),
  explanation: z.string().trim().max(QUALIFICATION_EXPLANATION_MAX).default(''),
});
export type QualificationSignalBody = z.output<typeof qualificationSignalBodySchema>;
export const updateQualificationSignalBodySchema = qualificationSignalBodySchema.partial();
export type UpdateQualificationSignalBody = z.output<typeof updateQualificationSignalBodySchema>;
export const storedQualificationSignalSchema = qualificationSignalBodySchema.extend({ id: z.string(), ...stamps });
export type StoredQualificationSignal = z.output<typeof storedQualificationSignalSchema>;

/**
 * Spec section 5: titles are typed and added with Enter; duplicates (ignoring case) collapse.
 * Runs of spaces inside a title are one space: "VP  Supply Chain" is "VP Supply Chain".
 */
export const targetTitlesBodySchema = z.object({
  titles: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(MAX_NAME_LENGTH)
        .transform((title) => title.replace(/\s+/g, ' ')),
    )
    .max(TARGET_TITLES_MAX)
    .transform((titles) => titles.filter((t, i) => titles.findIndex((o) => o.toLowerCase() === t.toLowerCase()) === i)),
});
export type TargetTitlesBody = z.output<typeof targetTitlesBodySchema>;

export const preferenceIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** When matches were last computed for the tenant, and whether a recompute is queued or running. */
export const valueMatchStatusSchema = z.object({
  last_computed_at: z.string().nullable(),
  running: z.boolean(),
});
export type ValueMatchStatus = z.output<typeof valueMatchStatusSchema>;

/** A highlighted stretch of a shown text: offsets into that text (UTF-16, end exclusive). */
export const highlightSchema = z.object({ start: z.number().int(), end: z.number().int() });
export type Highlight = z.output<typeof highlightSchema>;

export const VALUE_MATCH_PAGE_SIZE = 20;

/** A query parameter given once or repeated (`?tier=a&tier=b`), read as a list; absent = empty. */
const repeatedParam = <T extends z.ZodType<string>>(value: T, max: number) =>
  z
    .union([value, z.array(value).max(max)])
    .optional()
    .transform((v): z.output<T>[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

export const valueMatchFeedQuerySchema = z.object({
  tier: repeatedParam(z.enum(MATCH_TIERS), MATCH_TIERS.length),
  hypothesis_id: repeatedParam(z.string().max(200), HOME_FILTER_MAX_VALUES),
  industry: repeatedParam(z.string().max(200), HOME_FILTER_MAX_VALUES),
  mine: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /** View-as: whose My Accounts "mine" reads (a colleague's uid, read-only). */
  view_as: z.string().min(1).max(128).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(VALUE_MATCH_PAGE_SIZE),
});
export type ValueMatchFeedQuery = z.input<typeof valueMatchFeedQuerySchema>;

export const valueMatchCardSchema = z.object({
  master_account_id: z.string(),
  account_name: z.string(),
  logo_url: z.string().nullable(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  tier: z.enum(MATCH_TIERS),
  score: z.number(),
  hypothesis_id: z.string().nullable(),
  hypothesis_name: z.string().nullable(),
  hit_id: z.string().nullable(),
  hit_title: z.string().nullable(),
  hit_published_at: z.string().nullable(),
  /** Where the top signal comes from ("Wikinews", a feed's name), credited on the card. */
  hit_source: z.string().nullable().default(null),
  title_highlights: z.array(highlightSchema),
  why_now: z.string(),
  /** null for a match computed before the facts were kept: show `why_now`. */
  why_now_facts: whyNowFactsSchema.nullable(),
  computed_at: z.string(),
  /** Who in the tenant holds the account in their territory (My Accounts). */
  held_by: z.array(accountHolderSchema),
  /**
   * Home filtered on a hypothesis that is not the account's lead one: the name of the filtered
   * hypothesis it also matches, else null.
   */
  also_matches: z.string().nullable().default(null),
  /** The tier the account reaches for that hypothesis (its own tier is its lead hypothesis's). */
  also_matches_tier: z.enum(['tier_1', 'tier_2']).nullable().default(null),
});
export type ValueMatchCard = z.output<typeof valueMatchCardSchema>;

export const valueMatchFeedSchema = z.object({
  items: z.array(valueMatchCardSchema),
  next_offset: z.number().nullable(),
  status: valueMatchStatusSchema,
});
export type ValueMatchFeed = z.output<typeof valueMatchFeedSchema>;

/** The industries of the accounts in the tenant's feed, for its filter. */
export const valueMatchIndustriesSchema = z.object({ industries: z.array(z.string()) });

export const valueMatchEvidenceSchema = z.object({
  hit_id: z.string(),
  type: z.string(),
  title: z.string(),
  title_highlights: z.array(highlightSchema),
  excerpt: z.string(),
  excerpt_highlights: z.array(highlightSchema),
  /** The excerpt opens inside a sentence: shown after a "…". */
  excerpt_cut_before: z.boolean(),
  /** The text goes on inside a sentence after the excerpt: shown followed by "…". */
  excerpt_cut_after: z.boolean(),
  url: z.string().nullable(),
  source: z.string(),
  published_at: z.string(),
  /** A user of the tenant marked this evidence "not relevant" (issue #19). */
  not_relevant: z.boolean().default(false),
});
export type ValueMatchEvidence = z.output<typeof valueMatchEvidenceSchema>;

export const valueMatchContactSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  email_usable: z.boolean(),
  title_match: z.enum(['exact', 'similar', 'none']),
});
export type ValueMatchContact = z.output<typeof valueMatchContactSchema>;

export const valueMatchDetailSchema = z.object({
  master_account_id: z.string(),
  account_name: z.string(),
  logo_url: z.string().nullable(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  tier: z.enum(MATCH_TIERS),
  score: z.number(),
  why_now: z.string(),
  /** null for a match computed before the facts were kept: show `why_now`. */
  why_now_facts: whyNowFactsSchema.nullable(),
  computed_at: z.string().nullable(),
  hypotheses: z.array(
    z.object({
      hypothesis_id: z.string(),
      name: z.string(),
      tier: z.enum(MATCH_TIERS),
      score: z.number(),
      evidence: z.array(valueMatchEvidenceSchema),
    }),
  ),
  activity: z.array(valueMatchEvidenceSchema),
  contacts: z.array(valueMatchContactSchema),
  held_by: z.array(accountHolderSchema),
});
export type ValueMatchDetail = z.output<typeof valueMatchDetailSchema>;
