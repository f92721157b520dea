/**
 * npm run eval:agreement — how far careful readers agree on the value-match evaluation set, the
 * ceiling any system can reach against one reader's labels.
 *
 * demo-data/value-match/eval/agreement.json holds 120 hits of judgements.json (60 of each half,
 * the first by FNV-1a of `agree:<hit id>`) labelled again, for the three profiles, by two readers
 * (A and B) who saw only the guideline and the articles: not the file's labels, not each other's.
 * For each pair of readers it scores one as if it were a system (match → tier_1, alignment →
 * tier_2, none → none) against the other's labels, with eval:match's three figures, and prints
 * the share of identical labels and Cohen's kappa. `file` is the label in judgements.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { MatchTier } from '@quarry/shared';
import { DEMO_DATA_DIR } from '../apps/server/src/db/seed/demo-data-files.ts';
import { figures, type Judged, type Label, type Outcome, type Split } from './eval-set.ts';

type Labels = Record<string, Label>;
const EVAL_DIR = path.join(DEMO_DATA_DIR, 'value-match', 'eval');
const LABELS: Label[] = ['match', 'alignment', 'none'];
const AS_TIER: Record<Label, MatchTier> = { match: 'tier_1', alignment: 'tier_2', none: 'none' };

const judgements = JSON.parse(fs.readFileSync(path.join(EVAL_DIR, 'judgements.json'), 'utf8')) as {
  profiles: string[];
  hits: Judged[];
};
const agreement = JSON.parse(fs.readFileSync(path.join(EVAL_DIR, 'agreement.json'), 'utf8')) as {
  readers: string[];
  hits: { hit_id: string; labels: Record<string, Labels> }[];
};
const judged = new Map(judgements.hits.map((h) => [h.hit_id, h]));

/** Reader → hit id → labels; `file` is judgements.json's. */
const readers = new Map<string, Map<string, Labels>>([['file', new Map()]]);
for (const name of agreement.readers) readers.set(name, new Map());
for (const hit of agreement.hits) {
  const original = judged.get(hit.hit_id);
  if (!original) throw new Error(`agreement.json: ${hit.hit_id} is not in judgements.json`);
  readers.get('file')?.set(hit.hit_id, original.labels);
  for (const name of agreement.readers) {
    const labels = hit.labels[name];
    if (!labels) throw new Error(`agreement.json: ${hit.hit_id} has no labels by ${name}`);
    readers.get(name)?.set(hit.hit_id, labels);
  }
}

/** Cohen's kappa over pairs of labels: agreement beyond what the two label shares give by chance. */
function kappa(pairs: [Label, Label][]): number {
  const n = pairs.length;
  const observed = pairs.filter(([a, b]) => a === b).length / n;
  const chance = LABELS.reduce(
    (sum, l) => sum + (pairs.filter(([a]) => a === l).length / n) * (pairs.filter(([, b]) => b === l).length / n),
    0,
  );
  return (observed - chance) / (1 - chance);
}

const fmt = (x: number) => (Number.isNaN(x) ? ' n/a' : x.toFixed(2));
const names = [...readers.keys()];
console.log(
  `${agreement.hits.length} hits x ${judgements.profiles.length} profiles, readers: ${names.join(', ')}\n` +
    'columns: tier_1 precision | match recall into tier_1 | match+alignment recall into tier_1+tier_2, reading one reader as the system and the other as the labels',
);
for (const half of ['tuning', 'held_out', 'both'] as (Split | 'both')[]) {
  const ids = agreement.hits.map((h) => h.hit_id).filter((id) => half === 'both' || judged.get(id)?.split === half);
  console.log(`\n${half} (${ids.length} hits)`);
  for (const system of names) {
    for (const reference of names) {
      if (system === reference) continue;
      const outcomes: Outcome[] = [];
      const pairs: [Label, Label][] = [];
      for (const id of ids) {
        for (const profile of judgements.profiles) {
          const said = readers.get(system)?.get(id)?.[profile] as Label;
          const truth = readers.get(reference)?.get(id)?.[profile] as Label;
          outcomes.push({ label: truth, tier: AS_TIER[said] });
          pairs.push([said, truth]);
        }
      }
      const f = figures(outcomes);
      const same = pairs.filter(([a, b]) => a === b).length / pairs.length;
      console.log(
        `  ${system.padEnd(4)} against ${reference.padEnd(4)} ${fmt(f.precision)} | ${fmt(f.matchRecall)} | ${fmt(f.anyRecall)}` +
          `  (${f.counts})  same label ${fmt(same)}, kappa ${fmt(kappa(pairs))}`,
      );
    }
  }
}
