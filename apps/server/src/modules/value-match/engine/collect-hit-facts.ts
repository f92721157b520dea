import { MATCH_HIT_TEXT_MAX, type MatchHit, type PhraseMatchKind } from '@quarry/shared';
import { isAboutAccount, isWordChar, namesAccount } from './account-mention.ts';
import { analyseText } from './analyse-text.ts';
import type { AnalysedText } from './analysed-text.ts';
import type { CompiledPhrase } from './compiled-phrase.ts';
import type { CompiledPreferences } from './compiled-preferences.ts';
import { corroborated, type PlacedWord } from './corroboration.ts';
import { findPhrase } from './find-phrase.ts';
import type { EventPlaces, HitFacts, TriggerFacts } from './hit-facts.ts';
import { isInsideName } from './inside-name.ts';
import { MATCH_WEIGHTS, type MatchWeights } from './match-weights.ts';
import { type PackedSpans, packSpan } from './packed-spans.ts';
import { phraseCorpusShare, phraseNewsShare } from './phrase-commonness.ts';
import type { PhraseOccurrence } from './phrase-occurrence.ts';
import { inDuty, isWrittenAsName, postingPartsOf } from './posting-duties.ts';
import { isSameRole } from './posting-title-fit.ts';
import { readsAsQuantity } from './quantity-particle.ts';
import { isHedgedAt, isHedgedIn, sentenceStarts } from './sentence-index.ts';

type Field = { name: 'title' | 'text'; source: string; analysed: AnalysedText; weight: number };

const KIND_RANK: Record<PhraseMatchKind, number> = { phrase: 2, word: 1, proximity: 0 };

/** Slots come in text order: a phrase is one span from its first word to its last, proximity one per word. */
function pushSpans(out: PackedSpans, field: Field, occurrence: PhraseOccurrence): void {
  const { start: starts, end: ends } = field.analysed;
  const { slots } = occurrence;
  const name = field.name;
  if (occurrence.kind !== 'proximity') {
    packSpan(out, name, starts[slots[0] as number] as number, ends[slots[slots.length - 1] as number] as number);
    return;
  }
  for (const s of slots) packSpan(out, name, starts[s] as number, ends[s] as number);
}

type Found = { field: Field; occurrence: PhraseOccurrence };

/**
 * Whether a phrase of several words is an everyday news phrase ("oil prices", "shut down"), which
 * needs corroboration like a one-word phrase (tier1CommonPhraseShare; phrase-commonness.ts).
 */
function isCommonInNews(phrase: CompiledPhrase, w: MatchWeights): boolean {
  return w.tier1CommonPhraseShare > 0 && phraseNewsShare(phrase) >= w.tier1CommonPhraseShare;
}

/** A phrase's stems as one string, joined once per phrase (hits are read by the hundred thousand). */
const stemKeys = new WeakMap<CompiledPhrase, string>();
function stemKey(phrase: CompiledPhrase): string {
  let key = stemKeys.get(phrase);
  if (key === undefined) {
    key = phrase.stems.join(' ');
    stemKeys.set(phrase, key);
  }
  return key;
}

const NOWHERE: EventPlaces = {
  inTitle: false,
  firstTextAt: Number.POSITIVE_INFINITY,
  assertedTextAt: Number.POSITIVE_INFINITY,
  aboutTextAt: Number.POSITIVE_INFINITY,
  assertedAboutTextAt: Number.POSITIVE_INFINITY,
};

/**
 * Sets each of `triggers`' `corroborated` places from its occurrences that corroboration.ts
 * accepts, read the way collectHitFacts reads the plain ones.
 */
