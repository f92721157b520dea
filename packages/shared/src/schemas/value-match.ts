import { z } from 'zod';
import {
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  QUALIFICATION_EXPLANATION_MAX,
  QUALIFICATION_SIGNAL_MAX,
} from '../constants.ts';

/** Spec section 3: the match tiers; `none` is shown as "Activity Found". */
export const MATCH_TIERS = ['tier_1', 'tier_2', 'none'] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];
/** How strong a tier is, for sorting and comparing: tier_1 above tier_2 above none. */
export const TIER_RANK: Record<MatchTier, number> = { tier_1: 2, tier_2: 1, none: 0 };
export const MATCH_TIER_LABELS: Record<MatchTier, string> = {
  tier_1: 'Value Match',
  tier_2: 'Value Alignment',
  none: 'Activity Found',
};

/** Spec section 3: trigger hit types ("product & service", event, concept, title). */
export const TRIGGER_HIT_TYPES = ['product_and_service', 'event', 'concept', 'title'] as const;
export type TriggerHitType = (typeof TRIGGER_HIT_TYPES)[number];

/** Spec section 3: qualification signal types. */
export const QUALIFICATION_SIGNAL_TYPES = ['good', 'bad', 'requirement'] as const;
export type QualificationSignalType = (typeof QUALIFICATION_SIGNAL_TYPES)[number];

export const MATCH_HIT_TYPES = ['news_article', 'job_posting'] as const;
export type MatchHitType = (typeof MATCH_HIT_TYPES)[number];

export const TRIGGER_PHRASES_MAX = 50;
export const TRIGGER_PHRASE_MAX_LENGTH = 200;
/** A hit's text is cut to this many characters before matching; spans never point past it. */
export const MATCH_HIT_TEXT_MAX = 100_000;
export const MATCH_HIT_TITLE_MAX = 500;
export const MATCH_ACCOUNT_NAMES_MAX = 20;

const id = z.string().trim().min(1).max(200);
const longText = z.string().max(MAX_TEXT_LENGTH).default('');

/** Value hypothesis (spec section 3 and 6). Every text field feeds the engine's topic terms. */
export const valueHypothesisSchema = z.object({
  id,
  name: z.string().trim().min(1).max(MAX_NAME_LENGTH),
  description: longText,
  visibility: z.enum(['public', 'private']).default('public'),
  problem_or_goal: longText,
  product_value: longText,
  roi_explanation: longText,
  importance: longText,
  observation: longText,
});
export type ValueHypothesis = z.output<typeof valueHypothesisSchema>;

/**
 * Trigger (spec section 3). Phrases are plain text, never patterns. `hypothesis_ids` ties a
 * trigger to some hypotheses; empty means it supports every hypothesis.
 */
export const triggerSchema = z.object({
  id,
  name: z.string().trim().min(1).max(MAX_NAME_LENGTH),
  hit_type: z.enum(TRIGGER_HIT_TYPES),
  phrases: z.array(z.string().max(TRIGGER_PHRASE_MAX_LENGTH)).max(TRIGGER_PHRASES_MAX).default([]),
  enabled: z.boolean().default(true),
  hypothesis_ids: z.array(id).default([]),
});
export type Trigger = z.output<typeof triggerSchema>;

/** Qualification signal (spec sections 3 and 5: text at most 100 characters, explanation 150). */
export const qualificationSignalSchema = z.object({
  id,
  type: z.enum(QUALIFICATION_SIGNAL_TYPES),
  text: z.string().trim().min(1).max(QUALIFICATION_SIGNAL_MAX),
  explanation: z.string().max(QUALIFICATION_EXPLANATION_MAX).default(''),
});
export type QualificationSignal = z.output<typeof qualificationSignalSchema>;

/** A signal about an account (master_hits): a news article or a job posting. */
export const matchHitSchema = z.object({
  id,
  account_id: id,
  type: z.enum(MATCH_HIT_TYPES),
  title: z.string().max(MATCH_HIT_TITLE_MAX),
  text: z.string(),
  published_at: z.iso.datetime({ offset: true }).or(z.iso.date()),
  url: z.string().nullish(),
  /**
   * The account's name and the short names or aliases news writes it by ("Ford Motor", "Ford"),
   * when known: the engine then reads an event as the account's only in a sentence about it.
   */
  account_names: z.array(z.string().trim().max(MAX_NAME_LENGTH)).max(MATCH_ACCOUNT_NAMES_MAX).optional(),
});
export type MatchHit = z.output<typeof matchHitSchema>;

/** What the matching engine reads: one tenant's preferences and the hits to weigh. */
export const valueMatchInputSchema = z.object({
  hypotheses: z.array(valueHypothesisSchema).default([]),
  triggers: z.array(triggerSchema).default([]),
  qualification_signals: z.array(qualificationSignalSchema).default([]),
  target_titles: z.array(z.string().max(MAX_NAME_LENGTH)).default([]),
  hits: z.array(matchHitSchema).default([]),
});
export type ValueMatchInput = z.output<typeof valueMatchInputSchema>;
export type ValueMatchInputJson = z.input<typeof valueMatchInputSchema>;

/** What made a span light up, so the UI can say why a word is highlighted. */
export const matchSpanSourceSchema = z.enum(['trigger', 'hypothesis', 'qualification_signal', 'target_title']);

