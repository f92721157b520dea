import type { AnalyticsEvent } from '@quarry/shared';
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database, UploadFailuresTable, UploadsTable } from '../../db/schema.ts';
import { ownedRow, referenceOrOwnedBy, scopedTo, tenantKey, type WithoutTenant } from '../../db/scoped.ts';
import { createJobsRepository } from '../../jobs/jobs.repository.ts';
import { createAnalyticsRepository } from '../analytics/analytics.repository.ts';

/** An upload as the pages show it, with the uploader's name. */
export type UploadRow = WithoutTenant<Selectable<UploadsTable>> & {
  created_by_name: string | null;
  /** The destination list's id while it exists (null for a territory, or a list since deleted). */
  destination_list_id: string | null;
};
/** An upload as the job reads it: its row and its lines. */
export type UploadForJob = Selectable<UploadsTable> & { lines: string };
export type UploadFailureRow = WithoutTenant<Omit<Selectable<UploadFailuresTable>, 'upload_id'>>;

/** Which uploads a reader sees: their own, or (managers and admins) the whole company's. */
export type UploadReader = { tenantId: string; uid: string; seesAll: boolean };

/** The counts one chunk adds to its upload. */
export type ChunkCounts = {
  added_count: number;
  already_present_count: number;
  created_count: number;
  failed_count: number;
  not_fitted_count: number;
};

/** Rows per statement: far below both engines' bound-parameter limits (SQLite 32,766). */
const BATCH = 500;

