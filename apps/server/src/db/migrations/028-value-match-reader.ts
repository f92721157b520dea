import type { Kysely } from 'kysely';

/**
 * The optional model reader's answers (issue #19): whether an article reports a trigger's event
 * about its account, with the quoted span, cached per tenant, hit and profile version so a
 * recompute asks the model only about hits it has not read under the current profile.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('value_match_reader_answers')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('hit_id', 'varchar(200)', (c) => c.notNull())
    // A hash of the hypotheses and triggers the question was asked under.
    .addColumn('profile_version', 'varchar(64)', (c) => c.notNull())
    // 'yes' or 'no' (a quote not found in the text is stored as 'no').
    .addColumn('verdict', 'varchar(8)', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('value_match_reader_answers_pk', ['tenant_id', 'profile_version', 'hit_id'])
    .execute();
}
