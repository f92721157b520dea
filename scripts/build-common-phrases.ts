/**
 * npm run build:common-phrases — how common two-word sequences are in general business news
 * (issue 19), written to apps/server/src/modules/value-match/engine/common-bigrams.json.
 *
 * A customer's trigger phrase of two or more words ("plant closure") usually says what it means
 * by itself, but some are everyday news phrases ("oil prices", "shut down", "create jobs") that
 * stand in articles about governments and markets as often as about a company's event. How often
 * a phrase stands in news at large is its specificity (document frequency, as in idf). Read from
 * demo-data/wikinews-economy.csv, leaving out every article of the evaluation set
 * (demo-data/value-match/eval/judgements*.json), so no label and no judged article enters it.
 *
 * Kept: each pair of consecutive content stems (stop words skipped, as phrases are matched) and
 * each pair of consecutive words (as a phrase made of a stop word is matched, "shut down"), with
 * the share of articles holding it, when at least MIN_SHARE of them do; and each content stem alone
 * (`words`), the specificity of a one-word phrase (tier1SpecificShare).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_DATA_DIR, parseWikinewsCsv } from '../apps/server/src/db/seed/demo-data-files.ts';
import { analyseText } from '../apps/server/src/modules/value-match/engine/analyse-text.ts';
import { contentPairKey, literalPairKey } from '../apps/server/src/modules/value-match/engine/phrase-commonness.ts';

const MIN_SHARE = 0.003;
const OUT = path.join(import.meta.dirname, '../apps/server/src/modules/value-match/engine/common-bigrams.json');

const judged = new Set<string>();
for (const file of ['judgements.json', 'judgements-profiles.json']) {
  const data = JSON.parse(fs.readFileSync(path.join(DEMO_DATA_DIR, 'value-match/eval', file), 'utf8')) as {
    hits: { article_id: string }[];
  };
  for (const h of data.hits) judged.add(h.article_id);
}
const articles = parseWikinewsCsv(fs.readFileSync(path.join(DEMO_DATA_DIR, 'wikinews-economy.csv'), 'utf8')).filter(
  (a) => !judged.has(a.id),
);
const df = new Map<string, number>();
const wordDf = new Map<string, number>();
for (const a of articles) {
  const seen = new Set<string>();
  const seenWords = new Set<string>();
  for (const text of [a.title, a.text]) {
    const { stem, ordinal } = analyseText(text);
    let lastContent: string | null = null;
    for (let k = 0; k < stem.length; k++) {
      const s = stem[k] as string;
      if (k > 0) seen.add(literalPairKey(stem[k - 1] as string, s));
      if ((ordinal[k] as number) < 0) continue;
      seenWords.add(s);
      if (lastContent !== null) seen.add(contentPairKey(lastContent, s));
      lastContent = s;
    }
  }
  for (const key of seen) df.set(key, (df.get(key) ?? 0) + 1);
  for (const key of seenWords) wordDf.set(key, (wordDf.get(key) ?? 0) + 1);
}
const pairs: Record<string, number> = {};
for (const [key, n] of [...df].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))) {
  const share = n / articles.length;
  if (share >= MIN_SHARE) pairs[key] = Number(share.toFixed(4));
}
const words: Record<string, number> = {};
for (const [key, n] of [...wordDf].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))) {
  const share = n / articles.length;
  if (share >= MIN_SHARE) words[key] = Number(share.toFixed(4));
}
fs.writeFileSync(
  OUT,
  `${JSON.stringify({ source: 'demo-data/wikinews-economy.csv without the evaluation set', articles: articles.length, minShare: MIN_SHARE, pairs, words }, null, 0)}\n`,
);
console.log(
  `${articles.length} articles (${judged.size} judged left out), ${Object.keys(pairs).length} pairs and ${Object.keys(words).length} words kept → ${OUT}`,
);
