/**
 * tsx scripts/eval-draw.ts — the third and fourth draws of the value-match evaluation set: which
 * Wikinews hits to read and label next (see demo-data/value-match/eval/README.md).
 *
 * `--draw 4` is every hit the first three draws left, ordered by FNV-1a of `draw4:<hit id>`,
 * sample `fourth draw`; `--json DIR --batches N` writes them as N JSON files for the readers.
 *
 * The pool is the hits the demo seed makes, one per article (the first account by id), minus
 * those the first two draws put in judgements.json. They are ordered by FNV-1a of `draw3:<hit id>`; the first
 * RANDOM_COUNT are taken as they come, then TOPICAL_COUNT per profile from the rest whose title
 * or text holds one of that profile's broad domain words. The draw never reads a label or the
 * engine; it prints the chosen hits (id, sample, title, text) for a person to read, not their split.
 *
 * Flags: --ids prints only `hit_id<TAB>sample` lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fnv1a } from '@quarry/shared/hash';
import { matchArticlesToAccounts } from '../apps/server/src/db/seed/account-names.ts';
import { buildDemoAccounts } from '../apps/server/src/db/seed/demo-account-rows.ts';
import { DEMO_DATA_DIR, parseWikinewsCsv } from '../apps/server/src/db/seed/demo-data-files.ts';

const RANDOM_COUNT = 75;
const TOPICAL_COUNT = 25;
/** The fifth and sixth draws (articles attached to no account, where matches are rarer) read more per topic. */
const FIFTH_RANDOM_COUNT = 60;
const FIFTH_TOPICAL_COUNT = 80;
/** The eighth draw comes after the topical words ran out: it reads this many as they come. */
const EIGHTH_RANDOM_COUNT = 400;

/** Broad domain words per profile; they choose what to read, the labels come from reading. */
const TOPIC_WORDS: Record<string, string[]> = {
  'supply-chain': [
    'supply',
    'supplier',
    'shortage',
    'recall',
    'factory',
    'plant',
    'production',
    'merger',
    'fuel',
    'shipping',
  ],
  security: [
    'hack',
    'hacker',
    'breach',
    'virus',
    'fraud',
    'privacy',
    'identity',
    'password',
    'stolen',
    'security',
    'data',
  ],
  workforce: [
    'jobs',
    'layoff',
    'layoffs',
    'workers',
    'employees',
    'strike',
    'union',
    'hiring',
    'resign',
    'resigns',
    'staff',
  ],
};

function holdsWord(text: string, words: string[]): boolean {
  const tokens = new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  return words.some((word) => tokens.has(word));
}

const judged = JSON.parse(
  fs.readFileSync(path.join(DEMO_DATA_DIR, 'value-match', 'eval', 'judgements.json'), 'utf8'),
) as { hits: { hit_id: string; article_id: string; sample: string }[] };
function flag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const draw = Number(flag('--draw') ?? '3');
if (![3, 4, 5, 6, 7, 8].includes(draw)) throw new Error('--draw: expected 3 to 8');
// The pool is what the earlier draws left, so a draw comes out the same once it is in the file.
const earlier = (sample: string): boolean =>
  draw === 3
    ? !sample.startsWith('third draw') && !sample.startsWith('fourth draw')
    : !sample.startsWith('fourth draw');
const judgedArticles = new Set(judged.hits.filter((h) => earlier(h.sample)).map((h) => h.article_id));
const accounts = buildDemoAccounts(fs.readFileSync(path.join(DEMO_DATA_DIR, 'fortune500.csv'), 'utf8'));
const articles = parseWikinewsCsv(fs.readFileSync(path.join(DEMO_DATA_DIR, 'wikinews-economy.csv'), 'utf8'));
const firstPerArticle = new Map<string, ReturnType<typeof matchArticlesToAccounts>['hits'][number]>();
for (const hit of matchArticlesToAccounts(articles, accounts).hits) {
  const articleId = hit.id.split('_')[2] as string;
  const seen = firstPerArticle.get(articleId);
  if (!seen || hit.master_account_id < seen.master_account_id) firstPerArticle.set(articleId, hit);
}
const pool = [...firstPerArticle.entries()]
  .filter(([articleId]) => !judgedArticles.has(articleId))
  .map(([, hit]) => hit)
  .sort((a, b) => fnv1a(`draw${draw}:${a.id}`) - fnv1a(`draw${draw}:${b.id}`) || (a.id < b.id ? -1 : 1));

