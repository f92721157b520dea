import { sentenceOf, sentenceStarts } from './sentence-index.ts';

/**
 * A job posting's sentences fall in two kinds. Duties describe the job — "The role watches for
 * intrusions", "You will manage suppliers and warehouses" — and say what the role works on, never
 * that something happened: every security analyst watches for intrusions. Context says what the
 * company is going through — "We are opening a new distribution centre" — and is news told by the
 * company itself. A duty's words still name the job's domain; only context can hold the event
 * that makes a posting a Value Match.
 *
 * A duty sentence is one whose subject is the job or the candidate. English function words and
 * the generic nouns postings use for the job, never user text.
 */
const DUTY_SUBJECT =
  /^[\s\p{P}]*(?:(?:the|this|our)\s+(?:role|position|job|post|opening|successful\s+candidate|ideal\s+candidate|candidate|hire|person)|in\s+this\s+(?:role|position|job)|you|your|responsibilities|duties|requirements|what\s+you(?:'ll|’ll|\s+will)?\s+do)\b/iu;

/**
 * A sentence about filling the job, whatever its subject: "Acme is looking for a planner to handle
 * recalls", "We are seeking an analyst who…", "hiring a …". Its clauses say what the hire will do.
 * "We are hiring for the new stores we open" names no hire and stays the company's news.
 */
const SEEKS_A_HIRE =
  /\b(?:looking|searching)\s+for\s+(?:a|an|someone|candidates?)\b|\bseek(?:s|ing)?\s+(?:a|an|someone)\b|\bhiring\s+(?:a|an)\b/iu;

/** A posting's text read once: where its sentences start, and its duty sentences as [start, end) pairs. */
export type PostingParts = { text: string; starts: readonly number[]; duties: readonly number[] };

/** Every place after a full stop, question or exclamation mark and white space. */
const AFTER_STOP = /[.!?]["'’”)\]]*\s+/gu;

export function postingPartsOf(text: string): PostingParts {
  const starts = sentenceStarts(text);
  // A duty may open right after an abbreviation that ends a sentence ("in New York, N.Y. The role
  // …"), which the sentence splitter rightly reads as no end in general: every stop is tried.
  const opens = new Set(starts);
  AFTER_STOP.lastIndex = 0;
  for (let m = AFTER_STOP.exec(text); m; m = AFTER_STOP.exec(text)) opens.add(m.index + m[0].length);
  const ordered = [...opens].sort((a, b) => a - b);
  const ranges: number[] = [];
  for (const start of ordered) {
    // To the end of the sentence the splitter sees, which does not stop at "Inc." or "U.S.".
    const end = starts.find((s) => s > start) ?? text.length;
    if (DUTY_SUBJECT.test(text.slice(start, start + 80)) || SEEKS_A_HIRE.test(text.slice(start, end))) {
      ranges.push(start, end);
    }
  }
  return { text, starts, duties: ranges };
}

/** Whether `offset` of the posting's text lies in one of its duty sentences. */
export function inDuty(parts: PostingParts, offset: number): boolean {
  const { duties } = parts;
  for (let i = 0; i < duties.length; i += 2) {
    if ((duties[i] as number) <= offset && offset < (duties[i + 1] as number)) return true;
  }
  return false;
}

const isCapital = (ch: string | undefined): boolean =>
  ch !== undefined && ch !== ch.toLowerCase() && ch === ch.toUpperCase();

/**
 * Whether the word at `offset` is written as a name: with a capital anywhere but at the start of
 * its sentence ("Best Buy is hiring", "Merger Street"), or at the start with a capitalised word
 * after it ("Recall Foods is hiring"). An event word inside a company's or a place's name is no
 * event.
 */
export function isWrittenAsName(parts: PostingParts, offset: number): boolean {
  const { text, starts } = parts;
  if (!isCapital(text[offset])) return false;
  const sentenceStart = starts[sentenceOf(starts, offset)] as number;
  if (/[\p{L}\p{N}]/u.test(text.slice(sentenceStart, offset))) return true;
  const next = /^[\p{L}\p{N}'’-]*\s+(\S)/u.exec(text.slice(offset, offset + 60));
  return isCapital(next?.[1]);
}
