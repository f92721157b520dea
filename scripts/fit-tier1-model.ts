/**
 * Fits the tier1 model (apps/server/.../engine/tier1-model.ts) on labelled hits: a logistic
 * regression with an L2 penalty over standardised features, by full-batch gradient descent from
 * zero (deterministic: the same labels give the same model), and its threshold chosen as
 * eval:match chooses a rule point, the highest tier_1 precision among thresholds whose match
 * recall is at least the naive baseline's on the same hits, with recall averaged per profile.
 *
 * Written here rather than taken from a library: the fit is twenty lines, runs only in this
 * script, and needs the penalty and the standardisation that ml-logistic-regression (the
 * maintained choice on npm) does not offer.
 */
import type { MatchTier } from '@quarry/shared';
import { type Tier1Model, tier1Probability } from '../apps/server/src/modules/value-match/engine/tier1-model.ts';
import { figures, type Label } from './eval-set.ts';

export type FitRow = {
  label: Label;
  /**
   * The hit's features (tier1-model.ts), or null when the engine cannot make it tier_1 whatever
   * the model says (no trigger, no counted one, or a requirement not met).
   */
  features: Float64Array | null;
  baseline: MatchTier;
  /** The seller profile the label is for: the threshold must hold up for each one. */
  profileId?: string;
};

const STEPS = 600;
const LEARNING_RATE = 0.5;
const L2 = 0.01;

const ruledIn = (features: Float64Array | null): features is Float64Array => features !== null;

export function fitTier1Model(rows: FitRow[]): Tier1Model {
  const train = rows.filter((r) => ruledIn(r.features));
  const X = train.map((r) => r.features as Float64Array);
  const y = train.map((r) => (r.label === 'match' ? 1 : 0));
  const d = (X[0] as Float64Array).length;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const x of X) for (let i = 0; i < d; i++) mean[i] = (mean[i] as number) + (x[i] as number) / X.length;
  for (const x of X) {
    for (let i = 0; i < d; i++)
      scale[i] = (scale[i] as number) + ((x[i] as number) - (mean[i] as number)) ** 2 / X.length;
  }
  for (let i = 0; i < d; i++) scale[i] = Math.sqrt(scale[i] as number) || 1;
  const Z = X.map((x) => Array.from(x, (v, i) => (v - (mean[i] as number)) / (scale[i] as number)));

  const weights = new Array<number>(d).fill(0);
  let bias = 0;
  for (let step = 0; step < STEPS; step++) {
    const grad = new Array<number>(d).fill(0);
    let gradBias = 0;
    Z.forEach((z, n) => {
      let s = bias;
      for (let i = 0; i < d; i++) s += (z[i] as number) * (weights[i] as number);
      const error = 1 / (1 + Math.exp(-s)) - (y[n] as number);
      gradBias += error;
      for (let i = 0; i < d; i++) grad[i] = (grad[i] as number) + error * (z[i] as number);
    });
    for (let i = 0; i < d; i++) {
      weights[i] =
        (weights[i] as number) - LEARNING_RATE * ((grad[i] as number) / Z.length + L2 * (weights[i] as number));
    }
    bias -= (LEARNING_RATE * gradBias) / Z.length;
  }
  const model: Tier1Model = { mean, scale, weights, bias, threshold: 0.5 };
  return { ...model, threshold: chooseThreshold(rows, model) };
}

/**
 * The threshold: the highest pooled precision among thresholds at which the profiles' match
 * recall, averaged with each profile weighing the same, is at least the baseline's averaged the
 * same way (ties: the lower threshold). With recall pooled over hits, the profiles with most
 * matches decided alone: left out one profile at a time, the others' threshold cut four
 * profiles' recall below the baseline's (tuning half, pooled 0.54 | 0.61 | 0.86; averaged per
 * profile 0.54 | 0.68 | 0.86). When no threshold reaches it, the one that falls least short.
 */
function chooseThreshold(rows: FitRow[], model: Tier1Model): number {
  const groups = new Map<string, number[]>();
  rows.forEach((r, i) => {
    const key = r.profileId ?? '';
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  });
  const baselineRecall = new Map(
    [...groups].map(([key, idx]) => [
      key,
      figures(idx.map((i) => ({ label: rows[i]?.label as Label, tier: rows[i]?.baseline as MatchTier }))).matchRecall,
    ]),
  );
  const p = rows.map((r) => (ruledIn(r.features) ? tier1Probability(model, r.features) : -1));
  let best = 0.5;
  let bestPrecision = -1;
  let fallback = 0.5;
  let fallbackShortfall = Number.POSITIVE_INFINITY;
  for (let t = 5; t <= 95; t++) {
    const threshold = t / 100;
    const tierOf = (i: number): MatchTier => ((p[i] as number) >= threshold ? 'tier_1' : 'none');
    let shortfall = 0;
    let counted = 0;
    for (const [key, idx] of groups) {
      const recall = figures(idx.map((i) => ({ label: rows[i]?.label as Label, tier: tierOf(i) }))).matchRecall;
      const base = baselineRecall.get(key) as number;
      // A profile without matches has no recall to keep.
      if (Number.isNaN(recall) || Number.isNaN(base)) continue;
      shortfall += base - recall;
      counted += 1;
    }
    const meanShortfall = counted > 0 ? shortfall / counted : 0;
    const f = figures(rows.map((r, i) => ({ label: r.label, tier: tierOf(i) })));
    if (meanShortfall <= 1e-9 && f.precision > bestPrecision + 1e-9) {
      bestPrecision = f.precision;
      best = threshold;
    }
    if (meanShortfall < fallbackShortfall - 1e-9) {
      fallbackShortfall = meanShortfall;
      fallback = threshold;
    }
  }
  return bestPrecision >= 0 ? best : fallback;
}
