import type { Kysely } from 'kysely';

/**
 * The names a company is known by that its registered name does not spell: "Google" for
 * Alphabet, "P&G" for Procter & Gamble, "GE" for General Electric. Search looks a typed name up
 * here by its compact form (db/compact-name.ts) besides the account names; reference data, like
 * master_accounts, of no tenant.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_aliases')
    .addColumn('alias_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_aliases_pk', ['alias_key', 'master_account_id'])
    .execute();
}
