import type { Kysely } from 'kysely';

/**
 * What each trigger does (issue #19) counts, beside the accounts it ranks, the Value Match and
 * Value Alignment accounts where it is found in a signal that does not rank them: a walk read
 * "ranks 0 · 0" beside examples at Value Alignment accounts as a contradiction. 0 until the
 * next recompute writes it.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('value_match_trigger_stats')
    .addColumn('beside_accounts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
