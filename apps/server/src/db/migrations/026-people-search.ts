import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

/**
 * Cmd+K finds people too (issue #17, item 4): a contact by its name, its title or its account's
 * name, in any mix ("the CEO of Edison International"). Words from two tables cannot share one
 * index, so each contact has a search document holding its name, title and account name, kept
 * in step by triggers (a contact saved or an account renamed is searchable at once):
 * SQLite an FTS5 table on the contact's rowid, PostgreSQL a tsvector per contact with a GIN index.
 * The FTS5 table keeps prefix indexes for 2 to 6 characters: without them a typed "sys" merges
 * the lists of every word that starts so before the first result (8 ms at 100,000 contacts).
 * Names typed from their start are a range scan on lower-case full and last names instead.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await sql`CREATE INDEX master_contacts_full_name_lower_idx ON master_contacts (lower(first_name || ' ' || last_name))`.execute(
    db,
  );
  await sql`CREATE INDEX master_contacts_last_name_lower_idx ON master_contacts (lower(last_name))`.execute(db);

  if (engine === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE master_contacts_fts USING fts5(
      name, title, account_name, tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6')`.execute(db);
    const accountName = sql.raw(
      '(SELECT account_name FROM master_accounts WHERE master_account_id = new.master_account_id)',
    );
    const insert = sql`INSERT INTO master_contacts_fts(rowid, name, title, account_name)
      VALUES (new.rowid, new.first_name || ' ' || new.last_name, new.title, ${accountName});`;
    await sql`CREATE TRIGGER master_contacts_search_ai AFTER INSERT ON master_contacts BEGIN ${insert} END`.execute(db);
    await sql`CREATE TRIGGER master_contacts_search_ad AFTER DELETE ON master_contacts BEGIN
      DELETE FROM master_contacts_fts WHERE rowid = old.rowid;
    END`.execute(db);
    await sql`CREATE TRIGGER master_contacts_search_au AFTER UPDATE ON master_contacts BEGIN
      DELETE FROM master_contacts_fts WHERE rowid = old.rowid; ${insert}
    END`.execute(db);
    await sql`CREATE TRIGGER master_accounts_contacts_search_au AFTER UPDATE OF account_name ON master_accounts BEGIN
      UPDATE master_contacts_fts SET account_name = new.account_name
      WHERE rowid IN (SELECT rowid FROM master_contacts WHERE master_account_id = new.master_account_id);
    END`.execute(db);
    await sql`INSERT INTO master_contacts_fts(rowid, name, title, account_name)
      SELECT c.rowid, c.first_name || ' ' || c.last_name, c.title, a.account_name
      FROM master_contacts c JOIN master_accounts a ON a.master_account_id = c.master_account_id`.execute(db);
    return;
  }

  await sql`CREATE TABLE master_contact_search (
    contact_id varchar(64) PRIMARY KEY REFERENCES master_contacts(id) ON DELETE CASCADE,
    document tsvector NOT NULL)`.execute(db);
  await sql`CREATE FUNCTION quarry_contact_document(first_name text, last_name text, title text, account_name text)
    RETURNS tsvector LANGUAGE sql IMMUTABLE AS
    $$ SELECT to_tsvector('simple', first_name || ' ' || last_name || ' ' || coalesce(title, '') || ' ' || coalesce(account_name, '')) $$`.execute(
    db,
  );
  await sql`CREATE FUNCTION quarry_contact_search_upsert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO master_contact_search (contact_id, document)
      SELECT NEW.id, quarry_contact_document(NEW.first_name, NEW.last_name, NEW.title, a.account_name)
      FROM master_accounts a WHERE a.master_account_id = NEW.master_account_id
      ON CONFLICT (contact_id) DO UPDATE SET document = EXCLUDED.document;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER master_contacts_search_aiu AFTER INSERT OR UPDATE ON master_contacts
    FOR EACH ROW EXECUTE FUNCTION quarry_contact_search_upsert()`.execute(db);
  await sql`CREATE FUNCTION quarry_account_rename_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE master_contact_search s
      SET document = quarry_contact_document(c.first_name, c.last_name, c.title, NEW.account_name)
      FROM master_contacts c
      WHERE c.id = s.contact_id AND c.master_account_id = NEW.master_account_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER master_accounts_contacts_search_au AFTER UPDATE OF account_name ON master_accounts
    FOR EACH ROW EXECUTE FUNCTION quarry_account_rename_contacts()`.execute(db);
  await sql`INSERT INTO master_contact_search (contact_id, document)
    SELECT c.id, quarry_contact_document(c.first_name, c.last_name, c.title, a.account_name)
    FROM master_contacts c JOIN master_accounts a ON a.master_account_id = c.master_account_id`.execute(db);
  await sql`CREATE INDEX master_contact_search_document_idx ON master_contact_search USING GIN (document)`.execute(db);
}
