import type { MatchHit, PhraseMatchKind } from '@quarry/shared';
import type { CompiledTrigger } from './compiled-preferences.ts';
import type { PackedSpans } from './packed-spans.ts';

/** Where a trigger's event stands: the headline, and its first place in the text by kind of sentence. */
export type EventPlaces = {
  inTitle: boolean;
  firstTextAt: number;
  assertedTextAt: number;
  aboutTextAt: number;
  assertedAboutTextAt: number;
};

export type TriggerFacts = {
  compiled: CompiledTrigger;
  /** The trigger's index in the compiled preferences' `triggers`. */
  index: number;
  /** Mentions, headline ones counted twice and proximity ones at their share. */
  tf: number;
  phrase: string;
  kind: PhraseMatchKind;
  /** Found in the headline: the article is about it. */
  inTitle: boolean;
  /** Where in the text it is first found in order (a character offset); Infinity when never. */
  firstTextAt: number;
  /** Where in the text it is first found in order in a sentence that neither negates nor hedges it. */
  assertedTextAt: number;
  /**
   * The same two offsets counting only sentences about the hit's account (account-mention.ts):
   * equal to firstTextAt and assertedTextAt when the hit names no account.
   */
  aboutTextAt: number;
  assertedAboutTextAt: number;
  /**
   * The same places counting only occurrences a one-word phrase does not stand in alone
   * (corroboration.ts): where tier_1 looks when `tier1Corroborated` is on; the plain places when
   * the hit was read with it off.
   */
  corroborated: EventPlaces;
  /**
   * The corpus share (phrase-commonness.ts) of the most specific of its phrases found: how
   * common in business news at large the words it was found by are.
   */
  corpusShare: number;
  /** Some phrase of two or more words was found in order. */
  multiWord: boolean;
  count: number;
  spans: PackedSpans;
};

/** What one hit says, read once; the analysed words are dropped after this. */
export type HitFacts = {
  hit: MatchHit;
  publishedMs: number;
  /** Non-stop words in headline and text. */
  length: number;
  /**
   * Whether the headline names the hit's account (true when the hit gives no account name): a
   * headline event is the account's only then; a headline without the name ("Carmaker to recall
   * cars") leaves the event to the text's sentences about the account.
   */
  titleAboutAccount: boolean;
  triggers: TriggerFacts[];
  /**
   * Distinct trigger phrases found in order (not by proximity) among the non-title triggers: what
   * the naive phrase count counts, read the engine's way (stemmed words).
   */
  phrasesFound: number;
  /**
   * Reads corroboration (corroboration.ts) into the triggers' `corroborated` places, which until
   * then are the plain ones; null once read, or when every event stands alone. Called by
   * scoreHit only for a hit that would be tier_1 without it.
   */
  corroborate: (() => void) | null;
  /** Hypothesis terms the hit mentions, in the order first met (headline first). */
  terms: readonly string[];
  /** Mentions of terms[k] (headline ones counted twice). Two arrays rather than a Map a hit. */
  termTf: readonly number[];
  /** Qualification signal id → spans that meet it. */
  signals: ReadonlyMap<string, PackedSpans>;
  targetTitles: { title: string; spans: PackedSpans }[];
};
