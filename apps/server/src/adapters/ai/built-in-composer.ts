import { FLOW_BODY_MAX, FLOW_SUBJECT_MAX } from '@quarry/shared';
import { type BannedTermMatcher, bannedTermMatcher } from './banned-term-matcher.ts';
import { countWords } from './count-words.ts';
import { type EffectiveRules, effectiveRules } from './effective-rules.ts';
import { type ExampleStyle, exampleStyle } from './example-style.ts';
import { firstName } from './first-name.ts';
import type { MessageContext, MessageWriter, WrittenStep } from './message-writer.ts';
import { plainDate } from './plain-date.ts';

/** Titles longer than this stay out of subjects (they are quoted whole in the body instead). */
const SUBJECT_TITLE_MAX = 90;
/** Without a word-limit rule, a body may run this much longer than the typical example. */
const EXAMPLE_LENGTH_SLACK = 1.25;
const EXAMPLE_LENGTH_FLOOR = 30;
/** Units of this priority or more important are the email's core: the hook, the problem, the ask. */
const CORE_PRIORITY = 2;

/** How the tenant writes, read once per set of rules and examples (a campaign shares one). */
type Voice = {
  rules: EffectiveRules;
  style: ExampleStyle;
  banned: BannedTermMatcher;
  maxWords: number | null;
};

/** The evidence, cleaned to single-line plain text; null where missing or holding a banned term. */
type Facts = {
  account: string | null;
  tenant: string | null;
  sender: string | null;
  firstName: string | null;
  title: string | null;
  industry: string | null;
  problem: string | null;
  value: string | null;
  roi: string | null;
  signal: {
    kind: 'news_article' | 'job_posting';
    title: string | null;
    source: string | null;
    date: string | null;
    /** The sentence of the signal that made the match, short enough to quote whole. */
    quote: string | null;
  } | null;
};

/** Longest sentence of a signal a message quotes. */
const QUOTE_MAX = 200;

/** One sentence or two that stand or fall together: kept whole or left out, never cut. */
type Variant = { text: string; words: number };
/** A point of the email in its variants, best first; lower priority numbers matter more. */
type Unit = { variants: Variant[]; priority: number; paragraph: number };

/**
 * The default writer: offline, deterministic and fast. Writes each step from the account's
 * evidence in plain text, following the rules it can check (word limit, banned terms, greeting,
 * sign-off) and the shape of the example emails. Evidence is quoted as it stands: its characters
 * reach the body unchanged (whitespace aside), and nothing here adds markup.
 */
export function createBuiltInComposer(): MessageWriter {
  let cached: { inputs: VoiceInputs; voice: Voice } | null = null;

  function voiceFor(context: MessageContext): Voice {
    if (cached && sameVoiceInputs(cached.inputs, context)) return cached.voice;
    const rules = effectiveRules(context.rules);
    const style = exampleStyle(context.examples);
    const fromExamples =
      style.typicalWords === null
        ? null
        : Math.max(EXAMPLE_LENGTH_FLOOR, Math.round(style.typicalWords * EXAMPLE_LENGTH_SLACK));
    const voice = {
      rules,
      style,
      banned: bannedTermMatcher(rules.bannedTerms),
      maxWords: rules.maxWords ?? fromExamples,
    };
    // Copies: a caller may change its arrays in place between two calls.
    const inputs = {
      organization: [...context.rules.organization],
      personal: [...context.rules.personal],
      examples: [...context.examples],
    };
    cached = { inputs, voice };
    return voice;
  }

  return {
    name: 'built-in',
    write: async (context) => {
      try {
        return { ok: true, steps: composeSteps(context, voiceFor(context)) };
      } catch (error) {
        // A bug here must leave the message for a person, not crash the flow.
        return { ok: false, reason: 'invalid_output', detail: `The built-in composer failed: ${String(error)}` };
      }
    },
  };
}

function composeSteps(context: MessageContext, voice: Voice): WrittenStep[] {
  const facts = factsOf(context, voice.banned);
  const greeting = greetingLine(facts, voice);
  const signOff = signOffLines(facts, voice);
  const openingSubject = firstTouchSubject(facts, voice.banned);
  let followUps = 0;
  return context.steps.map(({ kind }) => {
    if (kind === 'first_touch') {
      return { subject: openingSubject, body: body(greeting, firstTouchUnits(facts, voice.banned), signOff, voice) };
    }
    if (kind === 'follow_up') {
      const ordinal = followUps++;
      return {
        subject: pickSubject(voice.banned, [`Re: ${openingSubject}`, 'Following up']),
        body: body(greeting, followUpUnits(facts, voice.banned, ordinal), signOff, voice),
      };
    }
    return {
      subject: pickSubject(voice.banned, [
        facts.firstName && `Closing the loop, ${facts.firstName}`,
        'Closing the loop',
        'One last note',
      ]),
      body: body(greeting, breakUpUnits(facts, voice.banned), signOff, voice),
    };
  });
}

