import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

/**
 * Titles people shorten, as people search read them when this migration was written (a copy: a
 * migration must not change with today's code). An abbreviation added to the search later needs a
 * migration of its own that puts it in the documents.
 */
export const TITLE_PHRASES: Readonly<Record<string, string>> = {
  ceo: 'chief executive officer',
  cfo: 'chief financial officer',
  coo: 'chief operating officer',
  cto: 'chief technology officer',
  cio: 'chief information officer',
  ciso: 'chief information security officer',
  cmo: 'chief marketing officer',
  cro: 'chief revenue officer',
  chro: 'chief human resources officer',
  cpo: 'chief people officer',
  vp: 'vice president',
  svp: 'senior vice president',
  evp: 'executive vice president',
  hr: 'human resources',
};

/** Search documents rewritten per statement. */
const PAGE = 5000;

/**
 * People search on PostgreSQL (issue #20): "cfo acc" was searched as `(cfo | chief <-> financial <->
 * officer) & acc:*`. A GIN index holds no word positions, so the phrase was looked up as `chief &
 * financial & officer`, and, one side of an "or" being enough, the index walked the posting lists of
 * those words, each held by a twelfth to a half of all contacts: EXPLAIN (ANALYZE, BUFFERS) of
 * "cfo acne" at 2M contacts, 883 index pages and 78 ms in the bitmap index scan alone (load 17),
 * 15 ms p95 on a quiet machine. Each document now also holds the abbreviation of every title phrase
 * it contains ("cfo" beside "Chief Financial Officer"), at weight A where its own words have the
 * default D, so the query is `cfo & acc:*`: 79 index pages, 1.5 ms, no phrase to check. A word
 * still being typed that starts an abbreviation ("cf") asks for words of weight D, so it does not
 * find every CFO before "cfo" is typed in full, as on SQLite, whose documents are unchanged.
 *
 * The document function is replaced (the triggers that keep documents in step call it), then every
 * document that differs from what the function now makes is written again, a page of contacts at a
 * time, the GIN index dropped meanwhile and built again after; run again, it writes nothing.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  const phrases = sql.join(
    Object.entries(TITLE_PHRASES).map(
      ([abbreviation, phrase]) => sql`(${sql.lit(abbreviation)}, ${sql.lit(phrase.split(' ').join(' <-> '))}::tsquery)`,
    ),
  );
  await sql`CREATE OR REPLACE FUNCTION quarry_contact_document(first_name text, last_name text, title text, account_name text)
    RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
      SELECT s.d || setweight(to_tsvector('simple', coalesce(
        (SELECT string_agg(t.abbreviation, ' ') FROM (VALUES ${phrases}) AS t(abbreviation, phrase) WHERE s.d @@ t.phrase),
        '')), 'A')
      FROM (SELECT to_tsvector('simple', first_name || ' ' || last_name || ' ' || coalesce(title, '') || ' ' || coalesce(account_name, ''))) AS s(d)
    $$`.execute(db);
  // A GIN index built once over the rewritten documents costs less than one updated per document.
  await sql`DROP INDEX IF EXISTS master_contact_search_document_idx`.execute(db);
  await rewriteDocuments(db);
  await sql`CREATE INDEX master_contact_search_document_idx ON master_contact_search USING GIN (document)`.execute(db);
}

/**
 * Writes again, a page at a time, every search document that differs from what the function makes;
 * answers how many it wrote.
 */
// biome-ignore lint/suspicious/noExplicitAny: as above
export async function rewriteDocuments(db: Kysely<any>): Promise<number> {
  let after = '';
  let written = 0;
  for (;;) {
    const { rows } = await sql<{ last: string | null }>`
      SELECT max(contact_id) AS last FROM (
        SELECT contact_id FROM master_contact_search WHERE contact_id > ${after} ORDER BY contact_id LIMIT ${PAGE}) AS page`.execute(
      db,
    );
    const last = rows[0]?.last;
    if (!last) return written;
    // Materialized, so the function runs once a contact, not in the SET and again in the WHERE.
    const { numAffectedRows } = await sql`WITH n AS MATERIALIZED (
        SELECT c.id, quarry_contact_document(c.first_name, c.last_name, c.title, a.account_name) AS document
        FROM master_contacts c JOIN master_accounts a ON a.master_account_id = c.master_account_id
        WHERE c.id > ${after} AND c.id <= ${last})
      UPDATE master_contact_search s SET document = n.document
      FROM n WHERE s.contact_id = n.id AND s.document IS DISTINCT FROM n.document`.execute(db);
    written += Number(numAffectedRows ?? 0);
    after = last;
  }
}
