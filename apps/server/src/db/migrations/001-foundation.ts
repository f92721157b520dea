import type { Kysely } from 'kysely';
import type { Engine } from '../connection.ts';
import { idColumn } from './id-column.ts';

// Migrations are frozen in time, so they take an untyped handle.
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('uid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('company', 'varchar(64)', (c) => c.notNull().references('tenants.id'))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_manager', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('preferences', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_company_idx').on('users').columns(['company', 'display_name']).execute();

  await db.schema
    .createTable('company_configurations')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('master_tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('tenant_preferences', 'text', (c) => c.notNull())
    .addColumn('integrations', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'integer', idColumn(engine))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_email_idx')
    .on('login_attempts')
    .columns(['email', 'created_at'])
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('event', 'varchar(120)', (c) => c.notNull())
    .addColumn('name', 'varchar(500)')
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('user_properties', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_events_pk', ['tenant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('analytics_events_tenant_time_idx')
    .on('analytics_events')
    .columns(['tenant_id', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('analytics_events_tenant_event_idx')
    .on('analytics_events')
    .columns(['tenant_id', 'event', 'occurred_at'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', idColumn(engine))
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
