import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

/** Rows read per page while existing live signals are given their tenant. */
const PAGE = 500;

/**
 * Live signals belong to the tenant whose source carried them (issue #18). A master_hits row, and
 * the signal_items story behind it, gets `owner_tenant_id`: null for reference signals every
 * tenant sees (the Wikinews import, job postings), a tenant's id for what its own sources found.
 *
 * `master_accounts.latest_signal_at` counts reference signals only, so no tenant's source changes
 * what another tenant sees; each tenant's newest private signal per account is kept apart in
 * `account_signal_latest`, by triggers on both engines, and the account table reads the greater.
 *
 * Existing live signals were written as global rows, merged across tenants: each story is split
 * into one per tenant whose sources carried it, credited with that tenant's sources only; a story
 * no source carries any more has no owner to give it to and is deleted. Value matches computed from
 * another tenant's signals are dropped, so start-up computes those tenants' matches again.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema.alterTable('master_hits').addColumn('owner_tenant_id', 'varchar(64)').execute();
  await db.schema.alterTable('signal_items').addColumn('owner_tenant_id', 'varchar(64)').execute();
  await db.schema
    .createIndex('master_hits_owner_idx')
    .on('master_hits')
    .columns(['owner_tenant_id', 'master_account_id'])
    .execute();
  await db.schema
    .createIndex('signal_items_owner_created_idx')
    .on('signal_items')
    .columns(['owner_tenant_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('account_signal_latest')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('latest_signal_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_signal_latest_pk', ['tenant_id', 'master_account_id'])
    .execute();

  await splitLiveSignals(db);
  await replaceTriggers(db, engine);

  // Both columns again, from the rows as they now are.
  await sql`UPDATE master_accounts SET latest_signal_at =
    (SELECT max(h.published_at) FROM master_hits h
      WHERE h.master_account_id = master_accounts.master_account_id AND h.owner_tenant_id IS NULL)`.execute(db);
  await sql`INSERT INTO account_signal_latest (tenant_id, master_account_id, latest_signal_at)
    SELECT owner_tenant_id, master_account_id, max(published_at) FROM master_hits
    WHERE owner_tenant_id IS NOT NULL GROUP BY owner_tenant_id, master_account_id`.execute(db);
}

/** Rows written per statement (SQLite allows 32,766 parameters; a hit row has 9 columns). */
const WRITE_CHUNK = 200;

/**
 * The data step, a page of PAGE items at a time with a fixed number of statements per page (the
 * page's links and hits read at once; deletes, owners and credits by upsert, copies and moved links
 * written in chunks), not a few queries per item.
 */
