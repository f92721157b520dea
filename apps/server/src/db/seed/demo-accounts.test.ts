import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { MasterContactsTable } from '../schema.ts';
import { matchArticlesToAccounts } from './account-names.ts';
import { buildDemoAccounts, type DemoAccount } from './demo-account-rows.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { buildDemoContacts } from './demo-contacts.ts';
import {
  DEMO_DATA_DIR,
  isNewsArticle,
  parseFortune500Csv,
  parseWikinewsCsv,
  type WikinewsArticle,
} from './demo-data-files.ts';
import { buildJobPostings, CONTEXT_THEMES } from './demo-job-postings.ts';

const fortuneText = fs.readFileSync(path.join(DEMO_DATA_DIR, 'fortune500.csv'), 'utf8');
const wikinewsText = fs.readFileSync(path.join(DEMO_DATA_DIR, 'wikinews-economy.csv'), 'utf8');
const accounts = buildDemoAccounts(fortuneText);
const contacts = buildDemoContacts(accounts, parseFortune500Csv(fortuneText));

const accountNamed = (name: string): DemoAccount => {
  const account = accounts.find((a) => a.account_name === name);
  if (!account) throw new Error(`no account named ${name}`);
  return account;
};

let articleCount = 0;
const article = (title: string, text: string, date = '2010-05-01'): WikinewsArticle => {
  articleCount++;
  return {
    id: `T${articleCount}`,
    date,
    title,
    text,
    url: `https://en.wikinews.org/wiki/${title.replaceAll(' ', '_')}`,
  };
};

/** Account names each article was attached to, in article order. */
const attached = (articles: WikinewsArticle[]): string[][] => {
  const { hits } = matchArticlesToAccounts(articles, accounts);
  const names = new Map(accounts.map((a) => [a.master_account_id, a.account_name]));
  return articles.map((a) =>
    hits.filter((h) => h.id.startsWith(`hit_news_${a.id}_`)).map((h) => names.get(h.master_account_id) as string),
  );
};

const isUnusable = (c: MasterContactsTable) =>
  !c.email || c.email === 'email_not_unlocked@domain.com' || c.email_status === 'unavailable';

