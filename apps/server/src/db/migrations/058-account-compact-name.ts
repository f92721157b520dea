import { type Kysely, sql } from 'kysely';

/**
 * Search finds a company however its name is spelt (db/compact-name.ts): "Wal-Mart" and "wal mart"
 * Walmart, "mcdonalds" McDonald's, "procter and gamble" Procter & Gamble. An index on the name's
 * compact form keeps that a range scan over a million accounts. The expression is written out
 * here as it was when the index was made; the search builds the same text.
 */
const COMPACT_NAME =
  "replace(replace(replace(replace(replace(replace(replace(replace(lower(account_name), ' ', ''), '-', ''), '.', ''), ',', ''), '''', ''), '’', ''), '&', ''), '/', '')";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX master_accounts_name_compact_idx ON master_accounts ((${sql.raw(COMPACT_NAME)}))`.execute(db);
}
