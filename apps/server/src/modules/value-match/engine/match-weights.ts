import type { Tier1Model } from './tier1-model.ts';

/**
 * Every number the engine weighs with, in one place, so a reader can see why a score is what
 * it is. Tuned only on the tuning half of the evaluation set (demo-data/value-match/eval/).
 */
export const MATCH_WEIGHTS = {
  /** BM25 term-frequency saturation and length normalisation. */
  k1: 1.2,
  b: 0.75,
  /**
   * Pseudo-hits without the phrase added to the corpus before idf is taken, so one hit or a
   * handful weigh like a phrase seen in 1 of 100 hits, and idf = 1 means exactly that.
   */
  idfPriorHits: 100,
  idfMax: 1.5,
  /** A word in the headline counts this many times (BM25F-style field weight). */
  titleFieldWeight: 2,
  /** Extra words allowed between a phrase's words for a proximity match. */
  proximitySlack: 4,
  /** A proximity match counts as this share of an in-order phrase match. */
  proximityShare: 0.5,
  /** Multi-word phrases are more specific than one word. */
  multiWordBoost: 1.25,
  hitTypeWeight: { product_and_service: 1, event: 1, concept: 0.8, title: 1 },
  /** How much the hypothesis's own words (coverage 0..1) add to a hit that has a trigger. */
  topicWeight: 2,
  /** A job posting whose title is one of the target titles. */
  targetTitleWeight: 0.5,
  /** Recency: a hit's score halves every this many days. */
  recencyHalfLifeDays: 180,
  /** Good and bad signals are read only in hits at least this recent (weight ≥ this). */
  qualificationMinRecency: 0.25,
  /** Extra words allowed between a qualification clause's words. */
  qualificationSlack: 2,
  /**
   * Issue 19: every threshold and switchable rule below is the point `npm run eval:match` chooses
   * on all profiles' tuning half (each profile's own figures are scored with the point chosen
   * without it): the highest tier_1 precision among points whose match recall is at least the
   * naive phrase count's (tier1Score 1.2; it was 0.3 under the earlier "least shortfall" choice).
   */
  tier1Score: 1.2,
  tier1MinTriggers: 1,
  /**
   * Whether a trigger found only by proximity ("jobs will be cut" for "cut jobs") counts toward
   * tier_1, not just toward the score. Three folds of five chose it in the fourth round, none of
   * five in the fifth (on 905 hits): off.
   */
  tier1CountsProximity: false,
  /** One counted trigger in the headline is enough for tier_1 (the article is about it). */
  tier1HeadlineAlone: true,
  /** tier_1 needs an event trigger among its counted ones: a concept alone is not news. */
  tier1NeedsEvent: true,
  /**
   * Where that event must stand: the headline or the text's first this many characters. The
   * demo's 300 (its Wikinews leads) did not carry over to profiles it was not tuned on; left out
   * one profile at a time, every choice was "anywhere" (Infinity).
   */
  tier1LeadChars: Number.POSITIVE_INFINITY,
  /**
   * When above 0, the lead is the text's first this many sentences instead of tier1LeadChars
   * characters (sentence-index.ts): where a lead ends depends on how a publisher writes, not on
   * a character count fitted to one source. Chosen leaving one profile out (eval:match).
   */
  tier1LeadSentences: 0,
  /**
   * When above 0, a hit holding at least this many distinct counted triggers, one of them an
   * event anywhere in the text, is tier_1 (score permitting) even when no event stands in the
   * lead: several independent signs of the problem in one article. 0 switches the rule off.
   */
  tier1DistinctTriggers: 0,
  /**
   * Whether tier_1's event must be found, in the text, in a sentence that neither negates nor
   * hedges it ("denied it would close the plant", "may cut jobs"; sentence-index.ts). The
   * headline's own hedges are hedged-headline.ts's. Every fold of leave-one-profile-out on the
   * tuning half chose it (tuning 0.41 | 0.82 | 0.88 → 0.43 | 0.81 | 0.88).
   */
  tier1AssertedOnly: true,
  /**
   * Whether tier_1's event must be the account's: found in a sentence that names the account
   * (or says "it" / "the company" right after one that does), or in a headline that names it
   * (account-mention.ts). Applies only to news hits that carry `account_names` (the recompute
   * gives every news hit its account's names; a job posting is the account's own word); an
   * article naming the account in passing while reporting another company's event stays below
   * Value Match. Measured since the attached hits' matches say whose event they report
   * (judgements.json `about_account`: 46 of 127 report another company's, e.g. Toys R Us's news on
   * Amazon): every fold of leave-one-profile-out chooses it (tuning, rules alone: 0.42 | 0.74 |
   * 0.87 without, 0.48 | 0.71 | 0.86 with). The held-out articles and the newer profiles' hits
   * are attached to no account, so there it changes nothing.
   */
  tier1AboutAccount: true,
  /**
   * Whether, in a job posting that carries `account_names`, a phrase found inside the account's
   * own name is left out: "Air Products & Chemicals is looking for…" matched "production" on
   * "Products", and a posting's opening names its company every time. Postings only: in news,
   * measured on the tuning half with every hit's account names, leaving the name out everywhere
   * cost the engine's precision (0.59 → 0.57, the rules' figures moved by one hit).
   */
  maskAccountNames: true,
  /**
   * Whether tier_1's event, when found only by a one-word phrase ("close", "fine", "losses"),
   * must be corroborated by another trigger phrase or a requirement clause in its sentence or
   * the one before or after (corroboration.ts). Phrases of two or more words found in order
   * stand alone. Every fold of leave-one-profile-out on the tuning half chose it, and so does the
   * choice on all tuning labels (pooled, tuning 0.48 | 0.77 | 0.88 → 0.50 | 0.76 | 0.87).
   */
  tier1Corroborated: true,
  /**
   * With tier1Corroborated: a phrase of two or more words found in order stands alone unless it
   * is an everyday news phrase, one whose words stand together in at least this share of general
   * business news articles (phrase-commonness.ts: "oil prices" 1 %, "stock market" 2 %); such a
   * phrase needs corroboration like a one-word one. 0 switches the rule off.
   */
  tier1CommonPhraseShare: 0.004,
  /**
   * Corpus idf as a specificity weight (phrase-commonness.ts `specificity`): in a hit's tier
   * score, a trigger found only by phrases held by more than this share of general business news
   * articles weighs log(1/share) / log(1/this) of its weight ("launch", in 5 % of them: 0.55).
   * 0 switches the weight off. On the first three profiles' tuning half two folds of three chose
   * 0.005 (pooled 0.52 | 0.76 | 0.87 → 0.53 | 0.75 | 0.87: a small effect); once the five newer
   * profiles had a tuning half too (the tenth draw), the choice on all eight profiles' tuning
   * labels is off (left out one at a time, five folds of eight choose a share between 0.005 and
   * 0.02, three choose off): off, as the protocol says (`npm run eval:match`).
   */
  tier1SpecificShare: 0,
  /**
   * Where a requirement must be met: the headline or the text's first this many characters. A
   * requirement names what the company the news is about must be ("makes goods"), so it belongs
   * in the lead. The demo's 600 kept goods makers whose lead names no goods word out of tier_1;
   * left out one profile at a time, every choice was no limit (Infinity).
   */
  requirementLeadChars: Number.POSITIVE_INFINITY,
  tier2Score: 0.3,
  /**
   * The logistic model that weighs each hit the rules make a Value Match, and lowers it to a Value
   * Alignment below its threshold (tier1-model.ts; values in TIER1_FEATURES's order); null leaves
   * tier_1 to the rules alone. Fitted by `npm run eval:match` on all eight profiles' tuning half,
   * which prints the fit and says whether this is it; its threshold keeps the profiles' match
   * recall, averaged per profile, at the baseline's (fit-tier1-model.ts). Left out one profile at
   * a time on the tuning half, the rules alone give 0.51 | 0.72 | 0.87 and the rules with the
   * model 0.59 | 0.67 | 0.87 (226/384) (baseline 0.27 | 0.71 | 0.76). Its strongest weights:
   * against a long article (length) and an event first met deep in the text; for distinct phrases
   * and triggers and an event in the headline.
   */
  tier1Model: {
    mean: [
      2.3883, 1.3779, 0.4008, 4.7411, 4.7192, 4.4676, 1.4342, 0.8497, 0.501, 0.2463, 0.5157, 3.3674, 0.8747, 4.9779,
      1.0438, 0.023, 0, 3.1531,
    ],
    scale: [
      1.0615, 0.6308, 0.4901, 4.1567, 1.8639, 6.078, 0.6648, 0.777, 0.5516, 0.4309, 0.4998, 1.9099, 0.331, 0.7387,
      0.2047, 0.1498, 1, 1.2486,
    ],
    weights: [
      0.1963, 0.0411, 0.3751, 0.2372, 0.2313, -0.2435, -0.259, -0.2445, -0.1017, -0.2952, 0.3335, 0.6331, -0.1186,
      -0.6243, 0.0901, -0.052, 0, 0.1276,
    ],
    bias: 0.079,
    threshold: 0.29,
  } as Tier1Model | null,
  goodSignalBoost: 0.25,
  /**
   * Whether a good qualification signal lifts a Value Alignment into a Value Match (it always
   * lifts Activity Found to a Value Alignment when a trigger was seen, and raises the score). A
   * good signal says the account is the kind the seller wins ("first time, new country"), not
   * that the problem is there: lifted, an article holding a concept trigger and a good signal's
   * words was a Value Match with no event at all ("Inflation in Zimbabwe…" for Polyglot, on
   * "overseas" and "new markets"). Left out one profile at a time on the tuning half, six folds
   * of eight chose not to lift, and so does the choice on every profile's tuning labels (engine
   * 0.54 | 0.68 | 0.86 → 0.58 | 0.67 | 0.86; held-out 0.33 | 0.42 | 0.63 → 0.38 | 0.35 | 0.63).
   */
  goodSignalIntoTier1: false,
  badSignalFactor: 0.5,
  /** An account's score: its best hit plus this share of the next ones. */
  supportShare: 0.25,
  supportHits: 4,
  /** An account lists its best hypotheses and hits, not every one that scored. */
  maxHypotheses: 5,
  maxEvidenceHits: 10,
  maxActivityHits: 3,
  maxSpansPerHit: 40,
} as const;

/** The weights' shape with literal types widened, so an override may say `false` or `2.1`. */
type Widened<T> = T extends boolean
  ? boolean
  : T extends number
    ? number
    : T extends object
      ? { readonly [K in keyof T]: Widened<T[K]> }
      : T;

export type MatchWeights = Widened<typeof MATCH_WEIGHTS>;
