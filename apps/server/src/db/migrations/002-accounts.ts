import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';
import { idColumn } from './id-column.ts';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  // Global reference data: the vendor database every tenant searches.
  await db.schema
    .createTable('master_accounts')
    .addColumn('master_account_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('website', 'varchar(253)')
    .addColumn('logo_url', 'text')
    .addColumn('industry', 'varchar(200)')
    .addColumn('sector', 'varchar(200)')
    .addColumn('employees', 'integer')
    .addColumn('revenue', 'bigint')
    .addColumn('location', 'varchar(200)')
    .addColumn('description', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('master_accounts_website_idx').on('master_accounts').column('website').execute();
  // Typeahead reads names by lower-case prefix: a range scan on this index.
  await sql`CREATE INDEX master_accounts_name_lower_idx ON master_accounts (lower(account_name))`.execute(db);

  if (engine === 'sqlite') {
    // External-content FTS5 index kept in step by triggers: an account is searchable once saved.
    await sql`CREATE VIRTUAL TABLE master_accounts_fts USING fts5(
      account_name, website, content='master_accounts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`CREATE TRIGGER master_accounts_ai AFTER INSERT ON master_accounts BEGIN
      INSERT INTO master_accounts_fts(rowid, account_name, website) VALUES (new.rowid, new.account_name, new.website);
    END`.execute(db);
    await sql`CREATE TRIGGER master_accounts_ad AFTER DELETE ON master_accounts BEGIN
      INSERT INTO master_accounts_fts(master_accounts_fts, rowid, account_name, website) VALUES ('delete', old.rowid, old.account_name, old.website);
    END`.execute(db);
    await sql`CREATE TRIGGER master_accounts_au AFTER UPDATE ON master_accounts BEGIN
      INSERT INTO master_accounts_fts(master_accounts_fts, rowid, account_name, website) VALUES ('delete', old.rowid, old.account_name, old.website);
      INSERT INTO master_accounts_fts(rowid, account_name, website) VALUES (new.rowid, new.account_name, new.website);
    END`.execute(db);
  } else {
    await sql`CREATE INDEX master_accounts_search_idx ON master_accounts
      USING GIN (to_tsvector('simple', account_name || ' ' || coalesce(replace(website, '.', ' '), '')))`.execute(db);
  }

  await db.schema
    .createTable('master_contacts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('external_contact_id', 'varchar(64)')
    .addColumn('master_account_id', 'varchar(64)', (c) =>
      c.notNull().references('master_accounts.master_account_id').onDelete('cascade'),
    )
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)')
    .addColumn('seniority', 'varchar(40)')
    .addColumn('department', 'varchar(60)')
    .addColumn('email', 'varchar(254)')
    .addColumn('email_status', 'varchar(20)')
    .addColumn('linkedin_url', 'text')
    .execute();
  await db.schema
    .createIndex('master_contacts_account_idx')
    .on('master_contacts')
    .column('master_account_id')
    .execute();

  await db.schema
    .createTable('master_hits')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('master_account_id', 'varchar(64)', (c) =>
      c.notNull().references('master_accounts.master_account_id').onDelete('cascade'),
    )
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('source', 'varchar(100)', (c) => c.notNull())
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('master_hits_account_idx')
    .on('master_hits')
    .columns(['master_account_id', 'published_at'])
    .execute();

  // Tenant data about accounts.
  await db.schema
    .createTable('favorites')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['tenant_id', 'user_id', 'master_account_id'])
    .execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'integer', idColumn(engine))
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_account_idx')
    .on('comments')
    .columns(['tenant_id', 'master_account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('territory_accounts')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('territory_accounts_pk', ['tenant_id', 'user_id', 'master_account_id'])
    .execute();
}