function placeCorroboratedEvents(
  hit: MatchHit,
  triggers: readonly TriggerFacts[],
  names: readonly string[] | null,
  textNamesAccount: boolean,
  events: PlacedWord[],
  eventTrigger: number[],
  requirementWords: PlacedWord[],
): void {
  const starts = sentenceStarts(hit.text);
  const ok = corroborated(hit.text, events, requirementWords, starts);
  const places = triggers.map((): EventPlaces => ({ ...NOWHERE }));
  events.forEach((e, k) => {
    if (!ok[k]) return;
    const t = triggers[eventTrigger[k] as number] as TriggerFacts;
    const p = places[eventTrigger[k] as number] as EventPlaces;
    if (e.field === 'title') {
      p.inTitle = true;
      return;
    }
    const at = e.start;
    p.firstTextAt = Math.min(p.firstTextAt, at);
    if (t.compiled.trigger.hit_type === 'title') return;
    // Only an earlier place can change an answer: later ones need no sentence read.
    if (at >= p.assertedTextAt && at >= p.aboutTextAt && at >= p.assertedAboutTextAt) return;
    const asserted = !isHedgedIn(hit.text, starts, at);
    if (asserted) p.assertedTextAt = Math.min(p.assertedTextAt, at);
    const about = names === null || (textNamesAccount && isAboutAccount(hit.text, at, names));
    if (about) p.aboutTextAt = Math.min(p.aboutTextAt, at);
    if (about && asserted) p.assertedAboutTextAt = Math.min(p.assertedAboutTextAt, at);
  });
  triggers.forEach((t, i) => {
    t.corroborated = places[i] as EventPlaces;
  });
}

/** Where a job posting names its role: the whole headline, and each place the text repeats it. */
type RoleRange = { field: Field['name']; start: number; end: number };

function roleRangesOf(hit: MatchHit): RoleRange[] {
  const ranges: RoleRange[] = [{ field: 'title', start: 0, end: hit.title.length }];
  const role = hit.title.trim().toLowerCase();
  if (!role) return ranges;
  const text = hit.text.toLowerCase();
  for (let at = text.indexOf(role); at >= 0; at = text.indexOf(role, at + role.length)) {
    ranges.push({ field: 'text', start: at, end: at + role.length });
  }
  return ranges;
}

/** Whether an occurrence lies inside the posting's role name ("Talent Acquisition Partner"). */
function inRole(ranges: RoleRange[], field: Field, occurrence: PhraseOccurrence): boolean {
  const start = field.analysed.start[occurrence.slots[0] as number] as number;
  const end = field.analysed.end[occurrence.slots[occurrence.slots.length - 1] as number] as number;
  return ranges.some((r) => r.field === field.name && r.start <= start && end <= r.end);
}
/**
 * Where the hit writes the account's own name ("Air Products & Chemicals is hiring"): a phrase
 * word inside it ("production" ~ "Products") says nothing of what happens to the company.
 * Names are found as account-mention.ts finds them: as written, at word boundaries.
 */
function nameRangesOf(hit: MatchHit): RoleRange[] | null {
  const names = hit.account_names;
  if (!names || names.length === 0) return null;
  const ranges: RoleRange[] = [];
  for (const field of ['title', 'text'] as const) {
    const text = hit[field];
    for (const raw of names) {
      const name = raw.trim();
      if (name.length < 2) continue;
      for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
        if (isWordChar(text[at - 1]) || isWordChar(text[at + name.length])) continue;
        ranges.push({ field, start: at, end: at + name.length });
      }
    }
  }
  return ranges.length > 0 ? ranges : null;
}

/** Whether an occurrence touches one of the ranges (a word of the account's name). */
function touches(ranges: RoleRange[], field: Field, occurrence: PhraseOccurrence): boolean {
  const start = field.analysed.start[occurrence.slots[0] as number] as number;
  const end = field.analysed.end[occurrence.slots[occurrence.slots.length - 1] as number] as number;
  return ranges.some((r) => r.field === field.name && start < r.end && r.start < end);
}

const NO_TRIGGERS: readonly number[] = [];
const NOTHING: Found[] = [];
// Most hits meet no signal, title or term: they share these, so a hundred thousand hits kept
// until the end do not each hold empty Maps. Nothing writes to a hit's facts once collected.
const NO_TERMS: readonly string[] = [];
const NO_TERM_TF: readonly number[] = [];
const NO_SIGNALS: ReadonlyMap<string, PackedSpans> = new Map();
const NO_TITLES: HitFacts['targetTitles'] = [];
const NO_TRIGGERS_MET: TriggerFacts[] = [];

