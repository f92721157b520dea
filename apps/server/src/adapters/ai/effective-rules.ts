/**
 * The email rules a writer can check, read from the free text of the organization's and the
 * user's rules (spec section 6: personal rules override the organization's). Rules it cannot read
 * stay in `organization` and `personal` for the model's prompt.
 */
export type EffectiveRules = {
  /** The most words a body may have, greeting and sign-off included ("under 120 words" is 119). */
  maxWords: number | null;
  /** Words and phrases no subject or body may contain: both levels' together. */
  bannedTerms: string[];
  /** The greeting's words ("Hello"): the writer adds the contact's first name. */
  greeting: string | null;
  /** The sign-off's words ("Cheers"): the writer adds the sender's name below it. */
  signOff: string | null;
  /** Every rule as written, for the model's prompt. */
  organization: string[];
  personal: string[];
};

type LevelRules = { maxWords: number | null; bannedTerms: string[]; greeting: string | null; signOff: string | null };

/** Personal wins over organization for the word limit, greeting and sign-off; banned terms add up. */
export function effectiveRules({
  organization,
  personal,
}: {
  organization: readonly string[];
  personal: readonly string[];
}): EffectiveRules {
  const org = readLevel(organization);
  const own = readLevel(personal);
  const bannedTerms: string[] = [];
  const seen = new Set<string>();
  for (const term of [...org.bannedTerms, ...own.bannedTerms]) {
    const key = term.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    bannedTerms.push(term);
  }
  return {
    maxWords: own.maxWords ?? org.maxWords,
    bannedTerms,
    greeting: own.greeting ?? org.greeting,
    signOff: own.signOff ?? org.signOff,
    organization: [...organization],
    personal: [...personal],
  };
}

/** Within one level the strictest word limit holds, and the last greeting or sign-off named. */
function readLevel(rules: readonly string[]): LevelRules {
  const level: LevelRules = { maxWords: null, bannedTerms: [], greeting: null, signOff: null };
  for (const rule of rules) {
    for (const clause of clausesOf(rule)) {
      const limit = wordLimitIn(clause);
      if (limit !== undefined) {
        if (limit !== null) level.maxWords = level.maxWords === null ? limit : Math.min(level.maxWords, limit);
        continue;
      }
      const banned = bannedTermsIn(clause);
      if (banned) {
        level.bannedTerms.push(...banned);
        continue;
      }
      const greeting = firstLiteral(GREETING, clause);
      if (greeting) {
        level.greeting = greeting;
        continue;
      }
      const signOff = firstLiteral(SIGN_OFF, clause);
      if (signOff) level.signOff = signOff;
    }
  }
  return level;
}

