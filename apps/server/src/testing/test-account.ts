import type { Db } from '../db/connection.ts';

/** A retail company in the global account table, for tests that need an account to point at. */
export async function insertTestAccount(db: Db, id: string, name: string): Promise<void> {
  await db
    .insertInto('master_accounts')
    .values({
      master_account_id: id,
      account_name: name,
      website: `${id}.example`,
      website_domain: null,
      logo_url: null,
      industry: 'Retail',
      sector: 'Retailing',
      employees: 100,
      revenue: null,
      location: null,
      description: null,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
}
