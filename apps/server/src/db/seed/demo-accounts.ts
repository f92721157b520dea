// Seeds the demo: the Fortune 500 accounts, their contacts, news hits and job postings.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../connection.ts';
import { demoAccountAliases, matchArticlesToAccounts, type NewsMatchStats } from './account-names.ts';
import { buildDemoAccounts, type DemoAccount } from './demo-account-rows.ts';
import { buildDemoContacts } from './demo-contacts.ts';
import { DEMO_DATA_DIR, isNewsArticle, parseFortune500Csv, parseWikinewsCsv } from './demo-data-files.ts';
import { buildJobPostings } from './demo-job-postings.ts';

export type DemoAccountsSeedStats = {
  accounts: number;
  contacts: number;
  newsHits: number;
  jobPostings: number;
  news: NewsMatchStats;
};

/** Stays under SQLite's bound-variable limit for the widest table (11 columns). */
const INSERT_CHUNK_ROWS = 200;

function* chunksOf<T>(rows: T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Loads the Fortune 500 accounts, their contacts, Wikinews news hits and job postings into an
 * empty master_accounts table, in one transaction. Answers null (and writes nothing) when
 * accounts are already there.
 */
export async function seedDemoAccounts(
  db: Db,
  { dataDir = DEMO_DATA_DIR }: { dataDir?: string } = {},
): Promise<DemoAccountsSeedStats | null> {
  const hasAccounts = async (q: Db) =>
    (await q.selectFrom('master_accounts').select('master_account_id').limit(1).executeTakeFirst()) !== undefined;
  const fortuneText = fs.readFileSync(path.join(dataDir, 'fortune500.csv'), 'utf8');
  const accounts = buildDemoAccounts(fortuneText);
  if (await hasAccounts(db)) {
    await seedMissingAliases(db, accounts);
    return null;
  }

  const contacts = buildDemoContacts(accounts, parseFortune500Csv(fortuneText));
  const articles = parseWikinewsCsv(fs.readFileSync(path.join(dataDir, 'wikinews-economy.csv'), 'utf8')).filter(
    isNewsArticle,
  );
  const news = matchArticlesToAccounts(articles, accounts);
  const jobs = buildJobPostings(accounts);

  return db.transaction().execute(async (trx) => {
    if (await hasAccounts(trx)) return null;
    for (const chunk of chunksOf(accounts, INSERT_CHUNK_ROWS)) {
      await trx.insertInto('master_accounts').values(chunk).execute();
    }
    for (const chunk of chunksOf(contacts, INSERT_CHUNK_ROWS)) {
      await trx.insertInto('master_contacts').values(chunk).execute();
    }
    for (const chunk of chunksOf([...news.hits, ...jobs], INSERT_CHUNK_ROWS)) {
      await trx.insertInto('master_hits').values(chunk).execute();
    }
    for (const chunk of chunksOf(demoAccountAliases(accounts), INSERT_CHUNK_ROWS)) {
      await trx.insertInto('account_aliases').values(chunk).execute();
    }
    return {
      accounts: accounts.length,
      contacts: contacts.length,
      newsHits: news.hits.length,
      jobPostings: jobs.length,
      news: news.stats,
    };
  });
}

/**
 * A database seeded before search knew aliases: the demo accounts it holds get theirs, once (an
 * account_aliases table with any row is left as it is).
 */
async function seedMissingAliases(db: Db, accounts: DemoAccount[]): Promise<void> {
  if (await db.selectFrom('account_aliases').select('alias_key').limit(1).executeTakeFirst()) return;
  const aliases = demoAccountAliases(accounts);
  const present = new Set<string>();
  const ids = [...new Set(aliases.map((a) => a.master_account_id))];
  for (const chunk of chunksOf(ids, INSERT_CHUNK_ROWS)) {
    const rows = await db
      .selectFrom('master_accounts')
      .select('master_account_id')
      .where('master_account_id', 'in', chunk)
      .execute();
    for (const r of rows) present.add(r.master_account_id);
  }
  for (const chunk of chunksOf(
    aliases.filter((a) => present.has(a.master_account_id)),
    INSERT_CHUNK_ROWS,
  )) {
    await db
      .insertInto('account_aliases')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