// Scratch space reused hit after hit (the engine is synchronous and reads one hit at a time):
// which triggers may match, and each distinct phrase's occurrences, valid where its stamp is
// the current hit's.
let candidate = new Uint8Array(64);
let foundStamp = new Int32Array(64);
let foundScratch: Found[][] = [];
/** Where a distinct phrase was already counted in `phrasesFound` for the current hit. */
let countedStamp = new Int32Array(64);
let hitStamp = 0;
/**
 * A trigger's spans and a hit's triggers are gathered here and kept as exact-size copies: an
 * array grown by push holds room for 17, and every hit is kept until the end of the run.
 */
const spanScratch: PackedSpans = [];
const triggerScratch: TriggerFacts[] = [];

function resetScratch(triggerCount: number, phraseCount: number): void {
  if (candidate.length < triggerCount) candidate = new Uint8Array(triggerCount * 2);
  else candidate.fill(0, 0, triggerCount);
  if (foundStamp.length < phraseCount) {
    foundStamp = new Int32Array(phraseCount * 2);
    countedStamp = new Int32Array(phraseCount * 2);
    foundScratch = [];
  }
  hitStamp++;
  if (hitStamp === 0x7fffffff) {
    foundStamp.fill(0);
    countedStamp.fill(0);
    hitStamp = 1;
  }
}

/** "taking over US$1 million": a literal phrase whose last word measures the figure after it. */
function isQuantity(field: Field, phrase: CompiledPhrase, occurrence: PhraseOccurrence): boolean {
  const last = occurrence.slots[occurrence.slots.length - 1] as number;
  return readsAsQuantity(phrase.text.trim().split(/\s+/).pop() ?? '', field.source, field.analysed.end[last] as number);
}

function occurrencesIn(fields: Field[], phrase: CompiledPhrase, slack: number): Found[] {
  const first = phrase.stems[0] as string;
  let out = NOTHING;
  for (const field of fields) {
    if (!field.analysed.index.has(first)) continue;
    for (const occurrence of findPhrase(field.analysed, phrase, slack)) {
      if (phrase.literal && isQuantity(field, phrase, occurrence)) continue;
      if (out === NOTHING) out = [];
      out.push({ field, occurrence });
    }
  }
  return out;
}

