import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // Add Accounts by upload (issue #16): one row per upload, its lines kept beside it so the job can
  // resume where it stopped (processed_count is the cursor; counts move with it in one transaction).
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('input_label', 'varchar(300)', (c) => c.notNull())
    /** lines, csv or filter */
    .addColumn('input_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('input_digest', 'varchar(64)', (c) => c.notNull())
    /** The values, one per line (the CSV's chosen column, or the filter's account ids), in order. */
    .addColumn('lines', 'text', (c) => c.notNull())
    /** The source line number of the first value (2 below a CSV header). */
    .addColumn('first_line', 'integer', (c) => c.notNull())
    .addColumn('destination_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('destination_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('destination_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('processed_count', 'integer', (c) => c.notNull())
    .addColumn('added_count', 'integer', (c) => c.notNull())
    .addColumn('already_present_count', 'integer', (c) => c.notNull())
    .addColumn('created_count', 'integer', (c) => c.notNull())
    .addColumn('failed_count', 'integer', (c) => c.notNull())
    .addColumn('not_fitted_count', 'integer', (c) => c.notNull())
    .addColumn('error_code', 'varchar(40)')
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('uploads_tenant_created_idx')
    .on('uploads')
    .columns(['tenant_id', 'created_at'])
    .execute();

  // The lines that added no account, with why: the failures CSV.
  await db.schema
    .createTable('upload_failures')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('upload_id', 'varchar(64)', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('value', 'varchar(500)', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('duplicate_of', 'integer')
    .addPrimaryKeyConstraint('upload_failures_pk', ['upload_id', 'line'])
    .execute();

  // An account made from a domain no one knew belongs to the tenant that uploaded it: other
  // tenants neither find it nor match it.
  await db.schema.alterTable('master_accounts').addColumn('owner_tenant_id', 'varchar(64)').execute();
  await db.schema.alterTable('master_accounts').addColumn('added_by_upload_id', 'varchar(64)').execute();
}
