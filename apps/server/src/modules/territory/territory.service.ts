import type { FilterGroup, territoryQuerySchema } from '@quarry/shared';
import type { z } from 'zod';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { AccountQueryRepository } from '../filters/account-query.repository.ts';
import { withinMyTerritory } from '../filters/filter-sql.ts';
import type { TerritoryRepository } from './territory.repository.ts';

export type TerritoryQuery = z.infer<typeof territoryQuerySchema>;

/** My Accounts (the spec's territory): the caller's own accounts, listed, added and removed. */
export function createTerritoryService(deps: {
  territory: TerritoryRepository;
  accounts: AccountsRepository;
  accountQuery: AccountQueryRepository;
}) {
  const { territory, accounts, accountQuery } = deps;
  return {
    /** My Accounts: the account query narrowed to the caller's territory. */
    page(ctx: RequestContext, { industry, ...query }: TerritoryQuery) {
      const filter: FilterGroup = {
        complex: true,
        operator: 'AND',
        days_ago: null,
        values: industry
          ? [{ field: 'industry', complex: false, type: 'text', values: [industry], operator: 'IN', days_ago: null }]
          : [],
      };
      return accountQuery.page(ctx, { ...query, filter: withinMyTerritory(filter) });
    },

    /** Adds the accounts that exist; unknown ids are reported, not stored. */
    async add(ctx: RequestContext, ids: string[]) {
      const unique = [...new Set(ids)];
      const known = await accounts.existingAccountIds(ctx, unique);
      const added = await territory.add(ctx, known);
      return { added, unknown: unique.filter((id) => !known.includes(id)) };
    },

    async remove(ctx: RequestContext, ids: string[]) {
      return { removed: await territory.remove(ctx, [...new Set(ids)]) };
    },
  };
}

export type TerritoryService = ReturnType<typeof createTerritoryService>;
