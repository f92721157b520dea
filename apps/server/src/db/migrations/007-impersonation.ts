import type { Kysely } from 'kysely';
import type { Engine } from '../connection.ts';
import { idColumn } from './id-column.ts';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  // One row per impersonation, bound to the support account's session: while it is open and not
  // past expires_at, that session acts as target_uid within target_tenant_id.
  await db.schema
    .createTable('impersonations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('impersonator_uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('impersonator_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('target_uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(32)')
    /** stopped, expired or signed_out */
    .addColumn('end_reason', 'varchar(16)')
    .execute();
  await db.schema
    .createIndex('impersonations_session_idx')
    .on('impersonations')
    .columns(['session_id', 'ended_at'])
    .execute();

  // Who did what as whom, and when: every start, stop and write made while impersonating.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', idColumn(engine))
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('actor_uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('actor_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('as_uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('as_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('impersonation_id', 'varchar(64)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    /** JSON: what the action touched (method, route, params, reason, status). */
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_tenant_time_idx')
    .on('audit_log')
    .columns(['tenant_id', 'occurred_at'])
    .execute();
  await db.schema.createIndex('audit_log_impersonation_idx').on('audit_log').columns(['impersonation_id']).execute();
}
