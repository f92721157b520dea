/**
 * npm run bench:recompute — the value-match recompute job end to end, database included.
 *
 * Fills a throw-away SQLite database (or DATABASE_URL) with 5,000 accounts and 100,000 hits whose
 * texts are the real Wikinews articles of demo-data/, gives one tenant the 20 hypotheses, 50
 * triggers, 3 qualification signals and target title of `npm run bench:match`, then runs the job
 * (createRecomputeValueMatches) once and times it, split into reading the hits, the engine, and
 * writing value_matches. Filling the database is not timed.
 *
 * Knobs: BENCH_RECOMPUTE_HITS (default 100000). Target (issue 6): the recompute under 15 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_DATA_DIR, parseWikinewsCsv } from '../apps/server/src/db/seed/demo-data-files.ts';
import type { RequestContext } from '../apps/server/src/lib/request-context.ts';
import { createRecomputeValueMatches } from '../apps/server/src/modules/value-match/recompute-value-matches.ts';
import { createTuningRepository } from '../apps/server/src/modules/value-match/tuning/tuning.repository.ts';
import { createValueMatchesRepository } from '../apps/server/src/modules/value-match/value-matches.repository.ts';
import { createValuePreferencesRepository } from '../apps/server/src/modules/value-preferences/value-preferences.repository.ts';
import { openMigratedDatabase } from './open-migrated-database.ts';

const HITS = Number(process.env.BENCH_RECOMPUTE_HITS ?? 100_000);
const ACCOUNTS = 5_000;
const TARGET_S = 15;
const TENANT = 'tnt_bench_recompute';
const AT = '2018-06-01T00:00:00.000Z';
const CHUNK = 500;

const VOCABULARY = (
  'acquisition merger layoffs restructuring expansion factory plant warehouse logistics supply shortage inventory ' +
  'freight shipping port strike tariff recall breach hack outage fraud lawsuit fine regulator bankruptcy debt ' +
  'profit loss revenue growth hiring recruitment talent wages union pension automation software cloud data ' +
  'security privacy network launch partnership investment funding IPO shares dividend energy oil price cost'
).split(' ');
const HIT_TYPES = ['product_and_service', 'event', 'concept', 'title'] as const;

function word(i: number): string {
  return VOCABULARY[i % VOCABULARY.length] as string;
}

const articles = parseWikinewsCsv(fs.readFileSync(path.join(DEMO_DATA_DIR, 'wikinews-economy.csv'), 'utf8')).filter(
  (a) => /^\d{4}-\d{2}-\d{2}$/.test(a.date),
);

const ctx: RequestContext = {
  uid: 'usr_bench_recompute',
  tenantId: TENANT,
  email: 'bench@recompute.test',
  isAdmin: true,
  isManager: true,
  isSupport: false,
  sessionId: 'bench',
  impersonator: null,
};

const { handle, close } = await openMigratedDatabase({ throwAway: true });
try {
  const db = handle.db;
  console.log(
    `bench:recompute on ${handle.engine}: ${HITS.toLocaleString('en')} hits over ${ACCOUNTS.toLocaleString('en')} accounts; ` +
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on ${os.availableParallelism()} cores`,
  );
  const loadStart = performance.now();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('tenants').values({ id: TENANT, name: 'Bench Recompute', created_at: AT }).execute();
    for (let from = 0; from < ACCOUNTS; from += CHUNK) {
      const ids = Array.from({ length: Math.min(CHUNK, ACCOUNTS - from) }, (_, k) => from + k);
      await trx
        .insertInto('master_accounts')
        .values(
          ids.map((i) => ({
            master_account_id: `acc_rc_${i}`,
            account_name: `Recompute Account ${i}`,
            website: null,
            logo_url: null,
            industry: i % 2 === 0 ? 'Energy' : 'Retailing',
            sector: null,
            employees: null,
            revenue: null,
            location: null,
            description: null,
            created_at: AT,
          })),
        )
        .execute();
    }
    for (let from = 0; from < HITS; from += CHUNK) {
      const ids = Array.from({ length: Math.min(CHUNK, HITS - from) }, (_, k) => from + k);
      await trx
        .insertInto('master_hits')
        .values(
          ids.map((i) => {
            const article = articles[i % articles.length] as (typeof articles)[number];
            return {
              id: `hit_rc_${i}`,
              master_account_id: `acc_rc_${i % ACCOUNTS}`,
              type: 'news_article',
              title: article.title,
              text: article.text,
              url: null,
              source: 'wikinews',
              published_at: `${article.date}T00:00:00.000Z`,
            };
          }),
        )
        .execute();
    }
  });
  const preferences = createValuePreferencesRepository(db);
  for (let i = 0; i < 20; i++) {
    await preferences.createHypothesis(
      ctx,
      {
        name: `Hypothesis ${i}: ${word(i)} and ${word(i + 7)}`,
        description: '',
        visibility: 'public',
        problem_or_goal: `Companies facing ${word(i)} and ${word(i + 3)} lose margin on ${word(i + 11)}.`,
        product_value: `We measure ${word(i + 5)} and ${word(i + 13)} so teams act sooner.`,
        roi_explanation: `Lower ${word(i + 17)} cost within a quarter.`,
        importance: `${word(i + 19)} is a board topic.`,
        observation: `News about ${word(i + 23)} or ${word(i + 29)}.`,
      },
      `hyp_${i}`,
    );
  }
  for (let i = 0; i < 50; i++) {
    await preferences.createTrigger(ctx, {
      name: `Trigger ${i}`,
      hit_type: HIT_TYPES[i % HIT_TYPES.length] as (typeof HIT_TYPES)[number],
      phrases: [word(i), word(i + 31), i % 10 === 0 ? `${word(i + 2)} ${word(i + 3)}` : word(i + 37)],
      enabled: true,
      hypothesis_ids: i % 3 === 0 ? [`hyp_${i % 20}`] : [],
    });
  }
  await preferences.createSignal(ctx, {
    type: 'good',
    text: 'Announces expansion, or opens a new plant',
    explanation: '',
  });
  await preferences.createSignal(ctx, { type: 'bad', text: 'Files for bankruptcy', explanation: '' });
  await preferences.createSignal(ctx, { type: 'requirement', text: 'Operates warehouses', explanation: '' });
  await preferences.replaceTitles(ctx, ['Supply Chain Manager']);
  console.log(`filled in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (not timed)`);

  // The job's own repository, with its reads and writes timed.
  const matches = createValueMatchesRepository(db, handle.engine);
  const spent = { read: 0, write: 0 };
  const timed = {
    ...matches,
    async allHits(tenantId: string) {
      const started = performance.now();
      const rows = await matches.allHits(tenantId);
      spent.read += performance.now() - started;
      return rows;
    },
    async replaceAll(...args: Parameters<typeof matches.replaceAll>) {
      const started = performance.now();
      await matches.replaceAll(...args);
      spent.write += performance.now() - started;
    },
  };
  // As the server runs it: what each trigger does is kept for the preferences screen too (issue #19).
  const tuning = createTuningRepository(db, handle.engine);
  const recompute = createRecomputeValueMatches({ preferences, matches: timed, tuning, clock: () => new Date(AT) });
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  const accounts = await recompute(TENANT);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const stored = await db
    .selectFrom('value_matches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', TENANT)
    .executeTakeFirstOrThrow();
  const rest = seconds - (spent.read + spent.write) / 1000;
  const ok = seconds < TARGET_S;
  console.log(
    `recompute: ${HITS.toLocaleString('en')} hits, ${accounts.toLocaleString('en')} accounts (${Number(stored.n).toLocaleString('en')} rows stored) ` +
      `in ${seconds.toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU: ` +
      `read ${(spent.read / 1000).toFixed(2)} s, engine and rows ${rest.toFixed(2)} s, write ${(spent.write / 1000).toFixed(2)} s; ` +
      `target < ${TARGET_S} s: ${ok ? 'ok' : 'MISSED'}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await close();
}
