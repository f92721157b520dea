import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ImpersonationsTable } from '../../db/schema.ts';

export type ImpersonationRow = Selectable<ImpersonationsTable>;

/**
 * Impersonations bound to the support account's sessions. Keyed by session, not by tenant: the
 * session resolver reads it before any tenant is known.
 */
export function createImpersonationsRepository(db: Db) {
  return {
    findOpenBySession(sessionId: string): Promise<ImpersonationRow | undefined> {
      return db
        .selectFrom('impersonations')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('ended_at', 'is', null)
        .orderBy('started_at', 'desc')
        .executeTakeFirst();
    },

    async insert(row: ImpersonationRow): Promise<void> {
      await db.insertInto('impersonations').values(row).execute();
    },

    /** Ends it once: answers false when someone else (another request) ended it first. */
    async end(id: string, endedAt: string, reason: NonNullable<ImpersonationRow['end_reason']>): Promise<boolean> {
      const result = await db
        .updateTable('impersonations')
        .set({ ended_at: endedAt, end_reason: reason })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type ImpersonationsRepository = ReturnType<typeof createImpersonationsRepository>;
