import type { Db } from '../../db/connection.ts';
import { scopedTo, tenantKey } from '../../db/scoped.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { nowIso } from '../../lib/time.ts';

/** The user's territory: their own accounts, within their tenant. */
export function createTerritoryRepository(db: Db) {
  const scoped = (ctx: RequestContext) => scopedTo(db, ctx.tenantId);
  function mine(ctx: RequestContext) {
    return scoped(ctx)
      .selectFrom('territory_accounts as t')
      .innerJoin('master_accounts as a', 'a.master_account_id', 't.master_account_id')
      .where('t.user_id', '=', ctx.uid);
  }

  return {
    async contains(ctx: RequestContext, id: string): Promise<boolean> {
      const row = await mine(ctx)
        .select('a.master_account_id')
        .where('a.master_account_id', '=', id)
        .executeTakeFirst();
      return Boolean(row);
    },

    async add(ctx: RequestContext, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const added_at = nowIso();
      const result = await scoped(ctx)
        .insertInto('territory_accounts')
        .values(ids.map((id) => ({ user_id: ctx.uid, master_account_id: id, added_at })))
        .onConflict((oc) => oc.columns(tenantKey('user_id', 'master_account_id')).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async remove(ctx: RequestContext, ids: string[]): Promise<number> {
      const result = await scoped(ctx)
        .deleteFrom('territory_accounts')
        .where('user_id', '=', ctx.uid)
        .where('master_account_id', 'in', ids)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type TerritoryRepository = ReturnType<typeof createTerritoryRepository>;
