import { countWords } from './count-words.ts';

/** The shape of the tenant's example emails: how they greet, how they sign off, how long they run. */
export type ExampleStyle = {
  /** The greeting's words without the name ("Hey"), the most common among the examples. */
  greeting: string | null;
  /** The sign-off line without its comma ("Best regards"), the most common among the examples. */
  signOff: string | null;
  /** The median example's length in words. */
  typicalWords: number | null;
};

const KNOWN_GREETING =
  /^(good (?:morning|afternoon|evening)|hi there|hello there|hi|hello|hey|dear|greetings|hiya|howdy|morning)\b/i;
const KNOWN_SIGN_OFF =
  /^(best(?: regards| wishes)?|kind regards|warm(?:est)? regards|regards|cheers|many thanks|thanks(?: again| so much)?|thank you|sincerely|yours(?: sincerely| truly)?|all the best|talk soon|speak soon|take care|warmly|cordially)[\s,.!]*$/i;

export function exampleStyle(examples: readonly string[]): ExampleStyle {
  const greetings: string[] = [];
  const signOffs: string[] = [];
  const lengths: number[] = [];
  for (const example of examples) {
    const lines = example
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l.length > 0);
    if (lines.length === 0) continue;
    lengths.push(countWords(example));
    const greeting = greetingOf(lines[0] ?? '');
    if (greeting) greetings.push(greeting);
    const signOff = signOffOf(lines);
    if (signOff) signOffs.push(signOff);
  }
  return { greeting: mostCommon(greetings), signOff: mostCommon(signOffs), typicalWords: median(lengths) };
}

/** "Hi Anna," gives Hi; "Dear Mr Smith," Dear; "Hallo Anna," (a short line ending in a comma) Hallo. */
function greetingOf(line: string): string | null {
  const known = KNOWN_GREETING.exec(line);
  if (known?.[1]) return known[1];
  const words = line.split(/\s+/);
  if (/,$/.test(line) && words.length >= 2 && words.length <= 4) return (words[0] ?? '').replace(/[,!:]+$/, '') || null;
  return null;
}

/** The closing line among the last four: a known closer, or a short line ending in a comma. */
function signOffOf(lines: string[]): string | null {
  for (let i = lines.length - 1; i >= Math.max(1, lines.length - 4); i--) {
    const line = lines[i] ?? '';
    const short = line.split(/\s+/).length <= 3;
    if (KNOWN_SIGN_OFF.test(line) || (short && /,$/.test(line))) return line.replace(/[\s,.!]+$/, '');
  }
  return null;
}

/** The most frequent value, the first seen on a tie (case-insensitively). */
function mostCommon(values: string[]): string | null {
  const counts = new Map<string, { value: string; count: number }>();
  let best: { value: string; count: number } | null = null;
  for (const value of values) {
    const key = value.toLowerCase();
    const entry = counts.get(key) ?? { value, count: 0 };
    entry.count++;
    counts.set(key, entry);
    if (!best || entry.count > best.count) best = entry;
  }
  return best?.value ?? null;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
}