function factsOf(context: MessageContext, banned: BannedTermMatcher): Facts {
  const allowed = (text: string | null | undefined): string | null => {
    const plain = text ? clean(text) : '';
    return plain && !banned(plain) ? plain : null;
  };
  const { hypothesis, signal } = context;
  return {
    // A banned account name is written around, never printed.
    account: allowed(context.account.name),
    tenant: allowed(context.tenantName),
    sender: allowed(context.sender.displayName),
    firstName: allowed(firstName(clean(context.contact.name))),
    // "Director, Strategic Accounts" breaks the sentence it stands in ("As Director, Strategic
    // Accounts, you…", "as Director, Strategic Accounts this quarter"): such a title is not said.
    title: sayable(allowed(context.contact.title)),
    industry: allowed(context.account.industry),
    problem: sentence(allowed(hypothesis?.problemOrGoal)),
    value: sentence(allowed(hypothesis?.productValue)),
    roi: sentence(allowed(hypothesis?.roiExplanation)),
    signal: signal && {
      kind: signal.type,
      title: allowed(signal.title),
      source: allowed(signal.sourceName),
      date: plainDate(signal.publishedAt),
      quote: allowed(quotableSentence(signal.excerpt, signal.title)),
    },
  };
}

function firstTouchUnits(f: Facts, banned: BannedTermMatcher): Unit[] {
  const units: Unit[] = [];
  const add = unitAdder(units, banned);
  const s = f.signal;
  const on = s?.date ? ` on ${s.date}` : '';
  if (s?.kind === 'job_posting') {
    // The company posted an opening for a person, not the title itself.
    add(
      0,
      0,
      s.title && f.account && `I saw that ${f.account} posted an opening for ${withArticle(s.title)}${on}.`,
      s.title && f.account && `I saw the ${f.account} job posting for ${withArticle(s.title)}${on}.`,
      s.title && `I saw the job posting "${s.title}"${on}.`,
      s.title && `I saw the job posting "${s.title}".`,
      f.account ? `I saw that ${f.account} is hiring.` : 'I saw that your team is hiring.',
    );
    // What the posting says of the company is why the email is written: quoted as it stands.
    // A quote closes its sentence: "…this year" ran into the next one ("…this year" As a…).
    // The prospect's own news is what makes the email theirs: kept under a word limit before the
    // hypothesis's general words.
    add(0, 1, s.quote && `The posting says: "${sentence(s.quote)}"`);
  } else if (s) {
    const where = s.source ? ` in ${s.source}` : '';
    add(
      0,
      0,
      s.title &&
        `I read "${s.title}"${where}${s.date ? `, published ${s.date},` : ''} and thought of ${f.account ?? 'you'}.`,
      s.title && s.date && `I read "${s.title}" (${s.date}).`,
      s.title && `I read "${s.title}".`,
      `I read the recent news about ${f.account ?? 'your company'}${s.date ? ` from ${s.date}` : ''}.`,
      'I read your recent news.',
    );
    add(0, 1, s.quote && `It reports: "${sentence(s.quote)}"`);
  } else {
    add(
      0,
      0,
      f.account && f.industry && `I have been following ${f.account} and the ${f.industry} market.`,
      f.account && `I have been following ${f.account}.`,
      'I have been meaning to write to you.',
    );
  }
  // The opener has just named the account: the role alone reads better than "VP at Acme" again.
  // Without the problem (left out, or holding a banned word) nothing is said of the reader's part:
  // "you are probably close to this" had pointed at nothing.
  if (f.problem) {
    add(
      0,
      3,
      // The problem in its own words first, then the reader's part in it: after a colon its
      // capital ("…know this well: Recalls, shortages") read as a mistake.
      f.title && `${f.problem} As ${asRole(f.title)}, you may know this well.`,
      `${f.problem} You may know this well.`,
      f.problem,
    );
  }
  // What the sender's company does is core: under a word limit an email had lost it and never
  // said what it sells.
  if (f.value) add(1, 2, introduced(f.tenant ? `How ${f.tenant} helps` : 'How we help', f.value), f.value);
  // Only as a sentence: a worth like "A 2 to 5 percent cut…" alone is a fragment.
  if (f.roi) add(1, 4, introduced('What it is worth', f.roi));
  if (!f.value && !f.roi) {
    add(1, 5, `${f.tenant ? `At ${f.tenant}, we` : 'We'} help teams like yours act on moments like this.`);
  }
  // The ask before what the company does: an email without one asks nothing.
  add(
    2,
    1,
    f.problem || f.value
      ? `Would a 20-minute call next week be useful to see whether this fits ${f.account ?? 'your team'}?`
      : 'Would a short call next week be useful to compare notes?',
    'Would a short call be useful?',
    'Worth a call?',
  );
  return units;
}

