import type { PersonHit } from '@quarry/shared';
import { sql } from 'kysely';
import { compactText } from '../../db/compact-name.ts';
import type { DbHandle } from '../../db/connection.ts';
import { searchTerms } from './account-search.ts';

/** Searches the contacts of the accounts a tenant may see: global ones and its own uploads. */
export type PeopleSearch = (tenantId: string, query: string, limit: number) => Promise<PersonHit[]>;

/**
 * Words a person types around what they look for ("the CEO of Edison International"). They are
 * left out unless they are the last word, which may still be the start of a longer one ("the" of
 * "Theresa").
 */
const FILLER_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'the', 'to', 'with']);

/** Titles people shorten: "CEO" finds a "President & Chief Executive Officer". */
export const TITLE_ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  ceo: ['chief', 'executive', 'officer'],
  cfo: ['chief', 'financial', 'officer'],
  coo: ['chief', 'operating', 'officer'],
  cto: ['chief', 'technology', 'officer'],
  cio: ['chief', 'information', 'officer'],
  ciso: ['chief', 'information', 'security', 'officer'],
  cmo: ['chief', 'marketing', 'officer'],
  cro: ['chief', 'revenue', 'officer'],
  chro: ['chief', 'human', 'resources', 'officer'],
  cpo: ['chief', 'people', 'officer'],
  vp: ['vice', 'president'],
  svp: ['senior', 'vice', 'president'],
  evp: ['executive', 'vice', 'president'],
  hr: ['human', 'resources'],
};

const ABBREVIATIONS = Object.keys(TITLE_ABBREVIATIONS);

/** Whether the last word may still be being typed: no space or stop follows it. */
export function lastWordIsOpen(query: string): boolean {
  return /[\p{L}\p{N}]$/u.test(query);
}

/** The words a people search matches: filler words dropped, but for a last word still being typed. */
export function peopleSearchTerms(query: string): string[] {
  const terms = searchTerms(query);
  const open = lastWordIsOpen(query);
  return terms.filter((term, i) => !FILLER_WORDS.has(term) || (open && i === terms.length - 1));
}

type Row = PersonHit;

/** At most this many accounts of one name are read for a title at an account named in full. */
const ACCOUNTS_BY_NAME = 20;

/** At most this many people of those accounts are read and checked for the title's words. */
const PEOPLE_BY_ACCOUNT_NAME = 2000;