const columns = [
  'u.id',
  'u.type',
  'u.status',
  'u.input_label',
  'u.input_kind',
  'u.input_digest',
  'u.first_line',
  'u.destination_type',
  'u.destination_id',
  'u.destination_name',
  'u.line_count',
  'u.processed_count',
  'u.added_count',
  'u.already_present_count',
  'u.created_count',
  'u.failed_count',
  'u.not_fitted_count',
  'u.error_code',
  'u.created_by',
  'u.created_at',
  'u.updated_at',
  'u.finished_at',
  'u.via_uid',
] as const;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** The work of one chunk, inside its transaction, always within the upload's tenant. */
function chunkWork(trx: Transaction<Database>, tenantId: string, uploadId: string) {
  const scoped = scopedTo(trx, tenantId);
  return {
    /**
     * Moves the cursor from `from` to `to`; false when the upload is no longer there (another worker
     * moved it on, or it finished). Done first, so the row stays locked until the chunk commits.
     */
    async claim(from: number, to: number, at: string): Promise<boolean> {
      const result = await scoped
        .updateTable('uploads')
        .set({ processed_count: to, updated_at: at })
        .where('id', '=', uploadId)
        .where('status', '=', 'IN_PROGRESS')
        .where('processed_count', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async addedSoFar(): Promise<number> {
      const row = await scoped
        .selectFrom('uploads')
        .select('added_count')
        .where('id', '=', uploadId)
        .executeTakeFirstOrThrow();
      return row.added_count;
    },

    /** Accounts of the tenant made from domains no one knew (their website is the registrable domain); answers how many were new. */
    async createAccounts(accounts: { id: string; name: string; website: string }[], at: string): Promise<number> {
      let created = 0;
      for (const part of batches(accounts)) {
        const result = await scoped
          .insertInto('master_accounts')
          .values(
            // The columns an upload knows; the others are left to their default (null).
            part.map((a) =>
              ownedRow(
                {
                  master_account_id: a.id,
                  account_name: a.name,
                  website: a.website,
                  website_domain: a.website,
                  created_at: at,
                  added_by_upload_id: uploadId,
                },
                tenantId,
              ),
            ),
          )
          .onConflict((oc) => oc.column('master_account_id').doNothing())
          .executeTakeFirst();
        created += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return created;
    },

    async inTerritory(uid: string, ids: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const part of batches(ids)) {
        const rows = await scoped
          .selectFrom('territory_accounts')
          .select('master_account_id')
          .where('user_id', '=', uid)
          .where('master_account_id', 'in', part)
          .execute();
        for (const r of rows) found.add(r.master_account_id);
      }
      return found;
    },

    async addToTerritory(uid: string, ids: string[], at: string): Promise<number> {
      let added = 0;
      for (const part of batches(ids)) {
        const result = await scoped
          .insertInto('territory_accounts')
          .values(part.map((id) => ({ user_id: uid, master_account_id: id, added_at: at })))
          .onConflict((oc) => oc.columns(tenantKey('user_id', 'master_account_id')).doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return added;
    },

    /** Adds to the list; answers how many were not there yet. */
    async addToList(listId: string, ids: string[], by: string, at: string): Promise<number> {
      let added = 0;
      for (const part of batches(ids)) {
        const result = await scoped
          .insertInto('list_accounts')
          .values(
            part.map((id) => ({
              list_id: listId,
              master_account_id: id,
              added_at: at,
              added_by: by,
            })),
          )
          .onConflict((oc) => oc.columns(['list_id', 'master_account_id']).doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      if (added > 0) {
        await scoped.updateTable('lists').set({ updated_at: at, updated_by: by }).where('id', '=', listId).execute();
      }
      return added;
    },

    async addFailures(failures: UploadFailureRow[]): Promise<void> {
      for (const part of batches(failures)) {
        await scoped
          .insertInto('upload_failures')
          .values(part.map((f) => ({ ...f, upload_id: uploadId })))
          .execute();
      }
    },

    async addCounts(counts: ChunkCounts): Promise<void> {
      await scoped
        .updateTable('uploads')
        .set((eb) => ({
          added_count: eb('added_count', '+', counts.added_count),
          already_present_count: eb('already_present_count', '+', counts.already_present_count),
          created_count: eb('created_count', '+', counts.created_count),
          failed_count: eb('failed_count', '+', counts.failed_count),
          not_fitted_count: eb('not_fitted_count', '+', counts.not_fitted_count),
        }))
        .where('id', '=', uploadId)
        .execute();
    },
  };
}

export type ChunkWork = ReturnType<typeof chunkWork>;

/** Uploads, their failures, and the chunked work of the upload job; always within one tenant. */
export function createUploadsRepository(db: Db) {
  const scoped = (tenantId: string) => scopedTo(db, tenantId);
  const uploadsOf = (reader: UploadReader) => {
    let query = scoped(reader.tenantId)
      .selectFrom('uploads as u')
      .leftJoin('users', (join) =>
        join.onRef('users.uid', '=', 'u.created_by').on('users.company', '=', reader.tenantId),
      )
      // The destination list, if it still exists (the upload keeps the name it had).
      .leftJoin('lists', (join) =>
        join.onRef('lists.id', '=', 'u.destination_id').on('u.destination_type', '=', 'list'),
      )
      .select(columns)
      .select(['users.display_name as created_by_name', 'lists.id as destination_list_id']);
    if (!reader.seesAll) query = query.where('u.created_by', '=', reader.uid);
    return query;
  };

  return {
    /**
     * Records the upload with its lines and queues its job in one transaction: no upload is left
     * PENDING without a job. The lines go in a table of their own, so that the row the job updates
     * at every chunk stays small (SQLite copies a whole row when any column of it changes).
     */
    async insertAndQueue(
      tenantId: string,
      upload: WithoutTenant<Insertable<UploadsTable>>,
      lines: string,
      jobType: string,
      now: Date,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await scopedTo(trx, tenantId).insertInto('uploads').values(upload).execute();
        await scopedTo(trx, tenantId).insertInto('upload_lines').values({ upload_id: upload.id, lines }).execute();
        await createJobsRepository(trx).enqueueFor(tenantId, jobType, { upload_id: upload.id }, { now });
      });
    },

    list(reader: UploadReader, limit: number): Promise<UploadRow[]> {
      return uploadsOf(reader).orderBy('u.created_at', 'desc').orderBy('u.id', 'desc').limit(limit).execute();
    },

    async find(reader: UploadReader, id: string): Promise<UploadRow | null> {
      return (await uploadsOf(reader).where('u.id', '=', id).executeTakeFirst()) ?? null;
    },

    /** The upload as the job reads it, lines included. */
    async forJob(tenantId: string, id: string): Promise<UploadForJob | null> {
      return (
        (await scoped(tenantId)
          .selectFrom('uploads')
          .innerJoin('upload_lines', 'upload_lines.upload_id', 'uploads.id')
          .selectAll('uploads')
          .select('upload_lines.lines')
          .where('uploads.id', '=', id)
          .executeTakeFirst()) ?? null
      );
    },

    /** The upload's failed lines in line order; the first `limit` of them when given. */
    async failures(tenantId: string, id: string, limit?: number): Promise<UploadFailureRow[]> {
      let query = scoped(tenantId)
        .selectFrom('upload_failures')
        .select(['line', 'value', 'reason', 'duplicate_of'])
        .where('upload_id', '=', id)
        .orderBy('line');
      if (limit !== undefined) query = query.limit(limit);
      return query.execute();
    },

    /** Moves the status on, only from one of `from`; answers whether it moved. */
    async setStatus(
      tenantId: string,
      id: string,
      change: { status: string; error_code?: string | null; finished_at?: string | null; updated_at: string },
      from: string[],
    ): Promise<boolean> {
      const result = await scoped(tenantId)
        .updateTable('uploads')
        .set(change)
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Known accounts by the registrable domain of their website, as this tenant sees them (the
     * reference data, and its own uploads' accounts). Where several share a domain, the one whose
     * website is the domain itself wins ("ge.com" over "investors.ge.com"), then the lowest id.
     * Read before a chunk's transaction, not inside it, so the transaction only writes.
     */
    async accountsByDomain(tenantId: string, domains: string[]): Promise<Map<string, string>> {
      const found = new Map<string, { id: string; exact: boolean }>();
      for (const part of batches(domains)) {
        const rows = await scoped(tenantId)
          .selectFrom('master_accounts')
          .select(['master_account_id', 'website', 'website_domain'])
          .where('website_domain', 'in', part)
          .where(referenceOrOwnedBy(tenantId))
          .orderBy('master_account_id')
          .execute();
        for (const r of rows) {
          if (!r.website_domain) continue;
          const exact = r.website === r.website_domain;
          const earlier = found.get(r.website_domain);
          if (!earlier || (exact && !earlier.exact)) found.set(r.website_domain, { id: r.master_account_id, exact });
        }
      }
      return new Map([...found].map(([domain, { id }]) => [domain, id]));
    },

    async existingAccountIds(tenantId: string, ids: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const part of batches(ids)) {
        const rows = await scoped(tenantId)
          .selectFrom('master_accounts')
          .select('master_account_id')
          .where('master_account_id', 'in', part)
          .where(referenceOrOwnedBy(tenantId))
          .execute();
        for (const r of rows) found.add(r.master_account_id);
      }
      return found;
    },

    /**
     * IN_PROGRESS → COMPLETED and the event that says so ("Accounts Uploaded", built from the
     * finished row's counts) in one transaction: both happen, once, or neither. Answers whether
     * this caller completed it (another worker may have).
     */
    async complete(
      tenantId: string,
      id: string,
      at: string,
      eventFor: (upload: Selectable<UploadsTable>) => AnalyticsEvent,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const scopedTrx = scopedTo(trx, tenantId);
        const result = await scopedTrx
          .updateTable('uploads')
          .set({ status: 'COMPLETED', finished_at: at, updated_at: at })
          .where('id', '=', id)
          .where('status', '=', 'IN_PROGRESS')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        const upload = await scopedTrx.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await createAnalyticsRepository(trx).insertMany(tenantId, [eventFor(upload)]);
        return true;
      });
    },

    /** Runs one chunk's work in a transaction: all of it counts, or none of it. */
    inChunk<T>(tenantId: string, uploadId: string, work: (chunk: ChunkWork) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(chunkWork(trx, tenantId, uploadId)));
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
