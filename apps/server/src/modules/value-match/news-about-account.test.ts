import type { ValueMatchDetail } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoValuePreferences } from '../../db/seed/demo-value-preferences.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// A news feed attaches an article to every company it names. On an account's page, another
// company's event told in that article is no reason to call the account (Toys R Us's news on
// Amazon): the recompute gives each news hit its account's names, and the event must be told of
// the account for a Value Match.

let t: TestApp;
let rita: string;
const at = new Date().toISOString();

const account = (id: string, name: string) => ({
  master_account_id: id,
  account_name: name,
  website: null,
  website_domain: null,
  industry: 'Motor Vehicles and Parts',
  employees: 5000,
  revenue: null,
  location: null,
  description: null,
  created_at: at,
});
const news = (id: string, accountId: string, title: string, text: string) => ({
  id,
  master_account_id: accountId,
  type: 'news_article',
  title,
  text,
  url: null,
  source: 'Test wire',
  published_at: at,
});

// One article, as the feed attaches it to both companies it names.
const TITLE = 'Carmaker recalls 40,000 cars';
const TEXT =
  'Rivington Motor Works will recall 40,000 cars after defective brake parts were found at its plant. ' +
  'The company said a supply shortage of the parts halted production on two assembly lines. ' +
  'Bexley Automotive Corp., its largest rival, said its own sales rose in the spring.';

beforeAll(async () => {
  t = await createTestApp();
  await t.handle.db
    .insertInto('master_accounts')
    .values([
      account('acc_about_rivington', 'Rivington Motor Works Inc.'),
      account('acc_about_bexley', 'Bexley Automotive Corp.'),
    ])
    .execute();
  await t.handle.db
    .insertInto('master_hits')
    .values([
      news('hit_about_rivington', 'acc_about_rivington', TITLE, TEXT),
      news('hit_about_bexley', 'acc_about_bexley', TITLE, TEXT),
    ])
    .execute();
  await seedDemoValuePreferences(t.handle.db);
  await t.app.recomputeTenantsWithoutMatches();
  await t.app.jobRunner.drain();
  rita = await t.signIn('rita@acme.test');
}, 120_000);
afterAll(() => t?.close());

const detail = async (accountId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/value-matches/${accountId}`, headers: { cookie: rita } });
  expect(res.statusCode).toBe(200);
  return res.json() as ValueMatchDetail;
};

describe('news about another company', () => {
  it('makes a Value Match of the company whose event it tells, not of the one it names in passing', async () => {
    // "Rivington Motor Works" is the account's name without "Inc.", as news writes it.
    expect((await detail('acc_about_rivington')).tier).toBe('tier_1');
    const bexley = await detail('acc_about_bexley');
    expect(bexley.tier).toBe('tier_2');
    // The article stays on Bexley's page as evidence of the domain, at one remove.
    expect(bexley.hypotheses.flatMap((h) => h.evidence).some((e) => e.title === TITLE)).toBe(true);
  });
});