// biome-ignore lint/suspicious/noExplicitAny: as above
export async function splitLiveSignals(db: Kysely<any>): Promise<void> {
  const sourceNames = new Map<string, string>();
  for (const s of await db.selectFrom('signal_sources').select(['id', 'name']).execute()) {
    sourceNames.set(s.id as string, s.name as string);
  }
  let after = '';
  let split = false;
  for (;;) {
    // Paged by the primary key alone (a condition on the new column would make SQLite scan and sort
    // every remaining row per page); the rows that already have an owner are skipped here.
    const page = await db
      .selectFrom('signal_items')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (page.length === 0) break;
    after = page[page.length - 1]?.id ?? after;
    const items = page.filter((i) => i.owner_tenant_id === null);
    if (items.length === 0) continue;
    split = true;
    const linksOf = groupBy(
      await db
        .selectFrom('signal_item_sources')
        .selectAll()
        .where(
          'item_id',
          'in',
          items.map((i) => i.id as string),
        )
        .orderBy('item_id')
        .orderBy('seen_at')
        .orderBy('source_id')
        .execute(),
      (l) => l.item_id as string,
    );
    const hitIdsOf = new Map(items.map((i) => [i.id as string, parseList(i.account_ids).map((a) => hitId(i.id, a))]));
    const hitsById = new Map<string, Row>();
    for (const ids of chunks([...hitIdsOf.values()].flat(), WRITE_CHUNK * 2)) {
      for (const hit of await db.selectFrom('master_hits').selectAll().where('id', 'in', ids).execute()) {
        hitsById.set(hit.id as string, hit);
      }
    }

    const goneItems: string[] = [];
    const goneHits: string[] = [];
    const ownedItems: Row[] = [];
    const ownedHits: Row[] = [];
    const copies: Row[] = [];
    const copyHits: Row[] = [];
    const splitItems: string[] = [];
    const movedLinks: Row[] = [];
    for (const item of items) {
      const links = linksOf.get(item.id) ?? [];
      const hitIds = hitIdsOf.get(item.id) ?? [];
      const hits = hitIds.map((id) => hitsById.get(id)).filter((h): h is Row => h !== undefined);
      const tenants = [...new Set(links.map((l) => l.tenant_id as string))];
      if (tenants.length === 0) {
        // No source carries it any more: nobody to give it to.
        goneHits.push(...hitIds);
        goneItems.push(item.id);
        continue;
      }
      if (tenants.length > 1) splitItems.push(item.id);
      for (const [index, tenant] of tenants.entries()) {
        const own = links.filter((l) => l.tenant_id === tenant);
        const names = [...new Set(own.map((l) => sourceNames.get(l.source_id) ?? ''))].filter(Boolean).slice(0, 10);
        const credit = creditOf(names);
        if (index === 0) {
          ownedItems.push({ ...item, owner_tenant_id: tenant, source_names: JSON.stringify(names) });
          for (const hit of hits) ownedHits.push({ ...hit, owner_tenant_id: tenant, source: credit || hit.source });
          if (tenants.length > 1) movedLinks.push(...own);
          continue;
        }
        const copyId = crypto.randomBytes(6).toString('hex');
        copies.push({ ...item, id: copyId, owner_tenant_id: tenant, source_names: JSON.stringify(names) });
        movedLinks.push(...own.map((l) => ({ ...l, item_id: copyId })));
        for (const hit of hits) {
          copyHits.push({
            ...hit,
            id: hitId(copyId, hit.master_account_id as string),
            owner_tenant_id: tenant,
            source: credit || hit.source,
          });
        }
      }
    }

    for (const ids of chunks(goneHits, WRITE_CHUNK * 2)) {
      await db.deleteFrom('master_hits').where('id', 'in', ids).execute();
    }
    for (const ids of chunks(goneItems, WRITE_CHUNK * 2)) {
      await db.deleteFrom('signal_items').where('id', 'in', ids).execute();
    }
    // Owners and credits by upsert: one statement for many rows, each with its own values.
    for (const rows of chunks(ownedItems, WRITE_CHUNK)) {
      await db
        .insertInto('signal_items')
        .values(rows)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            owner_tenant_id: sql.ref('excluded.owner_tenant_id'),
            source_names: sql.ref('excluded.source_names'),
          }),
        )
        .execute();
    }
    for (const rows of chunks(ownedHits, WRITE_CHUNK)) {
      await db
        .insertInto('master_hits')
        .values(rows)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            owner_tenant_id: sql.ref('excluded.owner_tenant_id'),
            source: sql.ref('excluded.source'),
          }),
        )
        .execute();
    }
    for (const rows of chunks(copies, WRITE_CHUNK)) await db.insertInto('signal_items').values(rows).execute();
    for (const rows of chunks(copyHits, WRITE_CHUNK)) await db.insertInto('master_hits').values(rows).execute();
    // A split story's links: each tenant's point at that tenant's copy.
    for (const ids of chunks(splitItems, WRITE_CHUNK * 2)) {
      await db.deleteFrom('signal_item_sources').where('item_id', 'in', ids).execute();
    }
    for (const rows of chunks(movedLinks, WRITE_CHUNK)) {
      await db.insertInto('signal_item_sources').values(rows).execute();
    }
  }
  if (split) {
    // Every tenant's matches were computed with every tenant's live signals: start-up computes them again.
    await db.deleteFrom('value_matches').execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: rows of the tables as they were when the migration ran
type Row = Record<string, any>;

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** As the sweep names them (signal-sweep.ts). */
function hitId(itemId: string, accountId: string): string {
  const id = `sig_${itemId}_${accountId}`;
  return id.length <= 64
    ? id
    : `sig_${itemId}_${crypto.createHash('sha1').update(accountId).digest('hex').slice(0, 24)}`;
}

function creditOf(names: string[]): string {
  const text = names.join(' · ');
  return text.length <= 100 ? text : `${text.slice(0, 96)}…`;
}

function parseList(json: string): string[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

// biome-ignore lint/suspicious/noExplicitAny: as above
async function replaceTriggers(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    for (const name of ['master_hits_latest_ai', 'master_hits_latest_ad', 'master_hits_latest_au']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)}`.execute(db);
    }
    const globalLatest = (account: string) =>
      sql.raw(`UPDATE master_accounts SET latest_signal_at =
        (SELECT max(published_at) FROM master_hits WHERE master_account_id = ${account} AND owner_tenant_id IS NULL)
      WHERE master_account_id = ${account};`);
    const privateLatest = (row: 'old' | 'new') =>
      sql.raw(`DELETE FROM account_signal_latest
        WHERE tenant_id = ${row}.owner_tenant_id AND master_account_id = ${row}.master_account_id;
      INSERT INTO account_signal_latest (tenant_id, master_account_id, latest_signal_at)
        SELECT owner_tenant_id, master_account_id, max(published_at) FROM master_hits
        WHERE owner_tenant_id = ${row}.owner_tenant_id AND master_account_id = ${row}.master_account_id
        GROUP BY owner_tenant_id, master_account_id;`);
    await sql`CREATE TRIGGER master_hits_latest_ai AFTER INSERT ON master_hits WHEN new.owner_tenant_id IS NULL BEGIN
      UPDATE master_accounts SET latest_signal_at = new.published_at
      WHERE master_account_id = new.master_account_id AND (latest_signal_at IS NULL OR latest_signal_at < new.published_at);
    END`.execute(db);
    await sql`CREATE TRIGGER master_hits_private_ai AFTER INSERT ON master_hits WHEN new.owner_tenant_id IS NOT NULL BEGIN
      INSERT INTO account_signal_latest (tenant_id, master_account_id, latest_signal_at)
        VALUES (new.owner_tenant_id, new.master_account_id, new.published_at)
        ON CONFLICT (tenant_id, master_account_id) DO UPDATE SET latest_signal_at = excluded.latest_signal_at
        WHERE excluded.latest_signal_at > account_signal_latest.latest_signal_at;
    END`.execute(db);
    await sql`CREATE TRIGGER master_hits_latest_ad AFTER DELETE ON master_hits WHEN old.owner_tenant_id IS NULL BEGIN
      ${globalLatest('old.master_account_id')}
    END`.execute(db);
    await sql`CREATE TRIGGER master_hits_private_ad AFTER DELETE ON master_hits WHEN old.owner_tenant_id IS NOT NULL BEGIN
      ${privateLatest('old')}
    END`.execute(db);
    await sql`CREATE TRIGGER master_hits_latest_au AFTER UPDATE OF master_account_id, published_at, owner_tenant_id ON master_hits BEGIN
      ${globalLatest('old.master_account_id')}
      ${globalLatest('new.master_account_id')}
      ${privateLatest('old')}
      ${privateLatest('new')}
    END`.execute(db);
    return;
  }
  // PostgreSQL: per statement, with transition tables, as migration 005 set up.
  await sql`CREATE OR REPLACE FUNCTION master_hits_latest_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE master_accounts a SET latest_signal_at = n.latest
    FROM (SELECT master_account_id, max(published_at) AS latest FROM new_hits
          WHERE owner_tenant_id IS NULL GROUP BY master_account_id) n
    WHERE a.master_account_id = n.master_account_id
      AND (a.latest_signal_at IS NULL OR a.latest_signal_at < n.latest);
    INSERT INTO account_signal_latest (tenant_id, master_account_id, latest_signal_at)
      SELECT owner_tenant_id, master_account_id, max(published_at) FROM new_hits
      WHERE owner_tenant_id IS NOT NULL GROUP BY owner_tenant_id, master_account_id
      ON CONFLICT (tenant_id, master_account_id) DO UPDATE SET latest_signal_at =
        GREATEST(account_signal_latest.latest_signal_at, excluded.latest_signal_at);
    RETURN NULL;
  END $$`.execute(db);
  // Deletes and updates recompute every account, and every tenant's account, the statement touched.
  const recompute = (from: string) => `
    UPDATE master_accounts a SET latest_signal_at =
      (SELECT max(h.published_at) FROM master_hits h
        WHERE h.master_account_id = a.master_account_id AND h.owner_tenant_id IS NULL)
    WHERE a.master_account_id IN (SELECT master_account_id FROM ${from} WHERE owner_tenant_id IS NULL);
    DELETE FROM account_signal_latest s
      USING (SELECT DISTINCT owner_tenant_id, master_account_id FROM ${from} WHERE owner_tenant_id IS NOT NULL) t
      WHERE s.tenant_id = t.owner_tenant_id AND s.master_account_id = t.master_account_id;
    INSERT INTO account_signal_latest (tenant_id, master_account_id, latest_signal_at)
      SELECT h.owner_tenant_id, h.master_account_id, max(h.published_at) FROM master_hits h
      JOIN (SELECT DISTINCT owner_tenant_id, master_account_id FROM ${from} WHERE owner_tenant_id IS NOT NULL) t
        ON h.owner_tenant_id = t.owner_tenant_id AND h.master_account_id = t.master_account_id
      GROUP BY h.owner_tenant_id, h.master_account_id;`;
  await sql`CREATE OR REPLACE FUNCTION master_hits_latest_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${sql.raw(recompute('old_hits'))}
    RETURN NULL;
  END $$`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION master_hits_latest_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${sql.raw(recompute('(SELECT master_account_id, owner_tenant_id FROM old_hits UNION SELECT master_account_id, owner_tenant_id FROM new_hits) u'))}
    RETURN NULL;
  END $$`.execute(db);
}