function followUpUnits(f: Facts, banned: BannedTermMatcher, ordinal: number): Unit[] {
  const units: Unit[] = [];
  const add = unitAdder(units, banned);
  const title = f.signal?.title;
  if (ordinal === 0) {
    add(
      0,
      0,
      // A posting's title is a role, not a subject: "my note about your opening for an Operations Analyst".
      title &&
        (f.signal?.kind === 'job_posting'
          ? `I wanted to follow up on my note about your opening for ${withArticle(title)}.`
          : `I wanted to follow up on my note about "${title}".`),
      'I wanted to follow up on my last note.',
      'Following up.',
    );
  } else {
    add(0, 0, 'I wanted to follow up once more on my earlier notes.', 'One more note from me.');
  }
  // Alternate which point leads, so a second follow-up does not repeat the first.
  const worth = [f.roi && introduced('One reason it may be worth a look', f.roi)];
  const recap = [
    f.value && introduced(`To recap ${f.tenant ? `how ${f.tenant} helps` : 'how we help'}`, f.value),
    f.value,
  ];
  add(0, 1, ...(ordinal % 2 === 0 ? worth : recap));
  add(1, 3, ...(ordinal % 2 === 0 ? recap : worth));
  if (!f.roi && !f.value && f.problem) add(0, 1, introduced('The reason I wrote', f.problem), f.problem);
  add(
    2,
    2,
    `Is this a priority ${f.title ? `for you as ${asRole(f.title)}` : 'for you'} this quarter, or is someone else ${
      f.account ? `at ${f.account}` : 'on your team'
    } the better person to ask?`,
    'Is this a priority this quarter?',
  );
  return units;
}

function breakUpUnits(f: Facts, banned: BannedTermMatcher): Unit[] {
  const units: Unit[] = [];
  const add = unitAdder(units, banned);
  add(
    0,
    0,
    'I have not heard back, so I will assume the timing is not right and close the loop for now.',
    'I will close the loop for now.',
  );
  add(
    0,
    2,
    f.value &&
      `Should it become a priority${f.account ? ` at ${f.account}` : ''}, here is the short version: ${continuing(f.value)}`,
    'Should it become a priority, just reply to this email.',
  );
  add(1, 1, 'Thank you for your time either way.', 'Thank you.');
  return units;
}

/**
 * Adds a unit with its variants, best first and shorter down the list; variants that are missing
 * or hold a banned term are left out, and a unit with none left is not added.
 */
function unitAdder(units: Unit[], banned: BannedTermMatcher) {
  return (paragraph: number, priority: number, ...candidates: (string | null | undefined | false | '')[]) => {
    const variants: Variant[] = [];
    for (const text of candidates) {
      if (text && !banned(text)) variants.push({ text, words: countWords(text) });
    }
    if (variants.length > 0) units.push({ variants, priority, paragraph });
  };
}

function firstTouchSubject(f: Facts, banned: BannedTermMatcher): string {
  const s = f.signal;
  const title = s?.title && s.title.length <= SUBJECT_TITLE_MAX ? s.title : null;
  return pickSubject(banned, [
    // A posting's subject names the role at the company: "Your … opening" read as if the prospect
    // had applied for it.
    title &&
      (s?.kind === 'job_posting'
        ? f.account
          ? `The "${title}" role at ${f.account}`
          : `The "${title}" role`
        : `Your news: "${title}"`),
    f.account && `An idea for ${f.account}`,
    'A quick idea',
  ]);
}

function pickSubject(banned: BannedTermMatcher, candidates: (string | null | false | '')[]): string {
  for (const subject of candidates) {
    if (subject && subject.length <= FLOW_SUBJECT_MAX && !banned(subject)) return subject;
  }
  return 'Hello';
}

/** "Hello Jane,": the rules' greeting, else the examples', else Hi; one holding a banned term is skipped. */
function greetingLine(f: Facts, { rules, style, banned }: Voice): string | null {
  for (const greeting of [rules.greeting, style.greeting, 'Hi', 'Hello']) {
    if (!greeting || banned(greeting)) continue;
    return `${greeting}${f.firstName ? ` ${f.firstName}` : ''},`;
  }
  return null;
}

