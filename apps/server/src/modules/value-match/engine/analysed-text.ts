/**
 * A title or text as the engine reads it. Only words whose stem someone looks for get a slot;
 * every other word is just counted. Slot `s` is the word at `position[s]` (counting every word),
 * `ordinal[s]` among the non-stop words (-1 for a stop word), spanning `start[s]`..`end[s]` in
 * the original string. Phrase matching steps from ordinal to ordinal, so "cost of the goods"
 * has "cost" and "goods" side by side.
 */
export type AnalysedText = {
  wordCount: number;
  /** Non-stop words: the hit's length for BM25. */
  contentCount: number;
  /** stem → its slots, in text order. */
  index: Map<string, number[]>;
  stem: string[];
  position: number[];
  ordinal: number[];
  start: number[];
  end: number[];
};