type PoolHit = (typeof pool)[number];
/**
 * The pool of the fifth, sixth and seventh draws: articles the seed attaches to no account (so
 * none of the first four draws could hold them), as hits of no account (`hit_news_<article
 * id>_none`), minus those earlier unattached draws took, in FNV-1a order of `draw<N>:<hit id>`.
 */
function unattachedPool(): PoolHit[] {
  const attached = new Set(firstPerArticle.keys());
  const earlierUnattached = ['fifth draw', 'sixth draw', 'seventh draw'].slice(0, draw - 5);
  const fifth = new Set(
    judged.hits.filter((h) => earlierUnattached.some((s) => h.sample.startsWith(s))).map((h) => h.article_id),
  );
  return articles
    .filter((a) => !attached.has(a.id) && !fifth.has(a.id) && /^\d{4}-\d{2}-\d{2}$/.test(a.date.trim()))
    .map((a) => ({
      id: `hit_news_${a.id}_none`,
      master_account_id: 'none',
      type: 'news_article' as const,
      title: a.title.trim().slice(0, 500),
      text: a.text.trim(),
      url: a.url.trim() || null,
      source: 'Wikinews',
      published_at: `${a.date.trim()}T00:00:00.000Z`,
    }))
    .sort((a, b) => fnv1a(`draw${draw}:${a.id}`) - fnv1a(`draw${draw}:${b.id}`) || (a.id < b.id ? -1 : 1));
}
const unattached = draw >= 5;
const drawPool = unattached ? unattachedPool() : pool;
const ordinal = ({ 5: 'fifth', 6: 'sixth', 7: 'seventh', 8: 'eighth' } as Record<number, string>)[draw] ?? 'third';
const randomCount = draw === 8 ? EIGHTH_RANDOM_COUNT : unattached ? FIFTH_RANDOM_COUNT : RANDOM_COUNT;
const topicalCount = unattached ? FIFTH_TOPICAL_COUNT : TOPICAL_COUNT;

const chosen: { hit: PoolHit; sample: string }[] =
  draw === 4
    ? pool.map((hit) => ({ hit, sample: 'fourth draw' }))
    : drawPool.slice(0, randomCount).map((hit) => ({ hit, sample: `${ordinal} draw: random` }));
const taken = new Set(chosen.map((c) => c.hit.id));
for (const [topic, words] of draw === 4 ? [] : Object.entries(TOPIC_WORDS)) {
  const picked = drawPool
    .filter((hit) => !taken.has(hit.id) && holdsWord(`${hit.title}\n${hit.text}`, words))
    .slice(0, topicalCount);
  for (const hit of picked) {
    taken.add(hit.id);
    chosen.push({ hit, sample: `${ordinal} draw: topic:${topic}` });
  }
}

console.error(`pool ${drawPool.length} hits not yet judged; drew ${chosen.length}`);
const jsonDir = flag('--json');
if (jsonDir) {
  const batches = Number(flag('--batches') ?? '1');
  fs.mkdirSync(jsonDir, { recursive: true });
  for (let b = 0; b < batches; b++) {
    const hits = chosen
      .filter((_, i) => i % batches === b)
      .map(({ hit, sample }) => ({
        hit_id: hit.id,
        article_id: hit.id.split('_')[2],
        account_id: hit.master_account_id,
        account_name: accounts.find((a) => a.master_account_id === hit.master_account_id)?.account_name ?? '(none)',
        title: hit.title,
        published_at: String(hit.published_at).slice(0, 10),
        sample,
        text: hit.text,
      }));
    fs.writeFileSync(path.join(jsonDir, `batch-${b + 1}.json`), `${JSON.stringify(hits, null, 2)}\n`);
  }
  process.exit(0);
}
const idsOnly = process.argv.includes('--ids');
for (const { hit, sample } of chosen) {
  if (idsOnly) console.log(`${hit.id}\t${sample}`);
  else
    console.log(
      `\n=== ${hit.id} | ${sample} | ${String(hit.published_at).slice(0, 10)}\nTITLE: ${hit.title}\n${hit.text}`,
    );
}
