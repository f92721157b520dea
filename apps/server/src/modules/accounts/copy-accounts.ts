import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Insertable } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { MasterAccountsTable } from '../../db/schema.ts';

type AccountRow = Insertable<MasterAccountsTable>;

/** The columns an import fills, in COPY's order. */
const COLUMNS = [
  'master_account_id',
  'account_name',
  'website',
  'website_domain',
  'industry',
  'sector',
  'employees',
  'revenue',
  'location',
  'description',
  'created_at',
] as const satisfies readonly (keyof AccountRow)[];

/** Lines sent to COPY in one write. */
const LINES_PER_WRITE = 2000;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format: \N for null, backslash, tab and line breaks escaped. */
function field(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  return String(value).replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] as string);
}

export type CopyResult = { inserted: number; copied: number };
/** Told how long each step of an import took (the benchmark prints them). */
export type PhaseListener = (phase: string, ms: number) => void;

/**
 * Loads accounts into PostgreSQL through COPY (pg-copy-streams) on one connection in one
 * transaction: every row into a temporary table first, then one INSERT … SELECT into
 * master_accounts that leaves accounts already there (same id) as they were, so an import run
 * twice adds nothing the second time. When at least `bulkRows` accounts are new, the secondary
 * indexes are dropped before that INSERT and built after it, each in one sorted pass, instead of
 * taking a million scattered inserts each. Until the commit that locks the table against readers
 * (DROP INDEX holds it exclusively): a big import belongs in a quiet hour, a small one never
 * drops anything. Statistics are refreshed before the commit, and a big import vacuums after it
 * so that counts read indexes alone (index-only scans need the visibility map).
 */
export async function copyAccounts(
  pool: pg.Pool,
  rows: AsyncIterable<AccountRow>,
  { bulkRows, onPhase }: { bulkRows: number; onPhase?: PhaseListener },
): Promise<CopyResult> {
  const client = await pool.connect();
  let bulk = false;
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    onPhase?.(name, now - phaseStart);
    phaseStart = now;
  };
  try {
    await client.query('BEGIN');
    await client.query(`CREATE TEMPORARY TABLE import_accounts ON COMMIT DROP AS
      SELECT ${COLUMNS.join(', ')} FROM master_accounts WITH NO DATA`);
    const stream = client.query(copyFrom(`COPY import_accounts (${COLUMNS.join(', ')}) FROM STDIN`));
    let lines: string[] = [];
    const send = async () => {
      if (lines.length === 0) return;
      const ok = stream.write(`${lines.join('\n')}\n`);
      lines = [];
      if (!ok) await once(stream, 'drain');
    };
    try {
      for await (const row of rows) {
        lines.push(COLUMNS.map((c) => field(row[c])).join('\t'));
        if (lines.length === LINES_PER_WRITE) await send();
      }
      await send();
      stream.end();
      await finished(stream);
    } catch (error) {
      stream.destroy(error as Error);
      throw error;
    }
    const copied = stream.rowCount;
    phase('copy');

    // Into an empty table every account is new; otherwise count those not there yet.
    const { rows: fresh } = await client.query<{ n: string }>(`SELECT CASE
        WHEN NOT EXISTS (SELECT 1 FROM master_accounts) THEN (SELECT count(*) FROM import_accounts)
        ELSE (SELECT count(DISTINCT s.master_account_id) FROM import_accounts s
          WHERE NOT EXISTS (SELECT 1 FROM master_accounts a WHERE a.master_account_id = s.master_account_id))
      END AS n`);
    bulk = Number(fresh[0]?.n ?? 0) >= bulkRows;
    let rebuild: string[] = [];
    if (bulk) {
      // Every index but those behind a constraint (the primary key): the INSERT needs that one.
      const { rows: indexes } = await client.query<{ name: string; ddl: string }>(`SELECT c.relname AS name,
          pg_get_indexdef(i.indexrelid) AS ddl
        FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = 'master_accounts'::regclass
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`);
      for (const index of indexes) await client.query(`DROP INDEX ${client.escapeIdentifier(index.name)}`);
      rebuild = indexes.map((index) => index.ddl);
    }
    phase('compare');
    // In id order, the primary key (kept throughout: other tables reference it) grows at its right
    // edge instead of taking a million inserts at random places.
    const inserted = await client.query(`INSERT INTO master_accounts (${COLUMNS.join(', ')})
      SELECT ${COLUMNS.join(', ')} FROM import_accounts ORDER BY master_account_id
      ON CONFLICT (master_account_id) DO NOTHING`);
    phase('insert');
    if (rebuild.length) {
      // Memory for the sorts of the builds (this transaction only).
      await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const ddl of rebuild) {
        await client.query(ddl);
        phase(`index ${/^CREATE (?:UNIQUE )?INDEX (\S+)/.exec(ddl)?.[1] ?? ''}`);
      }
    }
    // Fresh statistics before anyone searches. A table PostgreSQL never analysed (autovacuum does so
    // minutes later) has its typeahead range on lower(account_name) estimated at a few rows, and is
    // planned as a bitmap scan of every match plus a sort: 550 ms for a two-letter prefix over a
    // million accounts instead of 0.1 ms reading the index in order (issue #20).
    if ((inserted.rowCount ?? 0) > 0) await client.query('ANALYZE master_accounts');
    await client.query('COMMIT');
    phase('analyze and commit');
    if (bulk) {
      await client.query('VACUUM master_accounts');
      phase('vacuum');
    }
    return { inserted: inserted.rowCount ?? 0, copied };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
