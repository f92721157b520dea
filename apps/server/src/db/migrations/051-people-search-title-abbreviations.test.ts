import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TITLE_ABBREVIATIONS } from '../../adapters/search/people-search.ts';
import { insertTestAccount, testContact } from '../../testing/test-account.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testEngine } from '../../testing/test-database.ts';
import { acrossTenants } from '../tenant-scope.ts';
import { rewriteDocuments, TITLE_PHRASES } from './051-people-search-title-abbreviations.ts';

/**
 * Migration 051 on PostgreSQL: search documents written before it (name, title and account name
 * only) are written again with the abbreviations of their title phrases, at weight A; run again,
 * it writes nothing. SQLite's documents are not changed.
 */
let t: TestApp;
const ACCOUNT = 'acc_mig051';

beforeAll(async () => {
  t = await createTestApp();
  await insertTestAccount(t.handle.db, ACCOUNT, 'Migration Fiftyone');
}, 60_000);
afterAll(() => t?.close());

describe.skipIf(testEngine() !== 'postgres')('migration 051: title abbreviations in the search documents', () => {
  it('writes the documents made before it again, once', async () => {
    const db = acrossTenants(t.handle.db);
    const contact = (id: string, first: string, last: string, title: string | null) =>
      testContact(id, ACCOUNT, first, last, title);
    await db
      .insertInto('master_contacts')
      .values([
        contact('c51_cfo', 'Maria', 'Ledger', 'Executive Vice President & Chief Financial Officer'),
        contact('c51_hr', 'Hana', 'People', 'Director of Human Resources'),
        contact('c51_none', 'Ed', 'Builder', 'Assembler'),
        contact('c51_null', 'Nora', 'Untitled', null),
      ])
      .execute();
    const ids = ['c51_cfo', 'c51_hr', 'c51_none', 'c51_null'];
    const found = async (query: string) => {
      const { rows } = await sql<{ contact_id: string }>`
        SELECT contact_id FROM master_contact_search
        WHERE contact_id IN (${sql.join(ids)}) AND document @@ to_tsquery('simple', ${query}) ORDER BY contact_id`.execute(
        db,
      );
      return rows.map((r) => r.contact_id);
    };
    // Saved contacts get the abbreviations from the triggers at once.
    expect(await found('cfo & evp & vp')).toEqual(['c51_cfo']);

    // The documents as migration 026 wrote them.
    await sql`UPDATE master_contact_search s
      SET document = to_tsvector('simple', c.first_name || ' ' || c.last_name || ' ' || coalesce(c.title, '') || ' ' || 'Migration Fiftyone')
      FROM master_contacts c WHERE c.id = s.contact_id AND c.id IN (${sql.join(ids)})`.execute(db);
    expect(await found('cfo | vp | evp | hr')).toEqual([]);

    expect(await rewriteDocuments(db)).toBe(2);
    expect(await found('cfo')).toEqual(['c51_cfo']);
    expect(await found('evp & vp & chief <-> financial')).toEqual(['c51_cfo']);
    expect(await found('hr & human <-> resources')).toEqual(['c51_hr']);
    // At weight A, apart from the title's own words (weight D).
    expect(await found('cfo:A & financial:D')).toEqual(['c51_cfo']);
    expect(await found('cfo:D')).toEqual([]);
    expect(await found('fiftyone & migration')).toEqual(ids.slice().sort());

    // Nothing left to write.
    expect(await rewriteDocuments(db)).toBe(0);
  });
});

describe('migration 051: the abbreviations people search reads', () => {
  it('are those the documents hold: a new one needs a migration that writes it into them', () => {
    const searched = Object.fromEntries(Object.entries(TITLE_ABBREVIATIONS).map(([a, words]) => [a, words.join(' ')]));
    expect(searched).toEqual(TITLE_PHRASES);
  });
});
