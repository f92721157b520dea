import type { Kysely } from 'kysely';

/**
 * What each match's "why now" is written from, as JSON, so the web writes the paragraph in the
 * reader's language. Rows computed before stay null until the next recompute, and show the
 * English `why_now` meanwhile.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('value_matches').addColumn('why_now_facts', 'text').execute();
}
