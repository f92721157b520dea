/**
 * npm run eval:match — the value-matching engine against the labelled evaluation set.
 *
 * Reads demo-data/value-match/eval/judgements.json (hits labelled match / alignment / none per
 * seller profile, by reading the Wikinews articles; see the README beside it) and the profiles
 * in demo-data/value-match/profiles/ (loading in eval-set.ts). Each hit is scored alone per
 * profile with `now` the day after it was published, so recency does not enter: the labels judge
 * content, not age.
 *
 * Prints, for each half (tuning, held_out), for the engine and beside it a naive baseline
 * (tier_1 when two or more of the profile's trigger phrases occur, tier_2 when one does):
 * tier_1 precision (share of tier_1 labelled match), recall of match into tier_1, and recall of
 * match + alignment into tier_1 + tier_2. Targets (issue 6) apply to the held-out half:
 * precision ≥ 0.85, match recall ≥ 0.75, recall into tier_1 + tier_2 ≥ 0.85. In brackets, the
 * share of `none` labels left in none, which none of the three figures punishes.
 *
 * Flags: --half tuning (or held_out) scores one half only: develop with `--half tuning` and print
 * the held-out half once, at the end. --verbose lists every tuning-half disagreement (never the
 * held-out half's).
 */
import type { MatchHit, MatchTier } from '@quarry/shared';
import {
  baselineTier,
  engineTier,
  figures,
  loadEvalSet,
  noneKept,
  type Outcome,
  type Split,
  TARGETS,
} from './eval-set.ts';

const verbose = process.argv.includes('--verbose');
const halves = halvesToScore(process.argv);

/** Which halves `--half tuning|held_out` asks for; both when the flag is absent. */
function halvesToScore(argv: string[]): Split[] {
  const at = argv.indexOf('--half');
  if (at < 0) return ['tuning', 'held_out'];
  const half = argv[at + 1];
  if (half !== 'tuning' && half !== 'held_out') throw new Error('--half: expected tuning or held_out');
  return [half];
}

const fmt = (x: number) => (Number.isNaN(x) ? ' n/a' : x.toFixed(2));
const mark = (x: number, target: number) => (x >= target ? 'ok' : 'MISSED');

// ---------------------------------------------------------------------------------------------

const { judged: judgedHits, profiles, hits, hitsPerHalf } = loadEvalSet(halves);

type System = 'engine' | 'baseline';
const outcomes = new Map<string, Outcome[]>(); // `${split}:${system}:${profile}`
const push = (key: string, o: Outcome) => {
  const list = outcomes.get(key);
  if (list) list.push(o);
  else outcomes.set(key, [o]);
};
const disagreements: string[] = [];
for (const judged of judgedHits) {
  const hit = hits.get(judged.hit_id) as MatchHit;
  for (const [profileId, input] of profiles) {
    const label = judged.labels[profileId] as Outcome['label'];
    const tiers: Record<System, MatchTier> = { engine: engineTier(input, hit), baseline: baselineTier(input, hit) };
    for (const system of ['engine', 'baseline'] as const) {
      push(`${judged.split}:${system}:${profileId}`, { label, tier: tiers[system] });
      push(`${judged.split}:${system}:all`, { label, tier: tiers[system] });
    }
    const expected = label === 'match' ? 'tier_1' : label === 'alignment' ? 'tier_2' : 'none';
    if (verbose && judged.split === 'tuning' && tiers.engine !== expected) {
      disagreements.push(
        `${profileId.padEnd(15)} label ${label.padEnd(9)} engine ${tiers.engine.padEnd(6)} ${hit.title}`,
      );
    }
  }
}

const hitCount = hitsPerHalf.tuning + hitsPerHalf.held_out;
console.log(
  `evaluation set: ${hitCount} hits x ${profiles.size} seller profiles = ${hitCount * profiles.size} judgements ` +
    `(tuning ${hitsPerHalf.tuning} hits, held_out ${hitsPerHalf.held_out})`,
);
console.log(
  'columns: tier_1 precision | match recall into tier_1 | match+alignment recall into tier_1+tier_2  (counts)  [share of none left in none]',
);
for (const split of halves) {
  console.log(`\n${split}`);
  for (const profile of ['all', ...profiles.keys()]) {
    for (const system of ['engine', 'baseline'] as const) {
      const list = outcomes.get(`${split}:${system}:${profile}`) ?? [];
      const f = figures(list);
      const verdict =
        split === 'held_out' && profile === 'all'
          ? `  precision ${mark(f.precision, TARGETS.precision)}, match recall ${mark(f.matchRecall, TARGETS.matchRecall)}, recall ${mark(f.anyRecall, TARGETS.anyRecall)}`
          : '';
      console.log(
        `  ${profile.padEnd(15)} ${system.padEnd(8)} ${fmt(f.precision)} | ${fmt(f.matchRecall)} | ${fmt(f.anyRecall)}  (${f.counts})  [${fmt(noneKept(list))}]${verdict}`,
      );
    }
  }
}
console.log(
  `\ntargets on held_out (all profiles): precision ≥ ${TARGETS.precision}, match recall ≥ ${TARGETS.matchRecall}, recall into tier_1+tier_2 ≥ ${TARGETS.anyRecall}`,
);
if (verbose) console.log(`\ntuning-half disagreements (label vs engine):\n${disagreements.join('\n')}`);
