import { isHedgedHeadline } from './hedged-headline.ts';
import type { HitFacts } from './hit-facts.ts';
import { sentenceIndexAt } from './sentence-index.ts';

/**
 * Issue 19: whether a Value Match the rules found holds is decided by weighing what the hit shows
 * together, not by one threshold at a time. The rules (score-hit.ts) read every hit and give its
 * tier; a hit they make a Value Match is then weighed on these facts by a logistic model fitted on
 * the labelled evaluation set's tuning half (`npm run eval:match` fits it leaving one seller
 * profile out, and prints the fit on all profiles that match-weights.ts holds). Below the model's
 * threshold the hit is a Value Alignment. Every feature is a fact of the article and the seller's
 * own phrases, never a word list of one market, so it carries to a profile nobody here has read.
 */
export const TIER1_FEATURES = [
  /** Distinct triggers found, job titles aside. */
  'triggers',
  /** Distinct event triggers placed: in the headline, or asserted (and corroborated) in the text. */
  'events',
  'eventInHeadline',
  /** Mentions of the placed events (headline ones counted twice). */
  'eventMentions',
  /** How rare in business news the rarest placed event's phrase is: −log10 of its corpus share. */
  'eventSpecificity',
  /** The sentence the first placed event stands in (0 for the first; 20 when none or later). */
  'firstEventSentence',
  /** Event triggers found in a sentence that neither negates nor hedges them, or in the headline. */
  'assertedEvents',
  /** Triggers found by a phrase of two or more words in order. */
  'multiWordTriggers',
  'conceptTriggers',
  'productTriggers',
  /** Some trigger (not a job title) in the headline. */
  'triggerInHeadline',
  /** Distinct trigger phrases found in order: the naive count, read the engine's way. */
  'phrases',
  'twoPhrases',
  /** log(1 + non-stop words): a long article mentions more in passing. */
  'length',
  /** Qualification signals whose clauses the hit meets. */
  'signalsMet',
  'hedgedHeadline',
  'jobPosting',
  /** The rules' tier score of its best Value Match hypothesis, before recency. */
  'ruleScore',
] as const;

/** What the rules knew of the hit's best Value Match hypothesis (score-hit.ts). */
export type RuleFacts = { strength: number };

export type Tier1Model = {
  /** What each feature is centred on and scaled by before weighing (the fit's mean and spread). */
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  readonly weights: readonly number[];
  readonly bias: number;
  /** A hit is a Value Match from this probability on (chosen with the fit, see eval:match). */
  readonly threshold: number;
};

const FIRST_SENTENCE_CAP = 20;
const PHRASES_CAP = 10;

/**
 * The hit's features in TIER1_FEATURES's order, written into `out`. `eventLike` marks, by trigger
 * index, the triggers that say something happened (scoring-context.ts). Reads corroboration first
 * when it is still unread: the placed events are the corroborated ones.
 */
export function tier1Features(f: HitFacts, eventLike: Uint8Array, rule: RuleFacts, out: Float64Array): Float64Array {
  if (f.corroborate) {
    const corroborate = f.corroborate;
    f.corroborate = null;
    corroborate();
  }
  let triggers = 0;
  let events = 0;
  let eventInHeadline = 0;
  let eventMentions = 0;
  let rarestShare = 1;
  let firstEventAt = Number.POSITIVE_INFINITY;
  let assertedEvents = 0;
  let multiWord = 0;
  let concepts = 0;
  let products = 0;
  let triggerInHeadline = 0;
  for (const t of f.triggers) {
    const type = t.compiled.trigger.hit_type;
    if (type === 'title') continue;
    triggers++;
    if (t.inTitle) triggerInHeadline = 1;
    if (t.multiWord) multiWord++;
    if (type === 'concept') concepts++;
    else if (type === 'product_and_service') products++;
    if (eventLike[t.index] !== 1) continue;
    if (t.inTitle || Number.isFinite(t.assertedTextAt)) assertedEvents++;
    const placed = t.corroborated;
    if (!placed.inTitle && !Number.isFinite(placed.assertedTextAt)) continue;
    events++;
    eventMentions += t.tf;
    if (placed.inTitle) eventInHeadline = 1;
    rarestShare = Math.min(rarestShare, t.corpusShare);
    firstEventAt = Math.min(firstEventAt, placed.assertedTextAt);
  }
  let k = 0;
  out[k++] = triggers;
  out[k++] = events;
  out[k++] = eventInHeadline;
  out[k++] = eventMentions;
  out[k++] = -Math.log10(Math.max(rarestShare, 1e-6));
  out[k++] = Number.isFinite(firstEventAt)
    ? Math.min(FIRST_SENTENCE_CAP, sentenceIndexAt(f.hit.text, firstEventAt))
    : FIRST_SENTENCE_CAP;
  out[k++] = assertedEvents;
  out[k++] = multiWord;
  out[k++] = concepts;
  out[k++] = products;
  out[k++] = triggerInHeadline;
  out[k++] = Math.min(PHRASES_CAP, f.phrasesFound);
  out[k++] = f.phrasesFound >= 2 ? 1 : 0;
  out[k++] = Math.log1p(f.length);
  out[k++] = f.signals.size;
  out[k++] = isHedgedHeadline(f.hit.title) ? 1 : 0;
  out[k++] = f.hit.type === 'job_posting' ? 1 : 0;
  out[k++] = rule.strength;
  return out;
}

/** The model's probability that a hit with these features is a Value Match. */
export function tier1Probability(model: Tier1Model, features: ArrayLike<number>): number {
  let z = model.bias;
  for (let i = 0; i < model.weights.length; i++) {
    z +=
      ((model.weights[i] as number) * ((features[i] as number) - (model.mean[i] as number))) /
      (model.scale[i] as number);
  }
  return 1 / (1 + Math.exp(-z));
}
