import { MATCH_HIT_TEXT_MAX, type MatchHit, type MatchSpan, type PhraseMatchKind } from '@quarry/shared';
import { analyseText } from './analyse-text.ts';
import type { AnalysedText } from './analysed-text.ts';
import type { CompiledPhrase } from './compiled-phrase.ts';
import type { CompiledPreferences } from './compiled-preferences.ts';
import { findPhrase } from './find-phrase.ts';
import type { HitFacts, SpanRange, TriggerFacts } from './hit-facts.ts';
import { MATCH_WEIGHTS } from './match-weights.ts';
import type { PhraseOccurrence } from './phrase-occurrence.ts';

type Field = { name: 'title' | 'text'; source: string; analysed: AnalysedText; weight: number };

const KIND_RANK: Record<PhraseMatchKind, number> = { phrase: 2, word: 1, proximity: 0 };

/** Slots come in text order: a phrase is one span from its first word to its last, proximity one per word. */
function spansOf(
  field: Field,
  occurrence: PhraseOccurrence,
  source: MatchSpan['source'],
  sourceId: string,
): SpanRange[] {
  const { start: starts, end: ends } = field.analysed;
  const { slots } = occurrence;
  const name = field.name;
  if (occurrence.kind !== 'proximity') {
    const start = starts[slots[0] as number] as number;
    const end = ends[slots[slots.length - 1] as number] as number;
    return [{ field: name, start, end, source, source_id: sourceId }];
  }
  const out: SpanRange[] = [];
  for (const s of slots)
    out.push({ field: name, start: starts[s] as number, end: ends[s] as number, source, source_id: sourceId });
  return out;
}

type Found = { field: Field; occurrence: PhraseOccurrence };
const NO_TRIGGERS: readonly number[] = [];
const NOTHING: Found[] = [];

function occurrencesIn(fields: Field[], phrase: CompiledPhrase, slack: number): Found[] {
  const first = phrase.stems[0] as string;
  let out = NOTHING;
  for (const field of fields) {
    if (!field.analysed.index.has(first)) continue;
    for (const occurrence of findPhrase(field.analysed, phrase, slack)) {
      if (out === NOTHING) out = [];
      out.push({ field, occurrence });
    }
  }
  return out;
}

/** Reads one hit: which triggers, hypothesis terms, qualification clauses and target titles it holds. */
export function collectHitFacts(hit: MatchHit, preferences: CompiledPreferences): HitFacts {
  const w = MATCH_WEIGHTS;
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

  // Only triggers with a phrase starting on a stem this hit holds can match: found from the
  // hit's own (few) stems rather than by trying every phrase of every trigger.
  const candidates = new Set<number>();
  for (const field of fields) {
    for (const stem of field.analysed.index.keys()) {
      for (const t of preferences.triggersByFirstStem.get(stem) ?? NO_TRIGGERS) candidates.add(t);
    }
  }
  // Triggers often share a phrase: find each distinct one once per hit.
  const foundByPhrase = new Map<string, Found[]>();
  const foundOnce = (phrase: CompiledPhrase): Found[] => {
    const key = `${phrase.literal ? 'literal' : 'stems'}:${phrase.stems.join(' ')}`;
    let found = foundByPhrase.get(key);
    if (!found) {
      found = occurrencesIn(fields, phrase, w.proximitySlack);
      foundByPhrase.set(key, found);
    }
    return found;
  };
  const triggers: TriggerFacts[] = [];
  for (const t of [...candidates].sort((a, b) => a - b)) {
    const compiled = preferences.triggers[t] as CompiledPreferences['triggers'][number];
    let tf = 0;
    let count = 0;
    let best: { phrase: string; kind: PhraseMatchKind; tf: number } | null = null;
    let multiWord = false;
    let inTitle = false;
    const spans: SpanRange[] = [];
    for (const phrase of compiled.phrases) {
      let phraseTf = 0;
      let kind: PhraseMatchKind = 'proximity';
      const kept = { title: 0, text: 0 };
      for (const { field, occurrence } of foundOnce(phrase)) {
        phraseTf += field.weight * (occurrence.kind === 'proximity' ? w.proximityShare : 1);
        count++;
        if (KIND_RANK[occurrence.kind] > KIND_RANK[kind]) kind = occurrence.kind;
        if (occurrence.kind === 'phrase' && phrase.stems.length > 1) multiWord = true;
        if (field.name === 'title') inTitle = true;
        // A hit shows at most maxSpansPerHit spans: a text repeating a phrase thousands of times
        // must not keep thousands of them.
        if (kept[field.name]++ < w.maxSpansPerHit)
          spans.push(...spansOf(field, occurrence, 'trigger', compiled.trigger.id));
      }
      if (phraseTf === 0) continue;
      tf += phraseTf;
      if (!best || KIND_RANK[kind] > KIND_RANK[best.kind] || (kind === best.kind && phraseTf > best.tf)) {
        best = { phrase: phrase.text.trim(), kind, tf: phraseTf };
      }
    }
    if (best) triggers.push({ compiled, tf, phrase: best.phrase, kind: best.kind, inTitle, multiWord, count, spans });
  }

  const termTf = new Map<string, number>();
  for (const field of fields) {
    for (const [stem, slots] of field.analysed.index) {
      if (!preferences.termSet.has(stem)) continue;
      termTf.set(stem, (termTf.get(stem) ?? 0) + slots.length * field.weight);
    }
  }

  const signals = new Map<string, SpanRange[]>();
  for (const { signal, clauses } of preferences.signals) {
    const spans = clauses.flatMap((clause) =>
      occurrencesIn(fields, clause, w.qualificationSlack)
        .slice(0, w.maxSpansPerHit)
        .flatMap(({ field, occurrence }) => spansOf(field, occurrence, 'qualification_signal', signal.id)),
    );
    if (spans.length > 0) signals.set(signal.id, spans);
  }

  const targetTitles: HitFacts['targetTitles'] = [];
  if (hit.type === 'job_posting') {
    const title = fields[0] as Field;
    for (const phrase of preferences.targetTitles) {
      const found = findPhrase(title.analysed, phrase, 0).filter((o) => o.kind !== 'proximity');
      if (found.length === 0) continue;
      targetTitles.push({
        title: phrase.text.trim(),
        spans: found.flatMap((o) => spansOf(title, o, 'target_title', phrase.text.trim())),
      });
    }
  }

  return { hit, publishedMs: Date.parse(hit.published_at), length, triggers, termTf, signals, targetTitles };
}
