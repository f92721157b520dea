import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // Outreach flows (spec sections 3 and 4): one row per run, its counts kept beside it so /actions
  // reads one row per flow however many messages it holds.
  await db.schema
    .createTable('flows')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(40)', (c) => c.notNull())
    .addColumn('destination_type', 'varchar(20)')
    .addColumn('destination_status', 'varchar(40)')
    .addColumn('initiated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('initiated_from', 'varchar(500)', (c) => c.notNull())
    .addColumn('account_names', 'text', (c) => c.notNull())
    .addColumn('account_count', 'integer', (c) => c.notNull())
    .addColumn('message_count', 'integer', (c) => c.notNull())
    .addColumn('generated_count', 'integer', (c) => c.notNull())
    .addColumn('needs_review_count', 'integer', (c) => c.notNull())
    .addColumn('approved_count', 'integer', (c) => c.notNull())
    .addColumn('delivered_count', 'integer', (c) => c.notNull())
    .addColumn('delivery_failed_count', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('error_code', 'varchar(40)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flows_tenant_created_idx').on('flows').columns(['tenant_id', 'created_at']).execute();
  await db.schema
    .createIndex('flows_tenant_initiator_created_idx')
    .on('flows')
    .columns(['tenant_id', 'initiated_by', 'created_at'])
    .execute();

  // One contact's message in a flow: its steps (subject and body each), the evidence it was written
  // from, its review and delivery state. version counts edits, so a stale save is refused.
  await db.schema
    .createTable('flow_messages')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('flow_id', 'varchar(64)', (c) => c.notNull().references('flows.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('account_name', 'varchar(500)', (c) => c.notNull())
    .addColumn('contact_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('contact_title', 'varchar(300)')
    .addColumn('contact_email', 'varchar(320)')
    .addColumn('email_usable', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('review_reason', 'varchar(40)')
    .addColumn('review_detail', 'text')
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('evidence', 'text', (c) => c.notNull())
    .addColumn('edited', 'integer', (c) => c.notNull())
    .addColumn('delivery_error', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_messages_flow_idx')
    .on('flow_messages')
    .columns(['tenant_id', 'flow_id', 'position'])
    .execute();
}
