import type { TerritoryPage } from '@quarry/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { nowIso } from '../../lib/time.ts';

export type TerritoryQuery = {
  page: number;
  page_size: number;
  sort: 'account_name' | 'website' | 'industry' | 'employees' | 'latest_signal_at';
  direction: 'asc' | 'desc';
  q?: string | undefined;
  industry?: string | undefined;
};

/** Escapes LIKE wildcards so user text matches literally. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The user's territory: their own accounts, within their tenant. */
export function createTerritoryRepository(db: Db) {
  function mine(ctx: RequestContext) {
    return db
      .selectFrom('territory_accounts as t')
      .innerJoin('master_accounts as a', 'a.master_account_id', 't.master_account_id')
      .where('t.tenant_id', '=', ctx.tenantId)
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

    async page(ctx: RequestContext, query: TerritoryQuery): Promise<TerritoryPage> {
      let base = mine(ctx);
      if (query.q?.trim()) {
        const pattern = likeLiteral(query.q.trim().toLowerCase());
        base = base.where((eb) =>
          eb.or([
            eb(sql`lower(a.account_name)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(coalesce(a.website, ''))`, 'like', sql`${pattern} escape '\\'`),
          ]),
        );
      }
      if (query.industry) base = base.where('a.industry', '=', query.industry);
      const latest = sql<
        string | null
      >`(select max(h.published_at) from master_hits h where h.master_account_id = a.master_account_id)`;
      const sortColumn = query.sort === 'latest_signal_at' ? latest : sql.ref(`a.${query.sort}`);
      const [rows, count] = await Promise.all([
        base
          .select([
            'a.master_account_id',
            'a.account_name',
            'a.website',
            'a.logo_url',
            'a.industry',
            'a.employees',
            latest.as('latest_signal_at'),
          ])
          .orderBy(sortColumn, (ob) => (query.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
          .orderBy('a.master_account_id')
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n), page: query.page, page_size: query.page_size };
    },

    async add(ctx: RequestContext, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const added_at = nowIso();
      const result = await db
        .insertInto('territory_accounts')
        .values(ids.map((id) => ({ tenant_id: ctx.tenantId, user_id: ctx.uid, master_account_id: id, added_at })))
        .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'master_account_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async remove(ctx: RequestContext, ids: string[]): Promise<number> {
      const result = await db
        .deleteFrom('territory_accounts')
        .where('tenant_id', '=', ctx.tenantId)
        .where('user_id', '=', ctx.uid)
        .where('master_account_id', 'in', ids)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type TerritoryRepository = ReturnType<typeof createTerritoryRepository>;
