import type { MatchEvidenceHit, MatchSpan } from '@quarry/shared';
import { bm25TermFrequency } from './bm25-term-frequency.ts';
import { byId } from './by-id.ts';
import type { SpanRange } from './packed-spans.ts';
import { unpackSpans } from './packed-spans.ts';
import { roundScore } from './round-score.ts';
import type { ScoredHit } from './scored-hit.ts';
import type { ScoringContext } from './scoring-context.ts';
import { sortSmall } from './sort-small.ts';

/** The hypotheses a hit supports, strongest first. */
function hypothesisIdsOf(ctx: ScoringContext, s: ScoredHit): string[] {
  const supported: { id: string; score: number }[] = [];
  const base = s.row * ctx.hypothesisCount;
  for (let i = 0; i < ctx.hypothesisCount; i++) {
    const score = ctx.scores[base + i] as number;
    if (score > 0) supported.push({ id: ctx.preferences.hypotheses[i]?.hypothesis.id as string, score });
  }
  return sortSmall(supported, (a, b) => b.score - a.score || byId(a.id, b.id))
    .slice(0, ctx.w.maxHypotheses)
    .map((x) => x.id);
}

/** A hit as an account's evidence shows it: its triggers, hypotheses and highlighted spans. */
export function evidenceHit(ctx: ScoringContext, s: ScoredHit): MatchEvidenceHit {
  const { w } = ctx;
  const f = s.facts;
  const ranges: SpanRange[] = [];
  for (const t of f.triggers) unpackSpans(t.spans, 'trigger', t.compiled.trigger.id, ranges);
  for (const t of f.targetTitles) unpackSpans(t.spans, 'target_title', t.title, ranges);
  for (const [signalId, signalSpans] of f.signals) unpackSpans(signalSpans, 'qualification_signal', signalId, ranges);
  const spans: MatchSpan[] = sortSmall(
    ranges,
    (a, b) => byId(b.field, a.field) || a.start - b.start || a.end - b.end || byId(a.source_id, b.source_id),
  )
    .slice(0, w.maxSpansPerHit)
    .map((range) => ({
      field: range.field,
      start: range.start,
      end: range.end,
      source: range.source,
      source_id: range.source_id,
      text: (range.field === 'title' ? f.hit.title : f.hit.text).slice(range.start, range.end),
    }));
  return {
    hit_id: f.hit.id,
    type: f.hit.type,
    title: f.hit.title,
    url: f.hit.url ?? null,
    published_at: f.hit.published_at,
    age_days: roundScore(s.ageDays),
    recency: roundScore(s.recency),
    score: roundScore(s.best),
    hypothesis_ids: hypothesisIdsOf(ctx, s),
    triggers: f.triggers.map((t) => ({
      trigger_id: t.compiled.trigger.id,
      name: t.compiled.trigger.name,
      hit_type: t.compiled.trigger.hit_type,
      phrase: t.phrase,
      kind: t.kind,
      count: t.count,
      weight: roundScore(bm25TermFrequency(t.tf, f.length, ctx.averageLength, w.k1, w.b)),
    })),
    target_titles: f.targetTitles.map((t) => t.title),
    qualification_signal_ids: [...f.signals.keys()],
    spans,
  };
}