describe('demo accounts from the Fortune 500', () => {
  it('makes 500 accounts, each with its own normalised domain as website', () => {
    expect(accounts).toHaveLength(500);
    const websites = accounts.map((a) => a.website);
    expect(new Set(websites).size).toBe(500);
    for (const website of websites) expect(website).toMatch(/^(?!www\.)[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/);
    expect(new Set(accounts.map((a) => a.master_account_id)).size).toBe(500);
  });

  it('shows Walmart with its revenue in dollars, staff, place and a factual description', () => {
    expect(accountNamed('Walmart')).toEqual({
      master_account_id: 'acc_walmart_com',
      account_name: 'Walmart',
      website: 'walmart.com',
      website_domain: 'walmart.com',
      logo_url: null,
      industry: 'General Merchandisers',
      sector: 'Retailing',
      employees: 2_200_000,
      revenue: 514_405_000_000,
      location: 'Bentonville, Ark.',
      description: expect.stringMatching(/^Ranked #1 in the 2019 Fortune 500 .*C\. Douglas McMillon/),
      // The same facts, for the summary written in the reader's language.
      summary_facts: expect.any(String),
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(JSON.parse(accountNamed('Walmart').summary_facts ?? '')).toMatchObject({
      kind: 'fortune500',
      rank: 1,
      year: 2019,
      sector: 'Retailing',
      industry: 'General Merchandisers',
      location: 'Bentonville, Ark.',
      ceo: 'C. Douglas McMillon',
    });
    expect(accountNamed('AmerisourceBergen').revenue).toBe(167_939_600_000);
  });

  it('lists each CEO as a c-suite executive contact with an external id', () => {
    expect(contacts.find((c) => c.id === 'con_acc_walmart_com_ceo')).toMatchObject({
      master_account_id: 'acc_walmart_com',
      first_name: 'C. Douglas',
      last_name: 'McMillon',
      title: 'President, Chief Executive Officer & Director',
      seniority: 'c_suite',
      department: 'executive',
      email: 'douglas.mcmillon@walmart.com',
      external_contact_id: expect.stringMatching(/^ext_/),
    });
    const withCeo = new Set(contacts.filter((c) => c.department === 'executive').map((c) => c.master_account_id));
    expect(withCeo.size).toBe(500);
  });

  it('gives every account 6 to 10 further contacts across departments and seniorities, both contact kinds', () => {
    const generated = contacts.filter((c) => c.department !== 'executive');
    const perAccount = new Map<string, number>();
    for (const c of generated) perAccount.set(c.master_account_id, (perAccount.get(c.master_account_id) ?? 0) + 1);
    expect(perAccount.size).toBe(500);
    for (const count of perAccount.values()) expect(count).toBeGreaterThanOrEqual(6);
    for (const count of perAccount.values()) expect(count).toBeLessThanOrEqual(10);
    expect(new Set(generated.map((c) => c.department))).toEqual(
      new Set(['sales', 'marketing', 'engineering', 'finance', 'operations', 'it', 'hr']),
    );
    expect(new Set(generated.map((c) => c.seniority))).toEqual(
      new Set(['c_suite', 'vp', 'director', 'manager', 'individual_contributor']),
    );
    const external = generated.filter((c) => c.external_contact_id).length / generated.length;
    expect(external).toBeGreaterThan(0.45);
    expect(external).toBeLessThan(0.55);
    expect(new Set(contacts.map((c) => c.id)).size).toBe(contacts.length);
    for (const c of generated)
      expect(c.linkedin_url).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[a-z]+-[a-z]+-[0-9a-f]{4}$/);
  });

  it('leaves about 15% of generated contacts without a usable email, in each of the three ways', () => {
    const generated = contacts.filter((c) => c.department !== 'executive');
    const share = generated.filter(isUnusable).length / generated.length;
    expect(share).toBeGreaterThan(0.12);
    expect(share).toBeLessThan(0.18);
    expect(generated.some((c) => c.email === null)).toBe(true);
    expect(generated.some((c) => c.email === 'email_not_unlocked@domain.com')).toBe(true);
    expect(generated.some((c) => c.email_status === 'unavailable')).toBe(true);
    const usable = generated.filter((c) => !isUnusable(c));
    for (const c of usable) expect(['verified', 'guessed']).toContain(c.email_status);
    const walmartEmails = usable.filter((c) => c.master_account_id === 'acc_walmart_com').map((c) => c.email);
    for (const email of walmartEmails) expect(email).toMatch(/^[a-z]+\.[a-z]+\d*@walmart\.com$/);
  });

  it('builds the same demo every time', () => {
    const again = buildDemoAccounts(fortuneText);
    expect(again).toEqual(accounts);
    expect(buildDemoContacts(again, parseFortune500Csv(fortuneText))).toEqual(contacts);
    expect(buildJobPostings(again)).toEqual(buildJobPostings(accounts));
    const articles = parseWikinewsCsv(wikinewsText).slice(0, 300);
    expect(matchArticlesToAccounts(articles, again)).toEqual(matchArticlesToAccounts(articles, accounts));
  });
});

describe('Wikinews articles attached to the accounts they mention', () => {
  it("keeps the wiki's own pages (categories, portals, user drafts) out of the news", () => {
    const rows = parseWikinewsCsv(wikinewsText);
    const pages = rows.filter((a) => !isNewsArticle(a)).map((a) => a.title);
    expect(pages).toContain('User:Spshu/preparation');
    expect(pages).toContain('Category:Mining');
    expect(pages).toContain('Wikinews:Story preparation/Bernard Madoff dead');
    // Headlines with a colon of their own stay news.
    expect(isNewsArticle({ title: 'IMF: World on brink of recession; prepares special loan program' })).toBe(true);
    expect(isNewsArticle({ title: 'Interview: Danny O’Brien of the Electronic Frontier Foundation' })).toBe(true);
  });

  it("names, where a posting's wording has a place, the company's own city, and leaves no placeholder", () => {
    const postings = buildJobPostings(accounts);
    expect(postings.filter((h) => h.text.includes('{city}'))).toEqual([]);
    const byId = new Map(accounts.map((a) => [a.master_account_id, a]));
    const placed = postings.filter((h) =>
      / (near|around|from our|in) [A-Z][\w. ]* (next|plant|data centre|is taking)|run from /.test(h.text),
    );
    expect(placed.length).toBeGreaterThan(20);
    for (const h of placed) {
      const city = byId.get(h.master_account_id)?.location?.split(',')[0]?.trim() ?? '';
      expect(city.length, h.text).toBeGreaterThan(0);
      expect(h.text.split('.').slice(1).join('.'), h.master_account_id).toContain(city);
    }
  });

  it('writes of plants only at companies that make goods, and of stores only at those that run stores', () => {
    const byId = new Map(accounts.map((a) => [a.master_account_id, a]));
    const postings = buildJobPostings(accounts).map((h) => ({ h, account: byId.get(h.master_account_id) }));
    const resellers = postings.filter(({ account }) =>
      ['Retailing', 'Food & Drug Stores', 'Wholesalers'].includes(account?.sector ?? ''),
    );
    expect(resellers.length).toBeGreaterThan(50);
    // Foot Locker had written of "our New York plant".
    expect(resellers.filter(({ h }) => /\bplants?\b|\bfactor(y|ies)\b/.test(h.text)).map(({ h }) => h.text)).toEqual(
      [],
    );
    const stores = postings.filter(({ h }) => /\bstores?\b/.test(h.text));
    expect(stores.length).toBeGreaterThan(10);
    // Navistar makes trucks and Expedia sells trips: neither has stores.
    expect(
      stores
        .filter(({ account }) => !['Retailing', 'Food & Drug Stores'].includes(account?.sector ?? ''))
        .map(({ h }) => h.text),
    ).toEqual([]);
    expect(stores.filter(({ account }) => account?.account_name === 'Expedia Group')).toEqual([]);
  });

  it('writes of card fraud only where customers pay the company, of claims only at insurers, of branches only at banks', () => {
    const byId = new Map(accounts.map((a) => [a.master_account_id, a]));
    const postings = buildJobPostings(accounts).map((h) => ({ h, account: byId.get(h.master_account_id) }));
    const of = (pattern: RegExp) => postings.filter(({ h }) => pattern.test(h.text));
    expect(of(/card fraud|identity theft|payment fraud/i).length).toBeGreaterThan(5);
    // Devon Energy and Amgen had written of card fraud against their customers, at their "branches".
    const paying = ['Financials', 'Telecommunications', 'Business Services', 'Hotels, Restaurants & Leisure'];
    expect(
      of(/card fraud|identity theft|payment fraud/i)
        .filter(({ account }) => !paying.includes(account?.sector ?? '') && !/Insurance/.test(account?.industry ?? ''))
        .map(({ account }) => account?.account_name),
    ).toEqual([]);
    expect(of(/fraudulent claims/i).filter(({ account }) => !/Insurance/.test(account?.industry ?? ''))).toEqual([]);
    expect(of(/\bbranches\b/).filter(({ account }) => !/Bank/.test(account?.industry ?? ''))).toEqual([]);
  });

  it('lets at most two companies, and seldom, write the same sentence of what they are going through', () => {
    const byId = new Map(accounts.map((a) => [a.master_account_id, a]));
    const companiesBySentence = new Map<string, Set<string>>();
    for (const h of buildJobPostings(accounts)) {
      const account = byId.get(h.master_account_id);
      const where = account?.location ? ` in ${account.location.replace(/\.$/, '')}` : '';
      const opening = `${account?.account_name} is looking for a new ${h.title}${where}.`;
      expect(h.text.startsWith(opening), h.text).toBe(true);
      const context = h.text.slice(opening.length).split(' The role ')[0]?.trim();
      if (!context || context.startsWith('The role ')) continue;
      const companies = companiesBySentence.get(context) ?? new Set<string>();
      companies.add(h.master_account_id);
      companiesBySentence.set(context, companies);
    }
    // Over 250 postings tell of a change; a handful of wordings without a place may meet twice.
    expect(companiesBySentence.size).toBeGreaterThan(200);
    const shared = [...companiesBySentence].filter(([, companies]) => companies.size > 1);
    expect(shared.filter(([, companies]) => companies.size > 2)).toEqual([]);
    expect(shared.length).toBeLessThanOrEqual(5);
  });

  it('spreads the companies going through the same change over its wordings, not six alike in a row', () => {
    const byId = new Map(accounts.map((a) => [a.master_account_id, a]));
    const taken = new Map<string, number>();
    for (const h of buildJobPostings(accounts)) {
      const city = byId.get(h.master_account_id)?.location?.split(',')[0]?.trim();
      if (!city) continue;
      for (const wording of CONTEXT_THEMES.flat()) {
        if (wording.includes('{city}') && h.text.includes(wording.replace('{city}', city))) {
          taken.set(wording, (taken.get(wording) ?? 0) + 1);
        }
      }
    }
    for (const theme of CONTEXT_THEMES) {
      const counts = theme.filter((w) => w.includes('{city}')).map((w) => taken.get(w) ?? 0);
      if (counts.length < 2 || Math.max(...counts) === 0) continue;
      // Two companies of one city may not write the same sentence: one of them takes the next wording.
      expect(Math.max(...counts) - Math.min(...counts), theme.join(' | ')).toBeLessThanOrEqual(2);
    }
  });

  it('puts both "Wal-Mart" and "Walmart" articles on Walmart', () => {
    const result = attached([
      article('Wal-Mart opens stores in Canada', 'Wal-Mart Stores Inc. said on Monday it would hire 2,000 people.'),
      article('Retail sales rise', "Walmart's quarterly sales rose 4%, the retailer said."),
    ]);
    expect(result).toEqual([['Walmart'], ['Walmart']]);
  });

  it('reads "ExxonMobil" and "Exxon-Mobil" as Exxon Mobil', () => {
    const result = attached([
      article('Oil profits', 'ExxonMobil reported record profits.'),
      article('Oil merger', 'The Exxon-Mobil merger closed in 1999.'),
    ]);
    expect(result).toEqual([['Exxon Mobil'], ['Exxon Mobil']]);
  });

  it('does not take a lower-case "target" for Target, but does the retailer', () => {
    const result = attached([
      article('Inflation target', 'The bank missed its inflation target again this year.'),
      article('Retailers', 'Shoppers queued outside Target and Best Buy before dawn.'),
    ]);
    expect(result).toEqual([[], ['Best Buy', 'Target']]);
  });

  it('knows famous aliases and reads short ones only as whole words', () => {
    const result = attached([
      article('Search', 'Google said its advertising revenue grew.'),
      article('Cars', 'GM will cut 10,000 jobs at Opel.'),
      article('Time zones', 'Trading opened at 0535 GMT.'),
      article('Computers', 'Hewlett-Packard and IBM cut prices.'),
    ]);
    expect(result).toEqual([['Alphabet'], ['General Motors'], [], ['HP', 'IBM']]);
  });

  it('does not take everyday words and surnames for companies', () => {
    const result = attached([
      article('Wildfires', 'Residents of Southern California were told to leave.'),
      article('Newspapers', 'The Washington Post and the New York Post reported the sale.'),
      article('Politics', 'Opposition leader Tony Abbott criticised the budget.'),
      // A one-word name after a given name is a person's surname, however often it is written...
      article(
        'Zimbabwe expels diplomats',
        'US ambassador Christopher Dell was summoned. Officials said Christopher Dell had met the opposition. ' +
          'Christopher Dell denied it.',
      ),
      // ...but not after a word opening the sentence, or one in capitals, or before the company's store.
      article('PC sales', 'Yesterday Dell said sales rose. The UK Dell plant hired staff. Dell shipped more.'),
      article('iPhone queues', 'Queues formed outside the London Apple store. Apple sold more. Apple said so.'),
    ]);
    expect(result).toEqual([[], [], [], [], ['Dell Technologies'], ['Apple']]);
  });

  it('attaches a story to the companies it is about, not to those it names in passing', () => {
    const result = attached([
      article(
        'US toy retail giant Toys R Us files for bankruptcy',
        'On Monday night toy retail giant Toys R Us filed for bankruptcy. The retailer owes US$7.9 billion. ' +
          'E-commerce giant Amazon.com, Walmart and others are some of its competitors, with lower prices.',
      ),
      article('Chip sales rise', 'Sales of chips rose. Analysts were pleased. Intel said demand was strong.'),
      article(
        'Chip sales rise',
        'Sales of chips rose. Intel said demand was strong. Intel shipped more. Intel hired 2,000 staff.',
      ),
      article('Oil profits', 'Quarterly profits at ExxonMobil rose, the company said on Monday. Chevron followed.'),
    ]);
    expect(result).toEqual([[], [], ['Intel'], ['Exxon Mobil']]);
  });

  it('counts each mention once, and reads a website stem in words apart only with its suffix', () => {
    const result = attached([
      // "Best Buy" is both its name and its website's stem: two mentions, not four.
      article('Retail sales rise', 'Sales rose in December. Best Buy said demand held. Best Buy shares rose.'),
      article('UK rail firm cuts 180 jobs', 'British rail company South West Trains will cut 180 jobs.'),
      article(
        'Parker shown the door',
        'Sarah Jessica Parker has lost her fashion cache with Gap Inc. The clothier said so.',
      ),
    ]);
    expect(result).toEqual([[], [], ['Gap']]);
  });

  it('reads companies listed in the first sentence as named in passing, and one named alone there as the subject', () => {
    const result = attached([
      article(
        'Employees killed in factory explosion',
        'An explosion killed three at a maker that supplies companies like Hewlett-Packard, Dell, Sony, Apple and Nokia.',
      ),
      article('Chip sales rise', 'Intel said on Monday that its quarterly sales rose, beating Advanced Micro Devices.'),
    ]);
    expect(result).toEqual([[], ['Advanced Micro Devices', 'Intel']]);
  });

  it('skips articles without a publication date', () => {
    const { hits, stats } = matchArticlesToAccounts([article('Undated', 'Microsoft released Windows.', '')], accounts);
    expect(hits).toEqual([]);
    expect(stats).toMatchObject({ articlesRead: 1, articlesSkipped: 1, articlesMatched: 0 });
  });

  it('attaches well over 300 of the real articles, credited to Wikinews and linked', () => {
    const articles = parseWikinewsCsv(wikinewsText);
    const { hits, stats } = matchArticlesToAccounts(articles, accounts);
    console.log(
      `Wikinews: ${stats.articlesMatched} of ${stats.articlesRead} articles matched ` +
        `(${stats.articlesSkipped} undated skipped), ${stats.hitsMade} news hits on ${stats.accountsWithArticles} accounts`,
    );
    expect(stats.articlesMatched).toBeGreaterThan(300);
    expect(stats.hitsMade).toBe(hits.length);
    expect(new Set(hits.map((h) => h.id)).size).toBe(hits.length);
    for (const hit of hits) {
      expect(hit).toMatchObject({ type: 'news_article', source: 'Wikinews' });
      expect(hit.url).toMatch(/^https:\/\/en\.wikinews\.org\/wiki\//);
      expect(hit.published_at).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
      expect(hit.id.length).toBeLessThanOrEqual(64);
      // Stored as a reader sees it: no wiki comments, italics marks or gaps of dropped links.
      for (const field of [hit.title, hit.text])
        expect(field).not.toMatch(/<!--|''|, ,| ,|^,|\{\||\{\{|\}\}|__[A-Z]+__|==/);
    }
    const walmart = hits.filter((h) => h.master_account_id === 'acc_walmart_com');
    expect(walmart.some((h) => /Wal-Mart/.test(h.text))).toBe(true);
    expect(walmart.some((h) => /Walmart/.test(h.text))).toBe(true);
  });
});

describe('demo job postings', () => {
  it('gives every account 2 to 4 postings from the 90 days before 2026-11-01', () => {
    const jobs = buildJobPostings(accounts);
    const perAccount = new Map<string, number>();
    for (const job of jobs) perAccount.set(job.master_account_id, (perAccount.get(job.master_account_id) ?? 0) + 1);
    expect(perAccount.size).toBe(500);
    for (const count of perAccount.values()) expect([2, 3, 4]).toContain(count);
    const from = Date.parse('2026-08-03T00:00:00.000Z');
    const until = Date.parse('2026-11-01T00:00:00.000Z');
    for (const job of jobs) {
      expect(job).toMatchObject({ type: 'job_posting', source: 'Quarry Jobs', url: null });
      expect(Date.parse(job.published_at)).toBeGreaterThanOrEqual(from);
      expect(Date.parse(job.published_at)).toBeLessThan(until);
    }
    expect(new Set(jobs.map((j) => j.id)).size).toBe(jobs.length);
  });

  it('says goods only where the company deals in goods: an operations role at a bank is about services', () => {
    const jobs = buildJobPostings(accounts);
    const sectorOf = new Map(accounts.map((a) => [a.master_account_id, a.sector]));
    const operations = jobs.filter((j) =>
      /^(Supply Chain Manager|Operations Analyst|Director of Logistics)$/.test(j.title),
    );
    const atBanks = operations.filter((j) => sectorOf.get(j.master_account_id) === 'Financials');
    const atRetailers = operations.filter((j) => sectorOf.get(j.master_account_id) === 'Retailing');
    expect(atBanks.length).toBeGreaterThan(0);
    expect(atRetailers.length).toBeGreaterThan(0);
    for (const job of atBanks) expect(job.text).not.toMatch(/goods|suppliers|plants|warehouses|products/);
    // Nor at an airline, a power utility, a railroad, a pipeline or an oil producer, though their
    // sectors (Transportation, Energy) move goods.
    const industryOf = new Map(accounts.map((a) => [a.master_account_id, a.industry]));
    const services = jobs.filter((j) =>
      ['Airlines', 'Utilities: Gas and Electric', 'Railroads', 'Pipelines', 'Mining, Crude-Oil Production'].includes(
        industryOf.get(j.master_account_id) ?? '',
      ),
    );
    expect(services.length).toBeGreaterThan(20);
    for (const job of services) expect(job.text).not.toMatch(/goods|warehouses|distribution cent(er|re)|plant/);
    // Retailers of goods; Expedia, which Fortune files as a retailer, sells travel; nor does a
    // trader of 184 people run plants.
    const nameOf = new Map(accounts.map((a) => [a.master_account_id, a.account_name]));
    for (const job of atRetailers) {
      if (nameOf.get(job.master_account_id) === 'Expedia Group') expect(job.text).not.toMatch(/goods|stock|warehouse/);
      else expect(job.text).toMatch(/goods move from suppliers/);
    }
    const smallTrader = jobs.filter((j) => nameOf.get(j.master_account_id) === 'A-Mark Precious Metals');
    for (const job of smallTrader) expect(job.text).not.toMatch(/plant|warehouse|goods/);
    // No posting claims products for every company.
    for (const job of jobs) expect(job.text).not.toMatch(/digital products/);
  });
});

describe('seeding the demo accounts into the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('writes accounts, contacts and hits once', async () => {
    const { db } = t.handle;
    // Start from empty whether or not the app's own seed already loaded them.
    await db.deleteFrom('master_hits').execute();
    await db.deleteFrom('master_contacts').execute();
    await db.deleteFrom('master_accounts').execute();
    await db.deleteFrom('account_aliases').execute();

    // How long this takes is printed at start-up, not asserted: a loaded CI machine is no benchmark.
    const stats = await seedDemoAccounts(db);

    const count = async (table: 'master_accounts' | 'master_contacts' | 'master_hits') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(stats).not.toBeNull();
    expect(await count('master_accounts')).toBe(500);
    expect(await count('master_contacts')).toBe(contacts.length);
    expect(await count('master_hits')).toBe((stats?.newsHits ?? 0) + (stats?.jobPostings ?? 0));
    expect(stats?.news.articlesMatched).toBeGreaterThan(300);
    // No wiki page reached an account as news ("User:Spshu/preparation" was Discovery's).
    const titles = await db.selectFrom('master_hits').select('title').execute();
    expect(titles.filter((h) => !isNewsArticle(h)).map((h) => h.title)).toEqual([]);

    const walmart = await db
      .selectFrom('master_accounts')
      .selectAll()
      .where('master_account_id', '=', 'acc_walmart_com')
      .executeTakeFirstOrThrow();
    expect(Number(walmart.revenue)).toBe(514_405_000_000);
    const walmartNews = await db
      .selectFrom('master_hits')
      .select('id')
      .where('master_account_id', '=', 'acc_walmart_com')
      .where('type', '=', 'news_article')
      .execute();
    // Its own stories, not every story naming it in passing: ten since passing mentions stopped counting.
    expect(walmartNews.length).toBeGreaterThanOrEqual(10);

    expect(await seedDemoAccounts(db)).toBeNull();
    expect(await count('master_accounts')).toBe(500);

    // Search's other names: "Google" is Alphabet's; a database seeded before aliases gets them at the next start.
    const google = async () =>
      (
        await db
          .selectFrom('account_aliases as x')
          .innerJoin('master_accounts as a', 'a.master_account_id', 'x.master_account_id')
          .select('a.account_name')
          .where('x.alias_key', '=', 'google')
          .execute()
      ).map((r) => r.account_name);
    expect(await google()).toEqual(['Alphabet']);
    await db.deleteFrom('account_aliases').execute();
    expect(await seedDemoAccounts(db)).toBeNull();
    expect(await google()).toEqual(['Alphabet']);
  });
});