/** Reads one hit: which triggers, hypothesis terms, qualification clauses and target titles it holds. */
export function collectHitFacts(
  hit: MatchHit,
  preferences: CompiledPreferences,
  w: MatchWeights = MATCH_WEIGHTS,
): HitFacts {
  const fields: Field[] = [
    {
      name: 'title',
      source: hit.title,
      analysed: analyseText(hit.title, MATCH_HIT_TEXT_MAX, preferences.vocabulary),
      weight: w.titleFieldWeight,
    },
    {
      name: 'text',
      source: hit.text,
      analysed: analyseText(hit.text, MATCH_HIT_TEXT_MAX, preferences.vocabulary),
      weight: 1,
    },
  ];
  const length = fields.reduce((sum, field) => sum + field.analysed.contentCount, 0);
  // The account's names, when the caller knows them: which company a sentence of news is about
  // (a job posting is the account's own word about itself, whether or not a sentence names it).
  // Read only when the rule is on (the evaluation reads hits with it on and scores both ways).
  const names =
    w.tier1AboutAccount && hit.type === 'news_article' && hit.account_names && hit.account_names.length > 0
      ? hit.account_names
      : null;
  const titleAboutAccount = names === null || namesAccount(hit.title, names);
  // A text that never names the account has no sentence about it: no sentence need be read.
  const textNamesAccount = names !== null && namesAccount(hit.text, names);

  // Only triggers with a phrase starting on a stem this hit holds can match: found from the
  // hit's own (few) stems rather than by trying every phrase of every trigger.
  const triggerCount = preferences.triggers.length;
  resetScratch(triggerCount, preferences.distinctPhrases);
  // A job posting says whom the company hires, not that something happened: the role's own words
  // name a job, not a topic (only title triggers read them), its duty sentences name the job's
  // domain and place no event, and an event word written as a name ("Best Buy") is none. An
  // event the company tells in its own words ("We are opening a new distribution centre") is
  // news like any other (posting-duties.ts).
  const roleRanges = hit.type === 'job_posting' ? roleRangesOf(hit) : null;
  const nameRanges = w.maskAccountNames && hit.type === 'job_posting' ? nameRangesOf(hit) : null;
  const posting = hit.type === 'job_posting' ? postingPartsOf(hit.text) : null;
  for (const field of fields) {
    for (const stem of field.analysed.index.keys()) {
      for (const t of preferences.triggersByFirstStem.get(stem) ?? NO_TRIGGERS) candidate[t] = 1;
    }
  }
  // Triggers often share a phrase: find each distinct one once per hit.
  triggerScratch.length = 0;
  // Each place a trigger counts from, and which trigger (its slot in triggerScratch) it is, for
  // corroboration.ts; and the requirement clauses' places, which may corroborate them.
  const events: PlacedWord[] = [];
  const eventTrigger: number[] = [];
  const requirementWords: PlacedWord[] = [];
  let phrasesFound = 0;
  for (let t = 0; t < triggerCount; t++) {
    if (candidate[t] === 0) continue;
    const compiled = preferences.triggers[t] as CompiledPreferences['triggers'][number];
    const phraseIds = preferences.triggerPhraseIds[t] as number[];
    let tf = 0;
    let count = 0;
    let best: { phrase: string; kind: PhraseMatchKind; tf: number } | null = null;
    let multiWord = false;
    let corpusShare = 1;
    let inTitle = false;
    let firstTextAt = Number.POSITIVE_INFINITY;
    let assertedTextAt = Number.POSITIVE_INFINITY;
    let aboutTextAt = Number.POSITIVE_INFINITY;
    let assertedAboutTextAt = Number.POSITIVE_INFINITY;
    const readsEvents = compiled.trigger.hit_type !== 'title';
    const readsRole = compiled.trigger.hit_type === 'title';
    spanScratch.length = 0;
    for (let p = 0; p < compiled.phrases.length; p++) {
      const phrase = compiled.phrases[p] as CompiledPhrase;
      const phraseId = phraseIds[p] as number;
      let found: Found[];
      if (foundStamp[phraseId] === hitStamp) found = foundScratch[phraseId] as Found[];
      else {
        found = occurrencesIn(fields, phrase, w.proximitySlack);
        foundScratch[phraseId] = found;
        foundStamp[phraseId] = hitStamp;
      }
      let phraseTf = 0;
      let kind: PhraseMatchKind = 'proximity';
      let keptTitle = 0;
      let keptText = 0;
      // An event phrase written in lower case is never the end of a name in the news ("buy" in
      // "Best Buy"; a posting's names are read below). A category word may be: "China Airlines" is an airline.
      const nameless = !posting && compiled.trigger.hit_type === 'event' && phrase.text === phrase.text.toLowerCase();
      for (const { field, occurrence } of found) {
        if (nameRanges && touches(nameRanges, field, occurrence)) continue;
        if (
          nameless &&
          occurrence.kind !== 'proximity' &&
          isInsideName(
            field.source,
            field.analysed.start[occurrence.slots[0] as number] as number,
            field.analysed.end[occurrence.slots[occurrence.slots.length - 1] as number] as number,
          )
        )
          continue;
        let placeless = false;
        if (roleRanges && !readsRole) {
          if (inRole(roleRanges, field, occurrence)) continue;
          if (posting && field.name === 'text') {
            const at = field.analysed.start[occurrence.slots[0] as number] as number;
            const isEvent = compiled.trigger.hit_type === 'event';
            if (isEvent && isWrittenAsName(posting, at)) continue;
            if (inDuty(posting, at)) {
              if (isEvent) continue;
              placeless = true;
            }
          }
        }
        phraseTf += field.weight * (occurrence.kind === 'proximity' ? w.proximityShare : 1);
        count++;
        if (KIND_RANK[occurrence.kind] > KIND_RANK[kind]) kind = occurrence.kind;
        if (occurrence.kind === 'phrase' && phrase.stems.length > 1) multiWord = true;
        if (!placeless && w.tier1Corroborated && (occurrence.kind !== 'proximity' || w.tier1CountsProximity)) {
          events.push({
            field: field.name,
            start: field.analysed.start[occurrence.slots[0] as number] as number,
            end: field.analysed.end[occurrence.slots[occurrence.slots.length - 1] as number] as number,
            stems: stemKey(phrase),
            selfStanding: occurrence.kind === 'phrase' && phrase.stems.length > 1 && !isCommonInNews(phrase, w),
          });
          eventTrigger.push(triggerScratch.length);
        }
        if (field.name === 'title') inTitle = true;
        else if (!placeless && (occurrence.kind !== 'proximity' || w.tier1CountsProximity)) {
          const at = field.analysed.start[occurrence.slots[0] as number] as number;
          firstTextAt = Math.min(firstTextAt, at);
          // Only the earliest asserted occurrence matters; later ones need no sentence read.
          // Sentences about the account are looked for only when the text names it at all.
          const needAbout = textNamesAccount && at < assertedAboutTextAt;
          if (readsEvents && (at < assertedTextAt || needAbout)) {
            const asserted = !isHedgedAt(field.source, at);
            if (asserted && at < assertedTextAt) assertedTextAt = at;
            if (
              needAbout &&
              names !== null &&
              (at < aboutTextAt || asserted) &&
              isAboutAccount(field.source, at, names)
            ) {
              if (at < aboutTextAt) aboutTextAt = at;
              if (asserted) assertedAboutTextAt = at;
            }
          }
        }
        // A hit shows at most maxSpansPerHit spans: a text repeating a phrase thousands of times
        // must not keep thousands of them.
        const kept = field.name === 'title' ? keptTitle++ : keptText++;
        if (kept < w.maxSpansPerHit) pushSpans(spanScratch, field, occurrence);
      }
      if (phraseTf === 0) continue;
      if (readsEvents && kind !== 'proximity' && countedStamp[phraseId] !== hitStamp) {
        countedStamp[phraseId] = hitStamp;
        phrasesFound++;
      }
      tf += phraseTf;
      corpusShare = Math.min(corpusShare, phraseCorpusShare(phrase));
      if (!best || KIND_RANK[kind] > KIND_RANK[best.kind] || (kind === best.kind && phraseTf > best.tf)) {
        best = { phrase: phrase.text.trim(), kind, tf: phraseTf };
      }
    }
    if (!best) continue;
    const spans = spanScratch.slice();
    triggerScratch.push({
      compiled,
      index: t,
      tf,
      phrase: best.phrase,
      kind: best.kind,
      inTitle,
      firstTextAt,
      assertedTextAt,
      aboutTextAt: names === null ? firstTextAt : aboutTextAt,
      assertedAboutTextAt: names === null ? assertedTextAt : assertedAboutTextAt,
      corroborated: NOWHERE,
      corpusShare,
      multiWord,
      count,
      spans,
    });
  }

  let terms: string[] | null = null;
  let termTf: number[] | null = null;
  for (const field of fields) {
    for (const [stem, slots] of field.analysed.index) {
      if (!preferences.termSet.has(stem)) continue;
      const tf = slots.length * field.weight;
      if (!terms || !termTf) {
        terms = [stem];
        termTf = [tf];
        continue;
      }
      const k = terms.indexOf(stem);
      if (k >= 0) termTf[k] = (termTf[k] as number) + tf;
      else {
        terms.push(stem);
        termTf.push(tf);
      }
    }
  }

  let signals: Map<string, PackedSpans> | null = null;
  for (const { signal, clauses } of preferences.signals) {
    // Good and bad signals tell of the company's situation, which news reports; a posting's
    // stock text ("software and data platforms") says what a role does, not what the company is.
    if (hit.type === 'job_posting' && signal.type !== 'requirement') continue;
    const spans: PackedSpans = [];
    // A requirement describes the company the news is about, so it must stand where news names
    // its subject: the headline or the lead.
    const leadChars = signal.type === 'requirement' ? w.requirementLeadChars : Number.POSITIVE_INFINITY;
    for (const clause of clauses) {
      const found = occurrencesIn(fields, clause, w.qualificationSlack);
      let kept = 0;
      for (const { field, occurrence } of found) {
        if (w.tier1Corroborated && signal.type === 'requirement' && requirementWords.length < w.maxSpansPerHit) {
          requirementWords.push({
            field: field.name,
            start: field.analysed.start[occurrence.slots[0] as number] as number,
            end: field.analysed.end[occurrence.slots[occurrence.slots.length - 1] as number] as number,
            stems: stemKey(clause),
            selfStanding: false,
          });
        }
        if (kept >= w.maxSpansPerHit) break;
        // A posting's role name says what the job is, not what the company is: "Product Marketing
        // Manager" at an insurer met a goods maker's "products".
        if (roleRanges && inRole(roleRanges, field, occurrence)) continue;
        const at = field.analysed.start[occurrence.slots[0] as number] as number;
        if (field.name === 'text' && at >= leadChars) continue;
        // What news says of the company it is about, not of the account: in an article naming the
        // account in passing ("Toys R Us, which lost sales to Amazon, closes its stores"), the
        // stores are Toys R Us's, and meet no signal of Amazon's.
        if (
          names !== null &&
          !(field.name === 'title' ? titleAboutAccount : textNamesAccount && isAboutAccount(field.source, at, names))
        )
          continue;
        pushSpans(spans, field, occurrence);
        kept++;
      }
    }
    if (spans.length > 0) {
      signals ??= new Map();
      signals.set(signal.id, spans);
    }
  }

  const triggers = triggerScratch.length > 0 ? triggerScratch.slice() : NO_TRIGGERS_MET;
  // Until corroboration is read, each trigger's corroborated places are its plain ones: an upper
  // bound (corroboration only takes places away), so a hit that is not tier_1 with them cannot be
  // with the corroborated ones. Sentences are read for corroboration only when scoreHit finds a
  // would-be tier_1 (`corroborate`): most hits never are, and reading every one cost about an
  // eighth of the engine's throughput. (The evaluation reads hits with the rule on and scores both ways.)
  for (const t of triggers) t.corroborated = t;
  const corroborate = events.every((e) => e.selfStanding)
    ? null
    : () => placeCorroboratedEvents(hit, triggers, names, textNamesAccount, events, eventTrigger, requirementWords);

  let targetTitles = NO_TITLES;
  if (hit.type === 'job_posting') {
    const title = fields[0] as Field;
    for (const phrase of preferences.targetTitles) {
      const { start, end } = title.analysed;
      const found = findPhrase(title.analysed, phrase, 0).filter(
        (o) =>
          o.kind !== 'proximity' &&
          isSameRole(
            title.source,
            start[o.slots[0] as number] as number,
            end[o.slots[o.slots.length - 1] as number] as number,
          ),
      );
      if (found.length === 0) continue;
      const spans: PackedSpans = [];
      for (const occurrence of found) pushSpans(spans, title, occurrence);
      if (targetTitles === NO_TITLES) targetTitles = [];
      targetTitles.push({ title: phrase.text.trim(), spans });
    }
  }

  return {
    hit,
    publishedMs: Date.parse(hit.published_at),
    length,
    titleAboutAccount,
    triggers,
    phrasesFound,
    corroborate,
    terms: terms ?? NO_TERMS,
    termTf: termTf ?? NO_TERM_TF,
    signals: signals ?? NO_SIGNALS,
    targetTitles,
  };
}
