/**
 * tsx scripts/eval-draw-profiles.ts — the draws of the value-match evaluation set read and
 * labelled for the five profiles added by issue 19 (see demo-data/value-match/eval/README.md):
 * the ninth draw (their held-out half) and the tenth (their tuning half).
 *
 * Pool: every Wikinews article of demo-data with a date and at least 300 characters of text,
 * ordered by FNV-1a of `draw<N>:<article id>`. The first `random` are taken as they come, then
 * `topical` per new profile from the rest whose title or text holds one of that market's broad
 * words. The tenth draw leaves out every held-out article (the eighth and ninth draws), so no
 * article is tuning for one profile and held out for another. The draw never reads a label or
 * the engine.
 *
 * Flags: --draw 9|10 (default 9); --batch N --of M prints the N-th of M batches (id, sample,
 * title, text) for a reader; without them it prints `article id<TAB>sample` lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fnv1a } from '@quarry/shared/hash';
import { DEMO_DATA_DIR, parseWikinewsCsv } from '../apps/server/src/db/seed/demo-data-files.ts';

/** Broad words per market; they choose what to read, the labels come from reading. */
const TOPIC_WORDS: Record<string, string[]> = {
  restructuring: ['bankrupt', 'loss', 'debt', 'creditor', 'rescue', 'restructur'],
  compliance: ['fine', 'lawsuit', 'sued', 'antitrust', 'investigation', 'settle', 'brib'],
  expansion: ['expand', 'launch', 'overseas', 'international', 'joint venture', 'foreign'],
  energy: ['fuel', 'oil price', 'energy', 'power', 'gas', 'emission'],
  'real estate': ['headquarters', 'plant', 'factory', 'office', 'relocat', 'store'],
};

const DRAWS = {
  9: { name: 'ninth', random: 30, topical: 24 },
  10: { name: 'tenth', random: 40, topical: 32 },
} as const;
export type DrawNumber = keyof typeof DRAWS;

export type Drawn = { article_id: string; sample: string; title: string; text: string; date: string };

/** Article ids of the eighth draw (the first three profiles' held-out half). */
function eighthDrawArticles(): Set<string> {
  const file = JSON.parse(
    fs.readFileSync(path.join(DEMO_DATA_DIR, 'value-match', 'eval', 'judgements.json'), 'utf8'),
  ) as { hits: { article_id: string; sample: string }[] };
  return new Set(file.hits.filter((h) => h.sample.startsWith('eighth draw')).map((h) => h.article_id));
}

export function profilesDraw(draw: DrawNumber): Drawn[] {
  const { name, random, topical } = DRAWS[draw];
  const excluded = draw === 10 ? new Set([...eighthDrawArticles(), ...profilesDraw(9).map((d) => d.article_id)]) : null;
  const articles = parseWikinewsCsv(fs.readFileSync(path.join(DEMO_DATA_DIR, 'wikinews-economy.csv'), 'utf8'))
    .filter((a) => a.date.trim() && a.text.trim().length >= 300 && !excluded?.has(a.id))
    .sort((a, b) => fnv1a(`draw${draw}:${a.id}`) - fnv1a(`draw${draw}:${b.id}`));
  const drawn: Drawn[] = [];
  const taken = new Set<string>();
  const take = (a: (typeof articles)[number], sample: string) => {
    taken.add(a.id);
    drawn.push({ article_id: a.id, sample, title: a.title.trim(), text: a.text.trim(), date: a.date.trim() });
  };
  for (const a of articles.slice(0, random)) take(a, `${name} draw: random`);
  for (const [topic, words] of Object.entries(TOPIC_WORDS)) {
    let n = 0;
    for (const a of articles) {
      if (n >= topical) break;
      if (taken.has(a.id)) continue;
      const text = `${a.title}\n${a.text}`.toLowerCase();
      if (!words.some((w) => text.includes(w))) continue;
      take(a, `${name} draw: ${topic}`);
      n++;
    }
  }
  return drawn;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const drawAt = process.argv.indexOf('--draw');
  const draw = (drawAt < 0 ? 9 : Number(process.argv[drawAt + 1])) as DrawNumber;
  if (!(draw in DRAWS)) throw new Error('--draw: expected 9 or 10');
  const drawn = profilesDraw(draw);
  const at = process.argv.indexOf('--batch');
  if (at < 0) {
    for (const d of drawn) console.log(`${d.article_id}\t${d.sample}`);
  } else {
    const batch = Number(process.argv[at + 1]);
    const of = Number(process.argv[process.argv.indexOf('--of') + 1]);
    const size = Math.ceil(drawn.length / of);
    for (const d of drawn.slice(batch * size, (batch + 1) * size)) {
      console.log(`=== ${d.article_id} | ${d.date} | ${d.title}\n${d.text}\n`);
    }
  }
}
