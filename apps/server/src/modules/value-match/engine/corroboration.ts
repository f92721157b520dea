import { sentenceOf, sentenceStarts } from './sentence-index.ts';

/**
 * Whether a trigger's word is used as the profile means it (issue 19). A customer writes broad
 * one-word phrases ("close", "fine", "launches", "losses"); alone, such a word is as often about
 * a country, a market or a sports match as about a company's event. A phrase of two or more
 * words found in order ("plant closure", "net loss") says what it means by itself. A one-word
 * phrase is corroborated when, in its own sentence or the one before or after (the headline
 * counting as the sentence before the text's first), the article also holds another of the
 * profile's trigger phrases or one of its requirement clauses ("close" beside "plant" or
 * "stores", "losses" beside "airline"): the profile's own words say what the word is about.
 */
export type PlacedWord = {
  field: 'title' | 'text';
  start: number;
  end: number;
  /** The phrase's or requirement clause's stems, joined: the same words again corroborate nothing. */
  stems: string;
  /** A phrase of two or more words found in order: corroborated by itself. */
  selfStanding: boolean;
};

/**
 * For each of `events` (trigger occurrences), whether it is corroborated, by another of the
 * events or by one of `others` (requirement clauses). `text` is the hit's text; the headline is
 * one sentence, numbered -1.
 */
export function corroborated(
  text: string,
  events: readonly PlacedWord[],
  others: readonly PlacedWord[],
  starts: readonly number[] = sentenceStarts(text),
): boolean[] {
  const out = events.map((e) => e.selfStanding);
  if (out.every(Boolean)) return out;
  const sentenceOfWord = (w: PlacedWord) => (w.field === 'title' ? -1 : sentenceOf(starts, w.start));
  const eventSentences = events.map(sentenceOfWord);
  const otherSentences = others.map(sentenceOfWord);
  // Other words, not the same phrase again nor a clause with the same stems (a requirement clause
  // "launch" beside the trigger "launches"), nor other words read on the same place, in the
  // sentence or the one before or after.
  const corroborates = (e: PlacedWord, s: number, o: PlacedWord, os: number) =>
    Math.abs(os - s) <= 1 && o.stems !== e.stems && !(o.field === e.field && o.start < e.end && e.start < o.end);
  for (let i = 0; i < events.length; i++) {
    if (out[i]) continue;
    const e = events[i] as PlacedWord;
    const s = eventSentences[i] as number;
    let found = false;
    for (let k = 0; k < events.length && !found; k++) {
      found = k !== i && corroborates(e, s, events[k] as PlacedWord, eventSentences[k] as number);
    }
    for (let k = 0; k < others.length && !found; k++) {
      found = corroborates(e, s, others[k] as PlacedWord, otherSentences[k] as number);
    }
    out[i] = found;
  }
  return out;
}
