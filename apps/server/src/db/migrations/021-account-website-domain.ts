import type { Kysely } from 'kysely';
import { registrableDomain } from '../../lib/registrable-domain.ts';

/** Accounts read per page while the column is filled. */
const PAGE = 1000;

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // Uploads match known companies by the registrable domain of their website (issue #16): a company
  // stored as "investors.ge.com" or "https://www.ge.com/" is the one an upload of "ge.com" means.
  // The domain is computed in code (the Public Suffix List through tldts), so it is stored, indexed,
  // and written by every insert of an account.
  await db.schema.alterTable('master_accounts').addColumn('website_domain', 'varchar(300)').execute();
  let after = '';
  for (;;) {
    const rows: { master_account_id: string; website: string }[] = await db
      .selectFrom('master_accounts')
      .select(['master_account_id', 'website'])
      .where('website', 'is not', null)
      .where('master_account_id', '>', after)
      .orderBy('master_account_id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const domain = registrableDomain(row.website);
      if (!domain) continue;
      await db
        .updateTable('master_accounts')
        .set({ website_domain: domain })
        .where('master_account_id', '=', row.master_account_id)
        .execute();
    }
    after = rows[rows.length - 1]?.master_account_id ?? after;
  }
  await db.schema
    .createIndex('master_accounts_website_domain_idx')
    .on('master_accounts')
    .column('website_domain')
    .execute();
}