/** "Keep it short; never mention X. Sign off with Y" holds three rules. */
function clausesOf(rule: string): string[] {
  return (
    rule
      .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
      .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
      // No `i` flag: with it \p{Lu} would match lower-case letters too.
      .split(/\s*[;\n]\s*|(?<=[.!?])\s+(?=["'\p{Lu}])|,?\s+and\s+(?=(?:never|don't|do not|avoid|always)\b)/u)
      .map((c) =>
        c
          .trim()
          .replace(/^(?:please|also)\s+/i, '')
          .trim(),
      )
      .filter((c) => c.length > 0)
  );
}

const WORD_LIMITS: { pattern: RegExp; under: boolean }[] = [
  { pattern: /\b(?:under|below|fewer than|less than|shorter than)\s+(\d{1,4})\s+words?\b/i, under: true },
  {
    pattern:
      /\b(?:at most|no more than|not more than|no longer than|max(?:imum)?\.?(?:\s+of)?|up to|within|limit(?:ed)?\s+to|exceed(?:ing)?)\s+(\d{1,4})\s+words?\b/i,
    under: false,
  },
  {
    pattern: /\b(?:never|don't|do not|avoid|not)\b.*?\b(?:more than|longer than|over)\s+(\d{1,4})\s+words?\b/i,
    under: false,
  },
  { pattern: /\b(\d{1,4})\s+words?\s+(?:max(?:imum)?|or (?:less|fewer)|at most|tops)\b/i, under: false },
  { pattern: /\b\d{1,4}\s*(?:-|\u2013|to|and)\s*(\d{1,4})\s+words\b/i, under: false },
];

/** A number, null for a limit on something else (a subject, a sentence), undefined for no limit. */
function wordLimitIn(clause: string): number | null | undefined {
  for (const { pattern, under } of WORD_LIMITS) {
    const match = pattern.exec(clause);
    if (!match) continue;
    if (/\b(?:subject|sentences?|paragraphs?|lines?|bullets?)\b/i.test(clause)) return null;
    const words = Number(match[1]) - (under ? 1 : 0);
    return words >= 1 ? words : null;
  }
  return undefined;
}

const NEGATED =
  /^(?:always\s+)?(?:never|don't|dont|do not|must not|mustn't|should not|shouldn't|we never)\s+(?:ever\s+)?(?:mention|use|say|write|include|reference|refer to|bring up|talk about|discuss|name|start with|open with|begin with|end with|close with|sign off with)\s+(.+)$/i;
const AVOIDED =
  /^(?:always\s+)?avoid\s+(?:(?:mentioning|using|saying|writing|including|referencing|the use of)\s+)?(.+)$/i;

function bannedTermsIn(clause: string): string[] | null {
  const match = NEGATED.exec(clause) ?? AVOIDED.exec(clause);
  if (!match?.[1]) return null;
  const rest = match[1].trim();
  const quoted = [...rest.matchAll(/(?<![\p{L}\p{N}])(?:"([^"]+)"|'([^']+)')(?![\p{L}\p{N}])/gu)]
    .map((m) => (m[1] ?? m[2] ?? '').trim())
    .filter((t) => t.length > 0);
  if (quoted.length > 0) return quoted;
  const terms = rest
    .replace(/[.!?:]+$/, '')
    .replace(
      /\s+(?:by name|at all|ever|in (?:the |any |an |our |your )?(?:emails?|messages?|subject(?: lines?)?|body))$/i,
      '',
    )
    .replace(/^(?:the|any|a|an)\s+(?:words?|phrases?|terms?|expressions?|names?)(?:\s+of)?\s+/i, '')
    .split(/\s*(?:,|;|\/|&|\bor\b|\band\b)\s*/i)
    .map((t) =>
      t
        .replace(/^(?:our|the|any|a|an|their|your|other)\s+/i, '')
        .replace(/[.!?:,]+$/, '')
        .trim(),
    )
    .filter((t) => t.length >= 2 && t.length <= 60 && t.split(/\s+/).length <= 5);
  return terms.length > 0 ? terms : null;
}

const GREETING = [
  /^(?:always\s+)?(?:start|open|begin|greet)(?:\s+(?:each|every|the|all|your|my)?\s*(?:emails?|messages?|them|people|contacts?|prospects?))?\s+(?:with|using|by saying)\s+(?:the\s+greeting\s+)?(.+)$/i,
  /^(?:use\s+)?(.+?)\s+as\s+(?:the|a|my|our)\s+greeting\.?$/i,
  /^greeting\s*:\s*(.+)$/i,
];
const SIGN_OFF = [
  /^(?:always\s+)?(?:sign(?:\s+|-)?off|end|close|finish)(?:\s+(?:each|every|the|all|your|my)?\s*(?:emails?|messages?))?\s+(?:with|using)\s+(?:the\s+sign(?:\s+|-)?off\s+)?(.+)$/i,
  /^(?:use\s+)?(.+?)\s+as\s+(?:the|a|my|our)\s+(?:sign(?:\s+|-)?off|closing)\.?$/i,
  /^(?:sign(?:\s+|-)?off|closing)\s*:\s*(.+)$/i,
];

/** The literal words a greeting or sign-off rule names; null for "End with a question". */
function firstLiteral(patterns: RegExp[], clause: string): string | null {
  for (const pattern of patterns) {
    const value = pattern.exec(clause)?.[1]?.trim();
    if (!value) continue;
    const quoted = /^(?:"([^"]+)"|'([^']+)')/.exec(value);
    let literal = quoted ? (quoted[1] ?? quoted[2] ?? '') : value.replace(/[.!]+$/, '');
    if (
      !quoted &&
      (/^(?:a|an|the|your|my|their|his|her|our|some|one|\d)\b/i.test(literal) ||
        literal.split(/\s+/).length > 4 ||
        /\b(?:question|call|cta|link|name|summary|sentence|line|note|offer|request|greeting|sign-?off)\b/i.test(
          literal,
        ))
    ) {
      continue;
    }
    // "Hi {first_name}" and "Cheers, [my name]": the writer puts the names in itself.
    literal = literal
      .replace(/\s*[{[<][^}\]>]*[}\]>]/g, '')
      .replace(/[\s,;:.!]+$/, '')
      .trim();
    if (literal) return literal;
  }
  return null;
}
