/**
 * npm run eval:match — the value-matching engine against the labelled evaluation set.
 *
 * Reads demo-data/value-match/eval/judgements.json (hits labelled match / alignment / none per
 * seller profile, by reading the Wikinews articles; see the README beside it) and the profiles
 * in demo-data/value-match/profiles/. Each hit is rebuilt from demo-data/ the way the demo seed
 * attaches articles to accounts, then scored alone per profile with `now` the day after it was
 * published, so recency does not enter: the labels judge content, not age.
 *
 * Prints, for each half (tuning, held_out), for the engine and beside it a naive baseline
 * (tier_1 when two or more of the profile's trigger phrases occur, tier_2 when one does):
 * tier_1 precision (share of tier_1 labelled match), recall of match into tier_1, and recall of
 * match + alignment into tier_1 + tier_2. Targets (issue 6) apply to the held-out half:
 * precision ≥ 0.85, match recall ≥ 0.75, recall into tier_1 + tier_2 ≥ 0.85.
 *
 * Flags: --half tuning (or held_out) scores one half only: develop with `--half tuning` and print
 * the held-out half once, at the end. --verbose lists every tuning-half disagreement (never the
 * held-out half's).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type MatchHit, type MatchTier, type ValueMatchInput, valueMatchInputSchema } from '@quarry/shared';
import {
  buildDemoAccounts,
  DEMO_DATA_DIR,
  matchArticlesToAccounts,
  parseWikinewsCsv,
} from '../apps/server/src/db/seed/demo-accounts.ts';
import { matchAccounts } from '../apps/server/src/modules/value-match/engine/match-accounts.ts';

type Label = 'match' | 'alignment' | 'none';
type Split = 'tuning' | 'held_out';
type Judged = { hit_id: string; split: Split; labels: Record<string, Label> };
type Outcome = { label: Label; tier: MatchTier };

const EVAL_DIR = path.join(DEMO_DATA_DIR, 'value-match');
const TARGETS = { precision: 0.85, matchRecall: 0.75, anyRecall: 0.85 };
const DAY_MS = 86_400_000;
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

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const splitOf = (hitId: string): Split => (fnv1a(`split:${hitId}`) % 2 === 0 ? 'tuning' : 'held_out');

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
}

/** The baseline: distinct trigger phrases found as whole words, case-insensitive, no stemming. */
function baselineTier(input: ValueMatchInput, hit: MatchHit): MatchTier {
  const text = `${hit.title}\n${hit.text}`.toLowerCase();
  let found = 0;
  for (const trigger of input.triggers) {
    if (!trigger.enabled) continue;
    for (const raw of trigger.phrases) {
      const phrase = raw.trim().toLowerCase();
      if (!phrase) continue;
      for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
        if (!isWordChar(text[at - 1]) && !isWordChar(text[at + phrase.length])) {
          found++;
          break;
        }
      }
    }
  }
  return found >= 2 ? 'tier_1' : found === 1 ? 'tier_2' : 'none';
}

function engineTier(input: ValueMatchInput, hit: MatchHit): MatchTier {
  const now = Date.parse(hit.published_at) + DAY_MS;
  return matchAccounts({ ...input, hits: [hit] }, { now })[0]?.tier ?? 'none';
}

type Figures = { precision: number; matchRecall: number; anyRecall: number; counts: string };

function figures(outcomes: Outcome[]): Figures {
  const tier1 = outcomes.filter((o) => o.tier === 'tier_1');
  const matches = outcomes.filter((o) => o.label === 'match');
  const relevant = outcomes.filter((o) => o.label !== 'none');
  const ratio = (a: number, b: number) => (b === 0 ? Number.NaN : a / b);
  const tier1Match = tier1.filter((o) => o.label === 'match').length;
  const matchInTier1 = matches.filter((o) => o.tier === 'tier_1').length;
  const relevantFound = relevant.filter((o) => o.tier !== 'none').length;
  return {
    precision: ratio(tier1Match, tier1.length),
    matchRecall: ratio(matchInTier1, matches.length),
    anyRecall: ratio(relevantFound, relevant.length),
    counts: `${tier1Match}/${tier1.length}, ${matchInTier1}/${matches.length}, ${relevantFound}/${relevant.length}`,
  };
}

