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

/** A person of an account, as master_contacts stores it, with nothing but a name and a title. */
export function testContact(id: string, accountId: string, first: string, last: string, title: string | null) {
  return {
    id,
    external_contact_id: null,
    master_account_id: accountId,
    first_name: first,
    last_name: last,
    title,
    seniority: null,
    department: null,
    email: null,
    email_status: null,
    linkedin_url: null,
  };
}