/** Character offsets (UTF-16, end exclusive) into the hit's `title` or `text` as given. */
export const matchSpanSchema = z.object({
  field: z.enum(['title', 'text']),
  start: z.number().int(),
  end: z.number().int(),
  text: z.string(),
  source: matchSpanSourceSchema,
  source_id: z.string(),
});
export type MatchSpan = z.output<typeof matchSpanSchema>;

/** How a phrase was found: every word in order (phrase), all words close together (proximity), one word (word). */
export const PHRASE_MATCH_KINDS = ['phrase', 'proximity', 'word'] as const;
export type PhraseMatchKind = (typeof PHRASE_MATCH_KINDS)[number];

export const matchedTriggerSchema = z.object({
  trigger_id: z.string(),
  name: z.string(),
  hit_type: z.enum(TRIGGER_HIT_TYPES),
  phrase: z.string(),
  kind: z.enum(PHRASE_MATCH_KINDS),
  count: z.number(),
  weight: z.number(),
});
export type MatchedTrigger = z.output<typeof matchedTriggerSchema>;

export const matchEvidenceHitSchema = z.object({
  hit_id: z.string(),
  type: z.enum(MATCH_HIT_TYPES),
  title: z.string(),
  url: z.string().nullable(),
  published_at: z.string(),
  age_days: z.number(),
  recency: z.number(),
  score: z.number(),
  hypothesis_ids: z.array(z.string()),
  triggers: z.array(matchedTriggerSchema),
  target_titles: z.array(z.string()),
  qualification_signal_ids: z.array(z.string()),
  spans: z.array(matchSpanSchema),
});
export type MatchEvidenceHit = z.output<typeof matchEvidenceHitSchema>;

export const matchedHypothesisSchema = z.object({
  hypothesis_id: z.string(),
  name: z.string(),
  tier: z.enum(MATCH_TIERS),
  score: z.number(),
  hit_ids: z.array(z.string()),
});
export type MatchedHypothesis = z.output<typeof matchedHypothesisSchema>;

export const matchedQualificationSignalSchema = z.object({
  qualification_signal_id: z.string(),
  type: z.enum(QUALIFICATION_SIGNAL_TYPES),
  text: z.string(),
  hit_ids: z.array(z.string()),
});

/**
 * What the "why now" paragraph is written from, so each reader's language can write it: the
 * engine writes `why_now` in English from these same facts.
 */
export const whyNowFactsSchema = z.object({
  /** The tier the account shows. */
  tier: z.enum(MATCH_TIERS),
  /** The tier the evidence alone earned, before qualification signals moved it. */
  evidence_tier: z.enum(MATCH_TIERS),
  hypothesis_name: z.string().nullable(),
  top_hit: z
    .object({
      type: z.enum(MATCH_HIT_TYPES),
      title: z.string(),
      published_at: z.string(),
      /** Days between the hit and the moment the match was computed. */
      age_days: z.number(),
      /**
       * The sentence to quote: a job posting's own sentence telling what the company is going
       * through (its event), or, for a Value Match the model reader confirmed, the sentence of
       * the article it quoted. Absent otherwise (a posting of duties alone, news the reader did
       * not confirm or was not asked about) and in results stored before it.
       */
      said: z.string().optional(),
    })
    .nullable(),
  /** The top hit is also the account's newest one. */
  top_hit_is_latest: z.boolean(),
  phrases: z.array(z.string()),
  trigger_names: z.array(z.string()),
  target_titles: z.array(z.string()),
  /** Other hits supporting the same hypothesis. */
  supporting_hits: z.number().int(),
  /** Every hit of the account (Activity Found counts them). */
  activity_hits: z.number().int(),
  good: z.array(z.string()),
  bad: z.array(z.string()),
  unmet_requirements: z.array(z.string()),
});
export type WhyNowFacts = z.output<typeof whyNowFactsSchema>;

export const HELD_BACK_REASONS = ['requirement_unmet', 'bad_signal', 'hiring_only'] as const;
export type HeldBackReason = (typeof HELD_BACK_REASONS)[number];

/** One account's answer: its tier, why, and the evidence to show. */
export const accountMatchSchema = z.object({
  account_id: z.string(),
  tier: z.enum(MATCH_TIERS),
  tier_label: z.string(),
  score: z.number(),
  /** The tier the evidence alone earned, before qualification signals moved it. */
  evidence_tier: z.enum(MATCH_TIERS),
  hypotheses: z.array(matchedHypothesisSchema),
  hits: z.array(matchEvidenceHitSchema),
  qualification: z.object({
    good: z.array(matchedQualificationSignalSchema),
    bad: z.array(matchedQualificationSignalSchema),
    requirements_met: z.array(matchedQualificationSignalSchema),
    requirements_unmet: z.array(matchedQualificationSignalSchema),
  }),
  latest_hit_at: z.string().nullable(),
  /** The hit the why-now line is written from (the lead hypothesis's top hit); always among `hits`. */
  top_hit_id: z.string().nullable(),
  /**
   * Why the account stands below Value Match although its evidence reached it, as codes the
   * service shows in the reader's language (issue 19): an unmet requirement signal, a bad signal,
   * or only hiring for a target title (a reason to reach that person, not evidence of the
   * problem). Results stored before this field read as [].
   */
  held_back: z.array(z.enum(HELD_BACK_REASONS)).default([]),
  why_now: z.string(),
  why_now_facts: whyNowFactsSchema,
});
export type AccountMatch = z.output<typeof accountMatchSchema>;
