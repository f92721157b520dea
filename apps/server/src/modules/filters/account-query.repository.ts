import type { AccountsQuery, TerritoryPage } from '@quarry/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { filterWhere } from './filter-sql.ts';

/** Master accounts matching a filter, as the My Accounts table pages them. */
export function createAccountQueryRepository(db: Db) {
  return {
    /** `q` narrows to names or websites containing it, case-insensitively. */
    async page(
      ctx: RequestContext,
      query: Omit<AccountsQuery, 'scope'> & { q?: string | undefined },
    ): Promise<TerritoryPage> {
      let base = db.selectFrom('master_accounts as a').where(filterWhere(ctx, query.filter));
      const q = query.q?.trim().toLowerCase();
      if (q) {
        const pattern = sql<string>`${containsPattern(q)} escape '\\'`;
        base = base.where((eb) =>
          eb.or([
            eb(sql`lower(a.account_name)`, 'like', pattern),
            eb(sql`lower(coalesce(a.website, ''))`, 'like', pattern),
          ]),
        );
      }
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
  };
}

export type AccountQueryRepository = ReturnType<typeof createAccountQueryRepository>;
