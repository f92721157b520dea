import type { Kysely } from 'kysely';

/**
 * Tenant-facing tuning (issue #19): what each trigger currently does (accounts per tier, example
 * sentences), written by every recompute, and the "not relevant" marks a tenant's users put on
 * the evidence of a match, the tenant's own labelled data; and the feed's order within a tier.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('value_match_trigger_stats')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('trigger_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('tier_1_accounts', 'integer', (c) => c.notNull())
    .addColumn('tier_2_accounts', 'integer', (c) => c.notNull())
    .addColumn('none_accounts', 'integer', (c) => c.notNull())
    // Evidence hits of Value Match and Value Alignment accounts the trigger matched: the precision's denominator.
    .addColumn('top_tier_hits', 'integer', (c) => c.notNull())
    // JSON: up to three { hit_id, master_account_id, account_name, sentence, start, end }.
    .addColumn('examples', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('value_match_trigger_stats_pk', ['tenant_id', 'trigger_id'])
    .execute();
  await db.schema
    .createTable('value_match_marks')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('hit_id', 'varchar(200)', (c) => c.notNull())
    // JSON: the trigger ids the hit matched when it was marked.
    .addColumn('trigger_ids', 'text', (c) => c.notNull())
    .addColumn('marked_by', 'varchar(200)', (c) => c.notNull())
    .addColumn('marked_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('value_match_marks_pk', ['tenant_id', 'master_account_id', 'hit_id'])
    .execute();

  // The feed's place of each account within its tier, dealt across hypotheses and signal kinds
  // by the recompute (0 for rows computed before: they keep the score order until the next one).
  await db.schema
    .alterTable('value_matches')
    .addColumn('feed_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [name, column] of [
    ['value_matches_feed_idx', null],
    ['value_matches_industry_idx', 'industry'],
    ['value_matches_hypothesis_idx', 'top_hypothesis_id'],
  ] as const) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('value_matches')
      .columns([
        'tenant_id',
        ...(column ? [column] : []),
        'tier_rank desc',
        'feed_rank',
        'score desc',
        'latest_hit_at desc',
        'master_account_id',
      ])
      .execute();
  }
}
