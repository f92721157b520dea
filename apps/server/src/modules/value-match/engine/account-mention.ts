import { sentenceBoundsAt } from './sentence-index.ts';

/**
 * Which company a sentence is about: whether it names the hit's account (one of the names the
 * caller gives: its name, short name or aliases), or refers back to it with a pronoun or "the
 * company" right after a sentence that names it. An event found in a sentence about another
 * company that the same article mentions is not the account's event.
 *
 * Names are the caller's text and are never made into a pattern: found with indexOf, at word
 * boundaries, written with a capital as a name is (a lower-case "apple" is fruit).
 */
export function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}&]/u.test(ch);
}

/** Whether `text[from, to)` names one of `names`. */
export function namesAccount(text: string, names: readonly string[], from = 0, to = text.length): boolean {
  for (const raw of names) {
    const name = raw.trim();
    if (name.length < 2) continue;
    for (let at = text.indexOf(name, from); at >= 0 && at + name.length <= to; at = text.indexOf(name, at + 1)) {
      if (!isWordChar(text[at - 1]) && !isWordChar(text[at + name.length])) return true;
    }
  }
  return false;
}

/**
 * A sentence that continues about the company the sentence before named: a third-person
 * pronoun or a definite description of a business as its subject ("It will close…", "The
 * company said…"). English function words, never user text.
 */
const REFERS_BACK = /^\W*(?:(?:it|its|they|their|the (?:company|firm|group|business|corporation))\b)/i;

/** Whether the sentence of `offset` in `text` is about the account named by `names`. */
export function isAboutAccount(text: string, offset: number, names: readonly string[]): boolean {
  const { previous, start, end } = sentenceBoundsAt(text, offset);
  if (namesAccount(text, names, start, end)) return true;
  return start > previous && REFERS_BACK.test(text.slice(start, end)) && namesAccount(text, names, previous, start);
}