/** "Cheers," and the sender's name below it. */
function signOffLines(f: Facts, { rules, style, banned }: Voice): string | null {
  for (const signOff of [rules.signOff, style.signOff, 'Best', 'Thanks']) {
    if (!signOff || banned(signOff)) continue;
    // "Cheers, Rita" already signs: written as given, not as "Cheers, Rita," over "Rita Rep".
    if (namesSender(signOff, f.sender)) return signOff;
    const line = /[,.!]$/.test(signOff) ? signOff : `${signOff},`;
    return f.sender ? `${line}\n${f.sender}` : line;
  }
  return f.sender;
}

/**
 * Fits the units to the word limit and the body's size (greeting and sign-off counted), in whole
 * sentences. The core points (the hook, the problem, the ask) come first in their shortest
 * variants, so all of them fit where any can; then each grows, most important first, to the best
 * variant the room allows; then the other points fill what is left. Paragraphs are apart by a
 * blank line.
 */
function body(greeting: string | null, units: Unit[], signOff: string | null, voice: Voice): string {
  let head = greeting;
  let tail = signOff;
  const limit = voice.maxWords ?? Number.POSITIVE_INFINITY;
  const fixedWords = () => (head ? countWords(head) : 0) + (tail ? countWords(tail) : 0);
  // A limit too small even for the greeting and sign-off: the sender's name goes first, then those.
  if (fixedWords() > limit && tail?.includes('\n')) tail = tail.slice(0, tail.indexOf('\n'));
  if (fixedWords() > limit) head = null;
  if (fixedWords() > limit) tail = null;

  let wordsLeft = limit - fixedWords();
  let charsLeft = FLOW_BODY_MAX - (head?.length ?? 0) - (tail?.length ?? 0) - 4;
  const chosen = new Array<number>(units.length).fill(-1);
  /** Moves unit i to variant v if the room allows the difference. */
  const take = (i: number, v: number): boolean => {
    const unit = units[i] as Unit;
    const next = unit.variants[v] as Variant;
    const now = unit.variants[chosen[i] as number];
    const words = next.words - (now?.words ?? 0);
    const chars = next.text.length - (now ? now.text.length : -2);
    if (words > wordsLeft || chars > charsLeft) return false;
    chosen[i] = v;
    wordsLeft -= words;
    charsLeft -= chars;
    return true;
  };
  const byPriority = units
    .map((_, i) => i)
    .sort((a, b) => (units[a]?.priority ?? 0) - (units[b]?.priority ?? 0) || a - b);
  const core = byPriority.filter((i) => (units[i]?.priority ?? 0) <= CORE_PRIORITY);
  for (const i of core) take(i, (units[i] as Unit).variants.length - 1);
  for (const i of core) {
    for (let v = 0; v < (chosen[i] as number); v++) if (take(i, v)) break;
  }
  for (const i of byPriority) {
    if ((units[i]?.priority ?? 0) <= CORE_PRIORITY) continue;
    for (let v = 0; v < (units[i] as Unit).variants.length; v++) if (take(i, v)) break;
  }
  let text = join(head, units, chosen, tail);
  // Two clean units side by side could still spell a banned phrase: drop the least important.
  for (let n = byPriority.length - 1; n >= 0 && voice.banned(text); n--) {
    chosen[byPriority[n] as number] = -1;
    text = join(head, units, chosen, tail);
  }
  return text;
}

function join(head: string | null, units: Unit[], chosen: number[], tail: string | null): string {
  const paragraphs: string[] = [];
  if (head) paragraphs.push(head);
  let current = -1;
  let text = '';
  for (const [i, unit] of units.entries()) {
    const variant = unit.variants[chosen[i] ?? -1];
    if (!variant) continue;
    if (unit.paragraph !== current) {
      if (text) paragraphs.push(text);
      current = unit.paragraph;
      text = variant.text;
    } else {
      text += ` ${variant.text}`;
    }
  }
  if (text) paragraphs.push(text);
  if (tail) paragraphs.push(tail);
  return paragraphs.join('\n\n');
}

// Control characters would break the plain-text layout; markup characters are kept as they are.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function clean(text: string): string {
  return text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/** Evidence is written as it stands, with a full stop added where it has no closing mark. */
