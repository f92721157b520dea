import type { QualificationSignal, Trigger, ValueHypothesis } from '@quarry/shared';
import type { CompiledPhrase } from './compiled-phrase.ts';

export type CompiledTrigger = { trigger: Trigger; phrases: CompiledPhrase[] };
export type CompiledHypothesis = { hypothesis: ValueHypothesis; terms: string[] };
export type CompiledSignal = { signal: QualificationSignal; clauses: CompiledPhrase[] };

/** A tenant's preferences turned into stems once, before any hit is read. */
export type CompiledPreferences = {
  triggers: CompiledTrigger[];
  /** triggerPhraseIds[t][p]: the id of trigger t's phrase p; phrases with the same stems share one. */
  triggerPhraseIds: number[][];
  /** How many distinct trigger phrases there are (ids run 0 .. distinctPhrases - 1). */
  distinctPhrases: number;
  hypotheses: CompiledHypothesis[];
  /** Every hypothesis term, to count in each hit. */
  terms: string[];
  termSet: Set<string>;
  signals: CompiledSignal[];
  targetTitles: CompiledPhrase[];
  /** First stem of each trigger phrase → indices into `triggers` of the triggers it may start. */
  triggersByFirstStem: Map<string, number[]>;
  /** Every stem any of the above looks for: the only ones worth indexing in a hit. */
  vocabulary: Set<string>;
};
