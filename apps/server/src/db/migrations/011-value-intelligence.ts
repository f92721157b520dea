import type { Kysely } from 'kysely';

const stamps = (t: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
  t
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull());

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // Value hypothesis (spec sections 3 and 6): private ones are visible to their creator only.
  await stamps(
    db.schema
      .createTable('value_hypotheses')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('visibility', 'varchar(10)', (c) => c.notNull())
      .addColumn('problem_or_goal', 'text', (c) => c.notNull())
      .addColumn('product_value', 'text', (c) => c.notNull())
      .addColumn('roi_explanation', 'text', (c) => c.notNull())
      .addColumn('importance', 'text', (c) => c.notNull())
      .addColumn('observation', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('value_hypotheses_tenant_idx').on('value_hypotheses').columns(['tenant_id']).execute();

  await stamps(
    db.schema
      .createTable('triggers')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('hit_type', 'varchar(30)', (c) => c.notNull())
      .addColumn('phrases', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('hypothesis_ids', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('triggers_tenant_idx').on('triggers').columns(['tenant_id']).execute();

  await stamps(
    db.schema
      .createTable('qualification_signals')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('text', 'varchar(100)', (c) => c.notNull())
      .addColumn('explanation', 'varchar(150)', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('qualification_signals_tenant_idx')
    .on('qualification_signals')
    .columns(['tenant_id'])
    .execute();

  await db.schema
    .createTable('target_titles')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addPrimaryKeyConstraint('target_titles_pk', ['tenant_id', 'position'])
    .execute();

  // Durable jobs: a worker claims a due row by moving its lease forward only while the lease has
  // expired, so two processes never run the same job at once.
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_tenant_idx').on('jobs').columns(['tenant_id', 'type', 'status']).execute();

  await db.schema
    .createTable('value_matches')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('tier', 'varchar(10)', (c) => c.notNull())
    // 2 tier_1, 1 tier_2, 0 Activity Found: the feed sorts on it.
    .addColumn('tier_rank', 'integer', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    // The account's industry at compute time, so the feed filters and lists industries from one index.
    .addColumn('industry', 'varchar(200)')
    .addColumn('top_hypothesis_id', 'varchar(64)')
    .addColumn('top_hypothesis_name', 'varchar(120)')
    .addColumn('top_hit_id', 'varchar(64)')
    .addColumn('top_hit_title', 'text')
    .addColumn('top_hit_published_at', 'varchar(32)')
    .addColumn('latest_hit_at', 'varchar(32)')
    .addColumn('why_now', 'text', (c) => c.notNull())
    /** JSON: the top hit's matched spans. */
    .addColumn('spans', 'text', (c) => c.notNull())
    /** JSON: the engine's whole answer for the account. */
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('value_matches_pk', ['tenant_id', 'master_account_id'])
    .execute();
  await db.schema
    .createIndex('value_matches_feed_idx')
    .on('value_matches')
    .columns(['tenant_id', 'tier_rank desc', 'score desc', 'latest_hit_at desc', 'master_account_id'])
    .execute();
  // One per feed filter, each in feed order, so a filtered page reads only the rows it shows.
  for (const [name, column] of [
    ['value_matches_industry_idx', 'industry'],
    ['value_matches_hypothesis_idx', 'top_hypothesis_id'],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('value_matches')
      .columns(['tenant_id', column, 'tier_rank desc', 'score desc', 'latest_hit_at desc', 'master_account_id'])
      .execute();
  }
}
