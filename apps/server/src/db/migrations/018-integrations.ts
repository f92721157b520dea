import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // One connection per tenant and tool (spec sections 3 and 4). The credential is AES-256-GCM
  // ciphertext (iv, tag and data, base64); only its last characters are kept in the clear.
  await db.schema
    .createTable('integrations')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('status_message', 'text')
    .addColumn('account_name', 'varchar(300)')
    .addColumn('credential_encrypted', 'text', (c) => c.notNull())
    .addColumn('credential_tail', 'varchar(10)', (c) => c.notNull())
    .addColumn('field_mappings', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'varchar(32)')
    .addColumn('connected_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('integrations_pk', ['tenant_id', 'type'])
    .execute();

  // The tool an engagement send goes to, so the send job and the flow page know it.
  await db.schema.alterTable('flows').addColumn('destination_integration', 'varchar(20)').execute();
  // The tool's sequence (cadence) the contacts are enrolled in, when one was chosen.
  await db.schema.alterTable('flows').addColumn('destination_sequence', 'varchar(64)').execute();
}
