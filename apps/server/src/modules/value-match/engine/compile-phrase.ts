import { analyseText } from './analyse-text.ts';
import type { CompiledPhrase } from './compiled-phrase.ts';

/**
 * Turns user text into stems. It is never turned into a pattern: ".*" or "(" have no words and
 * so match nothing; "C++" is the word "c". Stop words are skipped ("cost of goods" finds "cost
 * of the goods") unless that would leave one word of several: "out of stock" must not match
 * every "stock", so it, like "IT", is matched word for word.
 */
export function compilePhrase(text: string, dropStems: ReadonlySet<string> = new Set()): CompiledPhrase | null {
  const analysed = analyseText(text);
  // Unindexed, every word has a slot, in order.
  const content = analysed.stem.filter((stem, slot) => (analysed.ordinal[slot] as number) >= 0 && !dropStems.has(stem));
  const hadStopWords = analysed.contentCount < analysed.wordCount;
  if (content.length > 1 || (content.length === 1 && !hadStopWords)) return { text, stems: content, literal: false };
  if (analysed.wordCount > 0 && (content.length === 1 || analysed.contentCount === 0)) {
    return { text, stems: analysed.stem, literal: true };
  }
  return null;
}
