/**
 * npm run cv:match — chooses the engine's tier thresholds by 5-fold cross-validation inside the
 * tuning half of the evaluation set, so the choice is judged on hits it was not chosen on. The
 * held-out half is never loaded.
 *
 * Folds: FNV-1a of `fold:<hit id>` mod 5. For each fold, every point of a small grid over
 * tier1Score, tier2Score and tier1MinTriggers is scored on the other four folds, the best one
 * (the largest worst margin over the three targets, then the largest sum) is applied to the fold
 * left out, and the pooled left-out outcomes give the cross-validated figures. (The grid also
 * covers the lead lengths and whether proximity counts; see GRID.) Then the grid
 * point best on the whole tuning half is printed: that is the one to write into match-weights.ts
 * when the folds agree with it.
 */
import type { MatchTier } from '@quarry/shared';
import type { MatchWeights } from '../apps/server/src/modules/value-match/engine/match-weights.ts';
import {
  engineTier,
  type Figures,
  figures,
  foldOf,
  type Label,
  loadEvalSet,
  type Outcome,
  TARGETS,
} from './eval-set.ts';

const FOLDS = 5;
const GRID = {
  tier1Score: [0.6, 0.9, 1.2],
  tier2Score: [0.3],
  tier1MinTriggers: [1, 2],
  // Every fold of the second round chose these two on; later rounds keep them on.
  tier1HeadlineAlone: [true],
  tier1NeedsEvent: [true],
  tier1LeadChars: [300, 600],
  // The fourth round asks where a requirement must stand, and whether proximity counts.
  requirementLeadChars: [300, 600, 1_000_000_000],
  tier1CountsProximity: [false, true],
};

type Point = Pick<
  MatchWeights,
  | 'tier1Score'
  | 'tier2Score'
  | 'tier1MinTriggers'
  | 'tier1HeadlineAlone'
  | 'tier1NeedsEvent'
  | 'tier1LeadChars'
  | 'requirementLeadChars'
  | 'tier1CountsProximity'
>;
type Row = { fold: number; label: Label; tiers: MatchTier[] };

/** The objective: the worst margin over the three targets first, their sum to break ties. */
function objective(f: Figures): [number, number] {
  const margins = [
    f.precision - TARGETS.precision,
    f.matchRecall - TARGETS.matchRecall,
    f.anyRecall - TARGETS.anyRecall,
  ];
  const safe = margins.map((m) => (Number.isNaN(m) ? -1 : m));
  return [Math.min(...safe), safe.reduce((a, b) => a + b, 0)];
}

function better(a: [number, number], b: [number, number]): boolean {
  return a[0] > b[0] + 1e-9 || (Math.abs(a[0] - b[0]) <= 1e-9 && a[1] > b[1] + 1e-9);
}

/** Every combination of the grid's values. */
function gridPoints(): Point[] {
  let partial: Record<string, unknown>[] = [{}];
  for (const [key, values] of Object.entries(GRID)) {
    partial = partial.flatMap((p) => (values as unknown[]).map((v) => ({ ...p, [key]: v })));
  }
  return partial as Point[];
}
const points = gridPoints();

const { judged, profiles, hits } = loadEvalSet(['tuning']);
const rows: Row[] = [];
for (const j of judged) {
  const hit = hits.get(j.hit_id);
  if (!hit) continue;
  const fold = foldOf(j.hit_id, FOLDS);
  for (const [profileId, input] of profiles) {
    rows.push({
      fold,
      label: j.labels[profileId] as Label,
      tiers: points.map((p) => engineTier(input, hit, p)),
    });
  }
}

const outcomesOf = (subset: Row[], pointIndex: number): Outcome[] =>
  subset.map((r) => ({ label: r.label, tier: r.tiers[pointIndex] as MatchTier }));

function bestPoint(subset: Row[]): number {
  let best = 0;
  let bestScore: [number, number] = [-Infinity, -Infinity];
  points.forEach((_, i) => {
    const score = objective(figures(outcomesOf(subset, i)));
    if (better(score, bestScore)) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

const fmt = (x: number) => (Number.isNaN(x) ? ' n/a' : x.toFixed(2));
const show = (f: Figures) => `${fmt(f.precision)} | ${fmt(f.matchRecall)} | ${fmt(f.anyRecall)}  (${f.counts})`;
const pointText = (p: Point) =>
  Object.entries(p)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');

const pooled: Outcome[] = [];
for (let k = 0; k < FOLDS; k++) {
  const chosen = bestPoint(rows.filter((r) => r.fold !== k));
  const left = rows.filter((r) => r.fold === k);
  pooled.push(...outcomesOf(left, chosen));
  console.log(`fold ${k}: ${left.length} judgements, chose ${pointText(points[chosen] as Point)}`);
}
console.log(`\ncross-validated (tuning half, pooled left-out folds): ${show(figures(pooled))}`);
const whole = bestPoint(rows);
console.log(
  `best on the whole tuning half: ${pointText(points[whole] as Point)}: ${show(figures(outcomesOf(rows, whole)))}`,
);
