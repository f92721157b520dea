/**
 * npm run eval:model-reader — scores the optional model reader (issue #19) on the labelled
 * evaluation set, beside the rule engine and the naive baseline, from a file of recorded answers.
 *
 *   --record FILE.json  asks the model configured by AI_BASE_URL / AI_API_KEY / AI_MODEL (as the
 *                       server does) about every hit the engine puts in tier_1 or tier_2, per
 *                       profile, and writes the answers to FILE.json; then scores them.
 *   --answers FILE.json scores answers recorded before (no network).
 *   --prompts FILE.jsonl writes, instead of asking, the exact question the reader would send for
 *                       each candidate ({ profile, hit_id, system, user } a line), so that answers
 *                       can be recorded elsewhere, then scored with --answers.
 *   --prompt-version reader-1|reader-2  with --prompts: which version of the question (the
 *                       current one by default), to compare two on the same candidates.
 *   --profiles A,B      only these profiles (all by default).
 *   --half tuning|held_out  which half to score (held_out by default).
 *
 * The answers file: { model, prompt_version, answers: [{ profile, hit_id, reports_event, quote }] }.
 * Every profile of `npm run eval:match` is read (eval-set.ts `loadProfileJudgements`).
 * Every hit the engine puts in tier_1 or tier_2 is asked about, so that other uses of the answers
 * can be measured too; "engine + reader" reads them as the server does: a "no", or a "yes" whose
 * quote is not in the article, lowers a tier_1 to tier_2; no answer keeps the engine's tier.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DAY_MS, type MatchHit, type MatchTier } from '@quarry/shared';
import { buildDemoAccounts } from '../apps/server/src/db/seed/demo-account-rows.ts';
import { DEMO_DATA_DIR } from '../apps/server/src/db/seed/demo-data-files.ts';
import { matchAccounts } from '../apps/server/src/modules/value-match/engine/match-accounts.ts';
import { sellerContext } from '../apps/server/src/modules/value-match/model-reader/confirm-candidates.ts';
import {
  createModelReaderClient,
  READER_PROMPT_VERSION,
  type ReaderPromptVersion,
  type ReaderQuestion,
  readerPrompt,
  verdictOf,
} from '../apps/server/src/modules/value-match/model-reader/reader-client.ts';
import {
  baselineTier,
  figures,
  type Label,
  loadProfileJudgements,
  type Outcome,
  type Split,
  TARGETS,
} from './eval-set.ts';

type RecordedAnswer = { profile: string; hit_id: string; reports_event: boolean; quote: string };
type AnswersFile = { model: string; prompt_version: string; answers: RecordedAnswer[] };

const LOWER: Record<MatchTier, MatchTier> = { tier_1: 'tier_2', tier_2: 'none', none: 'none' };

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

const recordTo = flag('--record');
const answersFrom = flag('--answers');
const promptsTo = flag('--prompts');
const promptVersion = (flag('--prompt-version') ?? READER_PROMPT_VERSION) as ReaderPromptVersion;
if (promptVersion !== 'reader-1' && promptVersion !== 'reader-2')
  throw new Error('--prompt-version: reader-1 or reader-2');
const onlyProfiles = flag('--profiles')?.split(',');
const half = (flag('--half') ?? 'held_out') as Split;
if (half !== 'tuning' && half !== 'held_out') throw new Error('--half: expected tuning or held_out');
if (!recordTo && !answersFrom && !promptsTo) {
  console.error(
    'Usage: npm run eval:model-reader -- --answers FILE.json | --record FILE.json | --prompts FILE.jsonl [--half held_out]',
  );
  process.exit(2);
}

const { judgements, profiles, hits } = loadProfileJudgements();
const names = new Map(
  buildDemoAccounts(fs.readFileSync(path.join(DEMO_DATA_DIR, 'fortune500.csv'), 'utf8')).map((a) => [
    a.master_account_id,
    a.account_name,
  ]),
);

/** The engine's tier for one hit alone (as eval:match scores it) and the triggers it matched. */
function engineRead(profileId: string, hit: MatchHit) {
  const input = profiles.get(profileId);
  if (!input) throw new Error(`unknown profile ${profileId}`);
  const now = Date.parse(hit.published_at) + DAY_MS;
  const match = matchAccounts({ ...input, hits: [hit] }, { now })[0];
  const triggerIds = new Set((match?.hits ?? []).flatMap((h) => h.triggers.map((t) => t.trigger_id)));
  const events = input.triggers.filter((t) => triggerIds.has(t.id)).map((t) => ({ name: t.name, phrases: t.phrases }));
  return { tier: match?.tier ?? ('none' as MatchTier), events, baseline: baselineTier(input, hit) };
}

const reads = judgements
  .filter((j) => j.split === half && (!onlyProfiles || onlyProfiles.includes(j.profileId)))
  .flatMap((j) => {
    const hit = hits.get(j.hitId);
    if (!hit) return [];
    return [{ label: j.label as Label, hit, profile: j.profileId, ...engineRead(j.profileId, hit) }];
  });
