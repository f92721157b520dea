import type { Db } from '../db/connection.ts';

/** A row of the global account table, a large retailer unless `extra` says otherwise. */
export const sampleAccount = (
  id: string,
  name: string,
  website: string | null,
  extra: Record<string, unknown> = {},
) => ({
  master_account_id: id,
  account_name: name,
  website,
  logo_url: null,
  industry: 'General Merchandisers',
  sector: 'Retailing',
  employees: 1000,
  revenue: 5_000_000,
  location: 'Bentonville, Ark.',
  description: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

/**
 * The accounts the account and territory tests share: Walmart (twice by website), Exxon, Wells
 * Fargo, a name that is SQL, two "General …", and Walmart's two signals (2005 and 2026-10-01).
 */
export async function insertSampleAccounts(db: Db): Promise<void> {
  await db
    .insertInto('master_accounts')
    .values([
      sampleAccount('acc_walmart', 'Walmart', 'walmart.com', { revenue: 514_405_000_000, employees: 2_200_000 }),
      sampleAccount('acc_walmart_dup', 'Walmart Stores', 'walmart.com'),
      sampleAccount('acc_exxon', 'Exxon Mobil', 'exxonmobil.com', { industry: 'Petroleum Refining' }),
      sampleAccount('acc_wells', 'Wells Fargo', 'wellsfargo.com', { industry: 'Commercial Banks' }),
      sampleAccount('acc_sql', "Robert'); DROP TABLE master_accounts;--", null),
      sampleAccount('acc_gd', 'General Dynamics', 'gd.com'),
      sampleAccount('acc_ge', 'General Electric', 'ge.com'),
    ])
    .execute();
  await db
    .insertInto('master_hits')
    .values([
      {
        id: 'h1',
        master_account_id: 'acc_walmart',
        type: 'news_article',
        title: 'Wal-Mart to buy Asda',
        text: 'Older news',
        url: 'https://en.wikinews.org/wiki/A',
        source: 'Wikinews',
        published_at: '2005-01-01',
      },
      {
        id: 'h2',
        master_account_id: 'acc_walmart',
        type: 'job_posting',
        title: 'Data engineer',
        text: 'Newer posting',
        url: null,
        source: 'Quarry Jobs',
        published_at: '2026-10-01',
      },
    ])
    .execute();
}
