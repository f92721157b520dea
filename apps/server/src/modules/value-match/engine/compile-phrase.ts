import { analyseText } from './analyse-text.ts';
import type { CompiledPhrase } from './compiled-phrase.ts';

/**
 * Turns user text into stems. It is never turned into a pattern: ".*" or "(" have no words and
 * so match nothing; "C++" is the word "c".
 */
export function compilePhrase(text: string, dropStems: ReadonlySet<string> = new Set()): CompiledPhrase | null {
  const analysed = analyseText(text);
  // Unindexed, every word has a slot, in order.
  const content = analysed.stem.filter((stem, slot) => (analysed.ordinal[slot] as number) >= 0 && !dropStems.has(stem));
  if (content.length > 0) return { text, stems: content, stopWordsOnly: false };
  if (analysed.wordCount > 0 && analysed.contentCount === 0) return { text, stems: analysed.stem, stopWordsOnly: true };
  return null;
}