const asked = reads.filter((r) => r.tier !== 'none' && r.events.length > 0);
const sellers = new Map([...profiles].map(([id, input]) => [id, sellerContext(input)]));
const questionOf = (r: (typeof reads)[number]): ReaderQuestion => ({
  accountName: names.get(r.hit.account_id) ?? 'the company the article is about',
  events: r.events,
  ...sellers.get(r.profile),
  title: r.hit.title,
  text: r.hit.text,
});

if (promptsTo) {
  const lines = asked.map((r) =>
    JSON.stringify({ profile: r.profile, hit_id: r.hit.id, ...readerPrompt(questionOf(r), promptVersion) }),
  );
  fs.writeFileSync(promptsTo, `${lines.join('\n')}\n`);
  console.error(`wrote ${lines.length} questions (${promptVersion}) to ${promptsTo}`);
  process.exit(0);
}

async function record(file: string): Promise<AnswersFile> {
  const baseUrl = process.env.AI_BASE_URL?.trim();
  const model = process.env.AI_MODEL?.trim();
  if (!baseUrl || !model) throw new Error('--record needs AI_BASE_URL and AI_MODEL');
  const client = createModelReaderClient({ baseUrl, model, apiKey: process.env.AI_API_KEY?.trim() || undefined });
  const answers: RecordedAnswer[] = [];
  let done = 0;
  for (const r of asked) {
    const verdict = await client.ask(questionOf(r));
    if (verdict) {
      answers.push({
        profile: r.profile,
        hit_id: r.hit.id,
        reports_event: verdict.verdict === 'yes',
        quote: verdict.quote,
      });
    }
    if (++done % 25 === 0) console.error(`asked ${done}/${asked.length}`);
  }
  const out: AnswersFile = { model, prompt_version: READER_PROMPT_VERSION, answers };
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.error(`wrote ${answers.length} answers (${asked.length - answers.length} unanswered) to ${file}`);
  return out;
}

const file: AnswersFile = recordTo
  ? await record(recordTo)
  : (JSON.parse(fs.readFileSync(answersFrom as string, 'utf8')) as AnswersFile);
const byKey = new Map(file.answers.map((a) => [`${a.profile}\u0000${a.hit_id}`, a]));

type System = 'baseline' | 'engine' | 'engine + reader' | 'reader, lowering all' | 'reader, promoting';
const outcomes = new Map<string, Outcome[]>();
const push = (key: string, o: Outcome) => outcomes.set(key, [...(outcomes.get(key) ?? []), o]);
let candidates = 0;
let answered = 0;
let lowered = 0;
for (const r of reads) {
  const { label } = r;
  // As the server reads the answers (confirm-candidates.ts): a "no" lowers a Value Match to
  // Value Alignment. Beside it, two other uses of the same answers, measured and not taken: a
  // "no" lowering every candidate one tier (alignments to none), and a "yes" also raising an
  // alignment to Value Match.
  let read = r.tier;
  let loweringAll = r.tier;
  let promoting = r.tier;
  if (r.tier !== 'none' && r.events.length > 0) {
    candidates++;
    const answer = byKey.get(`${r.profile}\u0000${r.hit.id}`);
    if (answer) {
      answered++;
      if (verdictOf(answer, r.hit.title, r.hit.text).verdict === 'no') {
        loweringAll = LOWER[r.tier];
        if (r.tier === 'tier_1') {
          read = promoting = 'tier_2';
          lowered++;
        }
      } else promoting = 'tier_1';
    }
  }
  const systems: [System, MatchTier][] = [
    ['baseline', r.baseline],
    ['engine', r.tier],
    ['engine + reader', read],
    ['reader, lowering all', loweringAll],
    ['reader, promoting', promoting],
  ];
  for (const [system, tier] of systems) {
    push(`${system}:${r.profile}`, { label, tier });
    push(`${system}:total`, { label, tier });
  }
}

const fmt = (x: number) => (Number.isNaN(x) ? ' n/a' : x.toFixed(2));
console.log(`Model reader on the ${half} half — answers: ${file.model} (${file.prompt_version})`);
console.log(
  `candidates (engine tier_1/tier_2 with a trigger): ${candidates}; answered: ${answered}; Value Matches lowered: ${lowered}`,
);
console.log('profile                  system              tier_1 prec  match→tier_1  tier_1+2 recall  (counts)');
for (const profile of [...profiles.keys(), 'total']) {
  for (const system of [
    'baseline',
    'engine',
    'engine + reader',
    'reader, lowering all',
    'reader, promoting',
  ] as System[]) {
    const f = figures(outcomes.get(`${system}:${profile}`) ?? []);
    console.log(
      `${profile.padEnd(24)} ${system.padEnd(19)} ${fmt(f.precision).padStart(11)} ${fmt(f.matchRecall).padStart(13)} ${fmt(f.anyRecall).padStart(16)}  (${f.counts})`,
    );
  }
}
console.log(
  `targets: precision ≥ ${TARGETS.precision}, match recall ≥ ${TARGETS.matchRecall}, tier_1+2 recall ≥ ${TARGETS.anyRecall}`,
);