function sentence(text: string | null): string | null {
  if (!text) return null;
  return /[.!?\u2026]["')\]\u201d\u2019]*$/.test(text) ? text : `${text}.`;
}

type VoiceInputs = { organization: string[]; personal: string[]; examples: string[] };

function sameVoiceInputs(a: VoiceInputs, b: MessageContext): boolean {
  return (
    sameStrings(a.organization, b.rules.organization) &&
    sameStrings(a.personal, b.rules.personal) &&
    sameStrings(a.examples, b.examples)
  );
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Roles a company has one of: "As VP Operations", "As Director of Logistics", "As CFO", "As Partner". */
const ONE_PER_COMPANY_WORDS =
  /^(?:chief|head|(?:senior |executive |assistant )?vice president|president|director|managing director|general manager|founder|co-founder|owner|chair(?:man|woman|person)?)\b/i;
const ONE_PER_COMPANY_ACRONYMS = /^(?:C[A-Z]{1,3}O|S?E?VP|AVP|GM|MD)\b/;
/** Acronyms whose first letter is said with a vowel sound: "an HR Manager", "an SDR", "a QA Engineer". */
const VOWEL_SOUNDING_LETTER = /^[AEFHILMNORSX]/;

/**
 * A job title after "As": with "a" or "an" for a role many hold ("As an Account Manager", "As a
 * Systems Administrator", "As an IT Manager"), bare for one a company has one of.
 */
function asRole(title: string): string {
  if (ONE_PER_COMPANY_WORDS.test(title) || ONE_PER_COMPANY_ACRONYMS.test(title) || /^partner$/i.test(title))
    return title;
  return withArticle(title);
}

/** A title a sentence can hold: none with a comma in it. */
function sayable(title: string | null): string | null {
  return title && !title.includes(',') ? title : null;
}

/** Whether a sign-off already names the sender: "Cheers, Rita" for Rita Rep. */
function namesSender(signOff: string, sender: string | null): boolean {
  const first = sender?.trim().split(/\s+/)[0];
  if (!first) return false;
  return new RegExp(`(?<![\\p{L}])${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu').test(signOff);
}

/** A job title with "a" or "an" as it is said: "an Operations Analyst", "an HR Manager", "a Supply Chain Manager". */
function withArticle(title: string): string {
  const acronym = /^\p{Lu}{2,}\b/u.test(title);
  const vowel = acronym ? VOWEL_SOUNDING_LETTER.test(title) : /^(?:[aio]|e(?!u)|u(?!ni|s|ti|k))/i.test(title);
  return `${vowel ? 'an' : 'a'} ${title}`;
}

/**
 * The first sentence of a signal's matched passage, to quote in the email: none when it is too
 * long to quote whole, or only repeats the headline.
 */
function quotableSentence(excerpt: string, title: string): string | null {
  const first =
    clean(excerpt)
      .split(/(?<=[.!?])\s+(?=["“\p{Lu}])/u)[0]
      ?.trim() ?? '';
  if (first.length < 20 || first.length > QUOTE_MAX) return null;
  if (
    clean(title)
      .toLowerCase()
      .startsWith(first.replace(/[.!?]$/, '').toLowerCase())
  )
    return null;
  return first;
}

/**
 * Words a sentence may open with that are never a name: after a colon they continue the sentence
 * in lower case ("What it is worth: a 2 to 5 percent cut", "How we help: we track…"). Any other
 * capitalised first word keeps its capital, as a full sentence after a colon may: it could be a
 * name ("Acme Analytics traces…", "Salesforce data…"), and a name in lower case is a mistake a
 * capital is not.
 */
const SENTENCE_OPENERS = new Set(
  (
    'a an the this that these those our your their its it we they you he she there here ' +
    'every each most many some more fewer less few several all both any no one such ' +
    'when while if after before with without in on for by at from as once since'
  ).split(' '),
);

/**
 * A sentence after a label and a colon when it goes on in lower case there ("What it is worth: a 2
 * to 5 percent cut", "How we help: we track…"); else the sentence on its own, its capital kept: it
 * opens on a name ("Acme traces…", which "How Acme helps:" would say twice) or is complete in
 * itself ("Recalls scoped to the affected lots…", whose capital after a colon read as a mistake).
 */
function introduced(label: string, text: string): string {
  const going = continuing(text);
  return going === text ? text : `${label}: ${going}`;
}

/** A sentence going on after a colon: its first word lower-cased when it is one of SENTENCE_OPENERS. */
function continuing(sentence: string): string {
  const first = /^\p{Lu}\p{Ll}*(?![\p{L}\p{N}'’-])/u.exec(sentence)?.[0];
  if (!first || !SENTENCE_OPENERS.has(first.toLowerCase())) return sentence;
  return first.toLowerCase() + sentence.slice(first.length);
}
