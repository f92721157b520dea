import {
  BANNED,
  GREETING,
  NOT_A_LITERAL_LEAD,
  NOT_A_LITERAL_WORD,
  NOT_THE_BODY,
  SIGN_OFF,
  TERM_ARTICLE,
  TERM_LEAD,
  TERM_SEPARATORS,
  TERM_TAIL,
  WORD_LIMITS,
} from './email-rule-phrasings.ts';

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

/** "Keep it short; never mention X. Sign off with Y" holds three rules, in any of the five languages. */
function clausesOf(rule: string): string[] {
  return (
    foldRule(rule)
      // No `i` flag: with it \p{Lu} would match lower-case letters too.
      .split(
        /\s*[;\n]\s*|(?<=[.!?])\s+(?=["'\p{Lu}])|(?<=。)\s*|,?\s+and\s+(?=(?:never|don't|do not|avoid|always)\b)|,?\s+et\s+(?=ne\b|n'|jamais\b|évit|toujours\b)/u,
      )
      .map((c) =>
        c
          .trim()
          .replace(/^(?:please|also|veuillez|merci de|aussi)\s+/i, '')
          .trim(),
      )
      .filter((c) => c.length > 0)
  );
}

/** Full-width digits and letters as ASCII, every kind of double quote as `"` and single as `'`. */
function foldRule(rule: string): string {
  return rule
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb\u300c\u300d\u300e\u300f]/g, '"');
}

/** A number, null for a limit on something else (a subject, a sentence), undefined for no limit. */
function wordLimitIn(clause: string): number | null | undefined {
  for (const { pattern, under } of WORD_LIMITS) {
    const match = pattern.exec(clause);
    if (!match) continue;
    if (NOT_THE_BODY.test(clause)) return null;
    const words = Number(match[1]) - (under ? 1 : 0);
    return words >= 1 ? words : null;
  }
  return undefined;
}

function bannedTermsIn(clause: string): string[] | null {
  const rest = firstGroup(BANNED, clause);
  if (!rest) return null;
  const quoted = quotedTerms(rest);
  if (quoted.length > 0) return quoted;
  const terms = rest
    .replace(/[.!?:。]+$/, '')
    .replace(TERM_TAIL, '')
    .replace(TERM_LEAD, '')
    .split(TERM_SEPARATORS)
    .map((t) =>
      t
        .replace(TERM_ARTICLE, '')
        .replace(/[.!?:,]+$/, '')
        .trim(),
    )
    .filter((t) => t.length >= 2 && t.length <= 60 && t.split(/\s+/).length <= 5);
  return terms.length > 0 ? terms : null;
}

/**
 * Terms in quotes. A double quote may touch a word ("「競合」を使わない" folds to `"競合"を`); a
 * single quote must not touch a Latin letter, so the apostrophes of "don't" or "l'expression" are
 * not read as quotes.
 */
function quotedTerms(text: string): string[] {
  return [...text.matchAll(/"([^"]+)"|(?<![A-Za-z0-9])'([^']+)'(?![A-Za-z0-9])/g)]
    .map((m) => (m[1] ?? m[2] ?? '').trim())
    .filter((t) => t.length > 0);
}

function firstGroup(patterns: readonly RegExp[], clause: string): string | null {
  for (const pattern of patterns) {
    const value = pattern.exec(clause)?.[1]?.trim();
    if (value) return value;
  }
  return null;
}

/** The literal words a greeting or sign-off rule names; null for "End with a question". */
function firstLiteral(patterns: readonly RegExp[], clause: string): string | null {
  for (const pattern of patterns) {
    const value = pattern.exec(clause)?.[1]?.trim();
    if (!value) continue;
    const quoted = /^(?:"([^"]+)"|'([^']+)')/.exec(value);
    let literal = quoted ? (quoted[1] ?? quoted[2] ?? '').trim() : value.replace(/[.!。]+$/, '');
    if (
      !quoted &&
      (NOT_A_LITERAL_LEAD.test(literal) || literal.split(/\s+/).length > 4 || NOT_A_LITERAL_WORD.test(literal))
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