const fmt = (x: number) => (Number.isNaN(x) ? ' n/a' : x.toFixed(2));
const mark = (x: number, target: number) => (x >= target ? 'ok' : 'MISSED');

// ---------------------------------------------------------------------------------------------

const judgements = JSON.parse(fs.readFileSync(path.join(EVAL_DIR, 'eval', 'judgements.json'), 'utf8')) as {
  profiles: string[];
  hits: Judged[];
};
for (const judged of judgements.hits) {
  if (judged.split !== splitOf(judged.hit_id)) {
    throw new Error(
      `judgements.json: ${judged.hit_id} is marked ${judged.split}; its hash puts it in ${splitOf(judged.hit_id)}`,
    );
  }
}

const profiles = new Map(
  judgements.profiles.map((id) => {
    const raw = JSON.parse(fs.readFileSync(path.join(EVAL_DIR, 'profiles', `${id}.json`), 'utf8'));
    return [id, valueMatchInputSchema.parse({ ...raw, hits: [] })] as const;
  }),
);

const accounts = buildDemoAccounts(fs.readFileSync(path.join(DEMO_DATA_DIR, 'fortune500.csv'), 'utf8'));
const articles = parseWikinewsCsv(fs.readFileSync(path.join(DEMO_DATA_DIR, 'wikinews-economy.csv'), 'utf8'));
const seeded = new Map(matchArticlesToAccounts(articles, accounts).hits.map((h) => [h.id, h]));
const hits = new Map<string, MatchHit>();
for (const judged of judgements.hits) {
  const row = seeded.get(judged.hit_id);
  if (!row) throw new Error(`judgements.json: ${judged.hit_id} is not a hit the demo seed makes`);
  hits.set(judged.hit_id, {
    id: row.id,
    account_id: row.master_account_id,
    type: 'news_article',
    title: row.title,
    text: row.text,
    published_at: String(row.published_at),
    url: row.url,
  });
}

type System = 'engine' | 'baseline';
const outcomes = new Map<string, Outcome[]>(); // `${split}:${system}:${profile}`
const push = (key: string, o: Outcome) => {
  const list = outcomes.get(key);
  if (list) list.push(o);
  else outcomes.set(key, [o]);
};
const disagreements: string[] = [];
for (const judged of judgements.hits) {
  if (!halves.includes(judged.split)) continue;
  const hit = hits.get(judged.hit_id) as MatchHit;
  for (const [profileId, input] of profiles) {
    const label = judged.labels[profileId];
    if (!label) throw new Error(`judgements.json: ${judged.hit_id} has no label for ${profileId}`);
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

const pairs = judgements.hits.length * profiles.size;
console.log(
  `evaluation set: ${judgements.hits.length} hits x ${profiles.size} seller profiles = ${pairs} judgements ` +
    `(tuning ${judgements.hits.filter((h) => h.split === 'tuning').length} hits, held_out ${judgements.hits.filter((h) => h.split === 'held_out').length})`,
);
console.log(
  'columns: tier_1 precision | match recall into tier_1 | match+alignment recall into tier_1+tier_2  (counts)',
);
for (const split of halves) {
  console.log(`\n${split}`);
  for (const profile of ['all', ...profiles.keys()]) {
    for (const system of ['engine', 'baseline'] as const) {
      const f = figures(outcomes.get(`${split}:${system}:${profile}`) ?? []);
      const verdict =
        split === 'held_out' && profile === 'all'
          ? `  precision ${mark(f.precision, TARGETS.precision)}, match recall ${mark(f.matchRecall, TARGETS.matchRecall)}, recall ${mark(f.anyRecall, TARGETS.anyRecall)}`
          : '';
      console.log(
        `  ${profile.padEnd(15)} ${system.padEnd(8)} ${fmt(f.precision)} | ${fmt(f.matchRecall)} | ${fmt(f.anyRecall)}  (${f.counts})${verdict}`,
      );
    }
  }
}
console.log(
  `\ntargets on held_out (all profiles): precision ≥ ${TARGETS.precision}, match recall ≥ ${TARGETS.matchRecall}, recall into tier_1+tier_2 ≥ ${TARGETS.anyRecall}`,
);
if (verbose) console.log(`\ntuning-half disagreements (label vs engine):\n${disagreements.join('\n')}`);
