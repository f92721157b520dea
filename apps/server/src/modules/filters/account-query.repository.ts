import type { AccountsQuery, TerritoryPage } from '@quarry/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { filterWhere } from './filter-sql.ts';

type PageQuery = Omit<AccountsQuery, 'scope'> & { q?: string | undefined };

const latestSignal = sql<
  string | null
>`(select max(h.published_at) from master_hits h where h.master_account_id = a.master_account_id)`;

/** Master accounts matching a filter, as the My Accounts table pages them. */
export function createAccountQueryRepository(db: Db) {
  /** `q` narrows to names or websites containing it, case-insensitively. */
  function matching(ctx: RequestContext, query: PageQuery) {
    const base = db.selectFrom('master_accounts as a').where(filterWhere(ctx, query.filter));
    const q = query.q?.trim().toLowerCase();
    if (!q) return base;
    const pattern = sql<string>`${containsPattern(q)} escape '\\'`;
    return base.where((eb) =>
      eb.or([
        eb(sql`lower(a.account_name)`, 'like', pattern),
        eb(sql`lower(coalesce(a.website, ''))`, 'like', pattern),
      ]),
    );
  }

  function rows(ctx: RequestContext, query: PageQuery) {
    const sortColumn = query.sort === 'latest_signal_at' ? latestSignal : sql.ref(`a.${query.sort}`);
    // account_name is never null: a plain order lets an index (…, account_name, id) give the page directly.
    const nullable = query.sort !== 'account_name';
    return matching(ctx, query)
      .select([
        'a.master_account_id',
        'a.account_name',
        'a.website',
        'a.logo_url',
        'a.industry',
        'a.employees',
        latestSignal.as('latest_signal_at'),
      ])
      .orderBy(sortColumn, (ob) => {
        const ordered = query.direction === 'asc' ? ob.asc() : ob.desc();
        return nullable ? ordered.nullsLast() : ordered;
      })
      .orderBy('a.master_account_id', query.direction)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute();
  }

  async function count(ctx: RequestContext, query: PageQuery): Promise<number> {
    const row = await matching(ctx, query)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Every matching id, in name order, up to `limit`. */
  async function ids(ctx: RequestContext, query: Pick<PageQuery, 'filter' | 'q'>, limit: number): Promise<string[]> {
    const found = await matching(ctx, { ...query, sort: 'account_name', direction: 'asc', page: 1, page_size: 1 })
      .select('a.master_account_id')
      .orderBy('a.account_name')
      .orderBy('a.master_account_id')
      .limit(limit)
      .execute();
    return found.map((r) => r.master_account_id);
  }

  return {
    rows,
    count,
    ids,
    async page(ctx: RequestContext, query: PageQuery): Promise<TerritoryPage> {
      const [found, total] = await Promise.all([rows(ctx, query), count(ctx, query)]);
      return { rows: found, total, page: query.page, page_size: query.page_size };
    },
  };
}

export type AccountQueryRepository = ReturnType<typeof createAccountQueryRepository>;
