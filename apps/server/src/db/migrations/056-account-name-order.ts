import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

/**
 * The account table's name order ignores case (db/name-order.ts): its two name indexes of
 * migration 024 are built again with the name in that collation, so that a page sorted by name is
 * still read from an index in order, ids first, however deep it is.
 */
const COLLATION: Record<Engine, string> = { sqlite: 'nocase', postgres: '"und-x-icu"' };

const INDEXES = [
  ['master_accounts_name_page_idx', []],
  ['master_accounts_industry_page_idx', ['industry']],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  for (const [name, leading] of INDEXES) {
    await db.schema.dropIndex(name).execute();
    const columns = [...leading, `account_name collate ${COLLATION[engine]}`, 'master_account_id', 'owner_tenant_id'];
    await sql`CREATE INDEX ${sql.id(name)} ON master_accounts (${sql.raw(columns.join(', '))})`.execute(db);
  }
}
