import type { PhraseMatchKind } from '@quarry/shared';

/** One place a phrase was found: the slots (see AnalysedText) of the words to highlight. */
export type PhraseOccurrence = { kind: PhraseMatchKind; slots: number[] };
