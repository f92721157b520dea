/**
 * tsx scripts/eval-draw-profiles.ts — the ninth draw of the value-match evaluation set: the
 * articles read and labelled for the five profiles added by issue 19 (see
 * demo-data/value-match/eval/README.md, "Ninth draw").
 *
 * Pool: every Wikinews article of demo-data with a date and at least 300 characters of text,
 * ordered by FNV-1a of `draw9:<article id>`. The first RANDOM_COUNT are taken as they come, then
 * TOPICAL_COUNT per new profile from the rest whose title or text holds one of that market's
 * broad words. The draw never reads a label or the engine.
 *
 * Flags: --batch N --of M prints the N-th of M batches (id, sample, title, text) for a reader;
 * without them it prints `article id<TAB>sample` lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fnv1a } from '@quarry/shared/hash';
import { DEMO_DATA_DIR, parseWikinewsCsv } from '../apps/server/src/db/seed/demo-data-files.ts';

const RANDOM_COUNT = 30;
const TOPICAL_COUNT = 24;

/** Broad words per market; they choose what to read, the labels come from reading. */
const TOPIC_WORDS: Record<string, string[]> = {
  restructuring: ['bankrupt', 'loss', 'debt', 'creditor', 'rescue', 'restructur'],
  compliance: ['fine', 'lawsuit', 'sued', 'antitrust', 'investigation', 'settle', 'brib'],
  expansion: ['expand', 'launch', 'overseas', 'international', 'joint venture', 'foreign'],
  energy: ['fuel', 'oil price', 'energy', 'power', 'gas', 'emission'],
  'real estate': ['headquarters', 'plant', 'factory', 'office', 'relocat', 'store'],
};

export type Drawn = { article_id: string; sample: string; title: string; text: string; date: string };

export function ninthDraw(): Drawn[] {
  const articles = parseWikinewsCsv(fs.readFileSync(path.join(DEMO_DATA_DIR, 'wikinews-economy.csv'), 'utf8'))
    .filter((a) => a.date.trim() && a.text.trim().length >= 300)
    .sort((a, b) => fnv1a(`draw9:${a.id}`) - fnv1a(`draw9:${b.id}`));
  const drawn: Drawn[] = [];
  const taken = new Set<string>();
  const take = (a: (typeof articles)[number], sample: string) => {
    taken.add(a.id);
    drawn.push({ article_id: a.id, sample, title: a.title.trim(), text: a.text.trim(), date: a.date.trim() });
  };
  for (const a of articles.slice(0, RANDOM_COUNT)) take(a, 'ninth draw: random');
  for (const [topic, words] of Object.entries(TOPIC_WORDS)) {
    let n = 0;
    for (const a of articles) {
      if (n >= TOPICAL_COUNT) break;
      if (taken.has(a.id)) continue;
      const text = `${a.title}\n${a.text}`.toLowerCase();
      if (!words.some((w) => text.includes(w))) continue;
      take(a, `ninth draw: ${topic}`);
      n++;
    }
  }
  return drawn;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const drawn = ninthDraw();
  const at = process.argv.indexOf('--batch');
  if (at < 0) {
    for (const d of drawn) console.log(`${d.article_id}\t${d.sample}`);
  } else {
    const batch = Number(process.argv[at + 1]);
    const of = Number(process.argv[process.argv.indexOf('--of') + 1]);
    const size = Math.ceil(drawn.length / of);
    for (const d of drawn.slice(batch * size, (batch + 1) * size)) {
      console.log(`=== ${d.article_id} | ${d.title}\n${d.text.slice(0, 2200)}\n`);
    }
  }
}