/** Words as the search documents cut them: letters and digits, in lower case, diacritics folded. */
function wordsOf(text: string | null): string[] {
  return (
    text
      ?.normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Whether a contact's name, title or account name holds a typed word as the search document would:
 * the word itself, the start of one while it is being typed (`open`), or, for an abbreviation, its
 * title's words in order.
 */
export function holdsTerm(
  row: Pick<Row, 'first_name' | 'last_name' | 'title' | 'account_name'>,
  term: string,
  open: boolean,
): boolean {
  const expansion = TITLE_ABBREVIATIONS[term] ?? [];
  return [`${row.first_name} ${row.last_name}`, row.title, row.account_name].some((field) => {
    const words = wordsOf(field);
    return words.some(
      (word, i) =>
        word === term ||
        (open && word.startsWith(term)) ||
        (expansion.length > 0 && expansion.every((w, k) => words[i + k] === w)),
    );
  });
}

/** Words that join a title to its account: "the CEO of Edison International", "CFO at Sysco". */
const JOINING_WORDS = new Set(['of', 'at', 'from', 'for', 'with']);

/**
 * The ways a query may read as a title and an account's whole name: the words before a joining
 * word and the text after it ("the CEO of Bank of America" both ways), or leading abbreviations
 * and the text after them ("cfo sysco"). Names are lower case, with and without a final stop.
 */
export function titleAndAccountReadings(query: string): { title: string[]; account: string }[] {
  const words = query.trim().toLowerCase().split(/\s+/);
  const readings: { title: string[]; account: string }[] = [];
  const add = (before: string[], after: string[]) => {
    const title = peopleSearchTerms(before.join(' '));
    const account = after.join(' ');
    if (title.length === 0 || !/[\p{L}\p{N}]/u.test(account)) return;
    readings.push({ title, account });
    const bare = account.replace(/[.,;:!?]+$/u, '');
    if (bare !== account && bare) readings.push({ title, account: bare });
  };
  for (let i = 1; i < words.length - 1; i++)
    if (JOINING_WORDS.has(words[i] ?? '')) add(words.slice(0, i), words.slice(i + 1));
  let n = 0;
  while (n < words.length - 1 && TITLE_ABBREVIATIONS[words[n] ?? '']) n++;
  if (n > 0) add(words.slice(0, n), words.slice(n));
  return readings;
}

/**
 * People by name, title and account name, on the database's own indexes, as account search does:
 * first contacts whose full or last name starts with the typed text (range scans on lower-case
 * names), then contacts whose name, title or account name holds every typed word (full-text index
 * over a document per contact), an abbreviated title standing for its words in order. Only a last
 * word still being typed matches as the start of a word: the others are finished, and matching
 * them whole keeps the engine from merging every word that starts like "inc" or "systems".
 * A title at an account named in full ("the CEO of Edison International") skips the full-text
 * index: the account comes from the name index, and its people are checked for the title, which
 * as a full-text phrase over words a third of all contacts hold cost 20–30 ms at 1M accounts.
 * Such a query so finds that account's people only, not also people named like the account.
 * Results sort by account, then by name, so the dialog shows them under their account.
 */
export function createPeopleSearch(handle: DbHandle): PeopleSearch {
  const { db } = handle;
  const fullName = sql<string>`lower(c.first_name || ' ' || c.last_name)`;
  const lastName = sql<string>`lower(c.last_name)`;

  function byName(tenantId: string, prefix: string, column: typeof fullName, limit: number): Promise<Row[]> {
    return db
      .selectFrom('master_contacts as c')
      .innerJoin('master_accounts as a', 'a.master_account_id', 'c.master_account_id')
      .select(['c.id', 'c.master_account_id', 'a.account_name', 'a.logo_url', 'c.first_name', 'c.last_name', 'c.title'])
      .where((eb) => eb.or([eb('a.owner_tenant_id', 'is', null), eb('a.owner_tenant_id', '=', tenantId)]))
      .where(column, '>=', prefix)
      .where(column, '<', `${prefix}\u{10FFFF}`)
      .orderBy(column)
      .limit(limit)
      .execute();
  }

  /**
   * Contacts whose search document matches `expression` (an engine's full-text query), visible to
   * the tenant, at most `limit` of them.
   */
  async function matching(tenantId: string, expression: string, limit: number): Promise<Row[]> {
    const sqlite = handle.engine === 'sqlite';
    const document = sqlite
      ? sql`master_contacts_fts f JOIN master_contacts c ON c.rowid = f.rowid`
      : sql`master_contact_search s JOIN master_contacts c ON c.id = s.contact_id`;
    const matches = sqlite
      ? sql`master_contacts_fts MATCH ${expression}`
      : sql`s.document @@ to_tsquery('simple', ${expression})`;
    const { rows } = await sql<Row>`
      SELECT c.id, c.master_account_id, a.account_name, a.logo_url, c.first_name, c.last_name, c.title
      FROM ${document}
      JOIN master_accounts a ON a.master_account_id = c.master_account_id
      WHERE ${matches} AND (a.owner_tenant_id IS NULL OR a.owner_tenant_id = ${tenantId})
      LIMIT ${limit}`.execute(db);
    return rows;
  }

  /**
   * The engine's full-text query for `terms`, an abbreviation standing also for its title's words
   * in order. `lastIsPrefix`: the last word may still be being typed. On SQLite the abbreviation is
   * or-ed with its title's phrase. On PostgreSQL each search document holds, at weight A, the
   * abbreviations of the title phrases it contains (migration 051), so the abbreviation alone finds
   * them on the index, where the phrase made the index walk the long posting lists of "chief" and
   * "officer" (15 ms p95 at 2M contacts); a word being typed that starts an abbreviation asks for words of
   * the default weight D, so "cf" does not yet find every CFO, as on SQLite.
   */
  function expressionOf(terms: string[], lastIsPrefix: boolean): string {
    const sqlite = handle.engine === 'sqlite';
    return terms
      .map((t, i) => {
        const prefix = lastIsPrefix && i === terms.length - 1;
        if (!sqlite) {
          if (!prefix) return t;
          return ABBREVIATIONS.some((a) => a.startsWith(t)) ? `(${t}:*D | ${t})` : `${t}:*`;
        }
        const term = `"${t}"${prefix ? '*' : ''}`;
        const words = TITLE_ABBREVIATIONS[t];
        return words ? `(${term} OR "${words.join(' ')}")` : term;
      })
      .join(sqlite ? ' AND ' : ' & ');
  }

  /**
   * A title at an account named in full ("the CEO of Edison International", "CFO at Sysco"): the
   * account found by its whole name on the lower-case name index, as account typeahead finds it,
   * then its people read on the contacts' account index and kept when they hold the title's words.
   * Null when no account the tenant may see has such a name: the query is then searched word by word.
   */
  async function byAccountName(tenantId: string, query: string): Promise<Row[] | null> {
    const readings = titleAndAccountReadings(query);
    if (readings.length === 0) return null;
    const accounts = await db
      .selectFrom('master_accounts')
      .select(['master_account_id', sql<string>`lower(account_name)`.as('name')])
      .where(sql<string>`lower(account_name)`, 'in', [...new Set(readings.map((r) => r.account))])
      .where((eb) => eb.or([eb('owner_tenant_id', 'is', null), eb('owner_tenant_id', '=', tenantId)]))
      .limit(ACCOUNTS_BY_NAME)
      .execute();
    // The longest name found is the one meant ("Bank of America" over "America").
    const reading = readings
      .filter((r) => accounts.some((a) => a.name === r.account))
      .sort((a, b) => b.account.length - a.account.length)[0];
    if (!reading) return null;
    const ids = accounts.filter((a) => a.name === reading.account).map((a) => a.master_account_id);
    const people = await db
      .selectFrom('master_contacts as c')
      .innerJoin('master_accounts as a', 'a.master_account_id', 'c.master_account_id')
      .select(['c.id', 'c.master_account_id', 'a.account_name', 'a.logo_url', 'c.first_name', 'c.last_name', 'c.title'])
      .where('c.master_account_id', 'in', ids)
      .limit(PEOPLE_BY_ACCOUNT_NAME + 1)
      .execute();
    // An account of many thousand people: its title holders are better found word by word.
    if (people.length > PEOPLE_BY_ACCOUNT_NAME) return null;
    return people.filter((row) => reading.title.every((term) => holdsTerm(row, term, false)));
  }

  /** Contacts whose name, title or account name holds every typed word. */
  function byWords(tenantId: string, terms: string[], lastIsPrefix: boolean, limit: number): Promise<Row[]> {
    return matching(tenantId, expressionOf(terms, lastIsPrefix), limit);
  }

  return async (tenantId, query, limit) => {
    const terms = peopleSearchTerms(query);
    if (terms.length === 0) return [];
    const prefix = query.trim().toLowerCase().replace(/\s+/g, ' ');
    const found = new Map<string, Row>();
    const add = (rows: Row[]) => {
      for (const row of rows) if (found.size < limit && !found.has(row.id)) found.set(row.id, row);
    };
    add(await byName(tenantId, prefix, fullName, limit));
    if (found.size < limit) add(await byName(tenantId, prefix, lastName, limit));
    const atAccount = found.size < limit ? await byAccountName(tenantId, query) : null;
    if (atAccount) add(atAccount);
    // Over-fetch by what is already found: the same people may match again.
    else if (found.size < limit) add(await byWords(tenantId, terms, lastWordIsOpen(query), limit + found.size));
    // People of the account the query names in full, however it is spelt ("at&t" for AT&T), come first.
    const named = compactText(query);
    const ofNamed = (row: Row) => (named.length >= 2 && compactText(row.account_name) === named ? 0 : 1);
    return [...found.values()].sort(
      (a, b) =>
        ofNamed(a) - ofNamed(b) ||
        a.account_name.localeCompare(b.account_name) ||
        a.master_account_id.localeCompare(b.master_account_id) ||
        a.last_name.localeCompare(b.last_name) ||
        a.first_name.localeCompare(b.first_name),
    );
  };
}
