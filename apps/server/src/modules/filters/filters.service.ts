import {
  type AccountsQuery,
  type ColleagueTerritoryQuery,
  type CreateSavedFilterBody,
  type PickListField,
  type SavedFilter,
  SELECT_ALL_MAX_IDS,
  type UpdateSavedFilterBody,
  type UserSummary,
} from '@quarry/shared';
import { fieldFailure, forbidden, notFound } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { sameWords } from '../../lib/same-words.ts';
import type { AccountQueryRepository } from './account-query.repository.ts';
import { withinMyTerritory } from './filter-sql.ts';
import type { FilterValuesRepository } from './filter-values.repository.ts';
import type { FiltersRepository } from './filters.repository.ts';

export function createFiltersService(deps: {
  filters: FiltersRepository;
  accounts: AccountQueryRepository;
  values: FilterValuesRepository;
  /** A user of the caller's own tenant, or nothing. */
  colleague: (ctx: RequestContext, uid: string) => Promise<UserSummary | undefined>;
}) {
  const { filters, accounts, values, colleague } = deps;

  /** Another tenant's filter and a colleague's private one answer 404, like one that does not exist. */
  async function requireVisible(ctx: RequestContext, id: string): Promise<SavedFilter> {
    const filter = await filters.findVisible(ctx, id);
    if (!filter) throw notFound('Filter not found');
    return filter;
  }

  /** Spec section 6: only the owner edits a saved filter; a colleague who can see it gets 403. */
  async function requireOwn(ctx: RequestContext, id: string): Promise<SavedFilter> {
    const filter = await requireVisible(ctx, id);
    if (filter.created_by !== ctx.uid) throw forbidden('Only the owner can change this filter', 'filter_owner_only');
    return filter;
  }

  /**
   * One owner's filters have distinct names (ignoring case): two "Food public" entries could not
   * be told apart in the saved-filters menu. `except` is the filter being renamed.
   */
  async function requireFreeName(ctx: RequestContext, name: string, except?: string): Promise<void> {
    const taken = (await filters.list(ctx)).some(
      (f) => f.created_by === ctx.uid && f.id !== except && sameWords(f.name, name),
    );
    if (taken) {
      const message = 'You already have a filter with this name';
      throw fieldFailure(409, 'conflict', 'name', message, 'taken');
    }
  }

  return {
    list: (ctx: RequestContext) => filters.list(ctx),

    /** The industries or sectors found in the accounts, for the filter builder's pick-list. */
    values: async (field: PickListField) => ({ values: await values.distinct(field) }),

    get: requireVisible,

    async create(ctx: RequestContext, body: CreateSavedFilterBody) {
      await requireFreeName(ctx, body.name);
      return filters.create(ctx, body);
    },

    async update(ctx: RequestContext, id: string, patch: UpdateSavedFilterBody): Promise<SavedFilter> {
      await requireOwn(ctx, id);
      if (patch.name !== undefined) await requireFreeName(ctx, patch.name, id);
      await filters.updateOwn(ctx, id, patch);
      return requireVisible(ctx, id);
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      await requireOwn(ctx, id);
      await filters.deleteOwn(ctx, id);
    },

    /** Scope "territory" narrows the filter to the caller's own accounts. */
    /** "Select all matching": the ids of every matching account, up to SELECT_ALL_MAX_IDS. */
    async matchingAccountIds(ctx: RequestContext, query: Pick<AccountsQuery, 'filter' | 'scope' | 'q'>) {
      const filter = query.scope === 'territory' ? withinMyTerritory(query.filter) : query.filter;
      const ids = await accounts.ids(ctx, { filter, q: query.q }, SELECT_ALL_MAX_IDS + 1);
      return { master_account_ids: ids.slice(0, SELECT_ALL_MAX_IDS), truncated: ids.length > SELECT_ALL_MAX_IDS };
    },

    queryAccounts(ctx: RequestContext, query: AccountsQuery) {
      const filter = query.scope === 'territory' ? withinMyTerritory(query.filter) : query.filter;
      return accounts.page(ctx, { ...query, filter });
    },

    /**
     * View-as: a colleague's My Accounts, read only. The tenant stays the caller's, so a user of
     * another tenant answers 404 like one that does not exist.
     */
    async queryColleagueTerritory(ctx: RequestContext, uid: string, query: ColleagueTerritoryQuery) {
      const viewed = await colleague(ctx, uid);
      if (!viewed) throw notFound('User not found');
      return accounts.page({ ...ctx, uid: viewed.uid }, { ...query, filter: withinMyTerritory(query.filter) });
    },
  };
}

export type FiltersService = ReturnType<typeof createFiltersService>;
