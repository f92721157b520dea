import type { AnalysedText } from './analysed-text.ts';
import type { CompiledPhrase } from './compiled-phrase.ts';
import type { PhraseOccurrence } from './phrase-occurrence.ts';

/** The slot among `slots` (ascending, so `key` ascends too) whose `key` is `wanted`, or -1. */
function slotWith(slots: number[] | undefined, key: number[], wanted: number): number {
  if (!slots) return -1;
  let lo = 0;
  let hi = slots.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const slot = slots[mid] as number;
    const k = key[slot] as number;
    if (k === wanted) return slot;
    if (k < wanted) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Where `phrase` occurs in `doc`: its words in order, stop words skipped ("phrase"); otherwise
 * all its words within `slack` extra words of each other, any order ("proximity"); a one-word
 * phrase is a "word" match. Proximity windows never reuse words of an in-order match.
 */
export function findPhrase(doc: AnalysedText, phrase: CompiledPhrase, slack: number): PhraseOccurrence[] {
  const { stems } = phrase;
  const n = stems.length;
  const first = doc.index.get(stems[0] as string);
  if (!first) return [];
  const found: PhraseOccurrence[] = [];

  if (phrase.literal) {
    for (const s of first) {
      const slots = [s];
      for (let i = 1; i < n; i++) {
        const next = slotWith(doc.index.get(stems[i] as string), doc.position, (doc.position[s] as number) + i);
        if (next < 0) break;
        slots.push(next);
      }
      if (slots.length === n) found.push({ kind: n === 1 ? 'word' : 'phrase', slots });
    }
    return found;
  }
  if (n === 1) {
    for (const s of first) if ((doc.ordinal[s] as number) >= 0) found.push({ kind: 'word', slots: [s] });
    return found;
  }

  const used = new Set<number>();
  for (const s of first) {
    const ordinal = doc.ordinal[s] as number;
    if (ordinal < 0) continue;
    const slots = [s];
    for (let i = 1; i < n; i++) {
      const next = slotWith(doc.index.get(stems[i] as string), doc.ordinal, ordinal + i);
      if (next < 0) break;
      slots.push(next);
    }
    if (slots.length === n) {
      found.push({ kind: 'phrase', slots });
      for (const slot of slots) used.add(slot);
    }
  }
  found.push(...findProximity(doc, stems, slack, used));
  return found;
}

type Item = { ordinal: number; slot: number; key: number };

/** Non-overlapping, left-most windows holding every distinct stem, at most n - 1 + slack words wide. */
function findProximity(doc: AnalysedText, stems: string[], slack: number, used: Set<number>): PhraseOccurrence[] {
  const distinct = [...new Set(stems)];
  const items: Item[] = [];
  for (const [key, stem] of distinct.entries()) {
    const slots = doc.index.get(stem);
    if (!slots) return [];
    for (const slot of slots) {
      const ordinal = doc.ordinal[slot] as number;
      if (ordinal >= 0 && !used.has(slot)) items.push({ ordinal, slot, key });
    }
  }
  items.sort((a, b) => a.ordinal - b.ordinal);
  const maxWidth = stems.length - 1 + slack;
  const counts = new Int32Array(distinct.length);
  const found: PhraseOccurrence[] = [];
  let covered = 0;
  let left = 0;
  for (let right = 0; right < items.length; right++) {
    const item = items[right] as Item;
    counts[item.key] = (counts[item.key] ?? 0) + 1;
    if (counts[item.key] === 1) covered++;
    for (;;) {
      const head = items[left] as Item;
      const redundant = (counts[head.key] ?? 0) > 1;
      if (left < right && (redundant || item.ordinal - head.ordinal > maxWidth)) {
        counts[head.key] = (counts[head.key] ?? 0) - 1;
        if (counts[head.key] === 0) covered--;
        left++;
      } else break;
    }
    if (covered === distinct.length && item.ordinal - (items[left] as Item).ordinal <= maxWidth) {
      found.push({ kind: 'proximity', slots: items.slice(left, right + 1).map((it) => it.slot) });
      counts.fill(0);
      covered = 0;
      left = right + 1;
    }
  }
  return found;
}
