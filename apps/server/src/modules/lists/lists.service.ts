import {
  isContactList,
  isSmartList,
  type List,
  type ListMembersPage,
  type ListMembersQuery,
  type ListType,
  TERRITORY_SORTS,
} from '@quarry/shared';
import { fieldFailure, forbidden, invalidField, notFound } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AccountQueryRepository } from '../filters/account-query.repository.ts';
import { inAccountList } from '../filters/filter-sql.ts';
import type { FiltersRepository } from '../filters/filters.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { WorkspacesRepository } from '../workspaces/workspaces.repository.ts';
import type { ListRow, ListsRepository } from './lists.repository.ts';

type Deps = {
  workspaces: WorkspacesRepository;
  lists: ListsRepository;
  users: UsersRepository;
  filters: FiltersRepository;
  accountQuery: AccountQueryRepository;
};

const LIST_NOT_FOUND = 'List not found';

/** Lists (spec section 7): reading, renaming, deleting and their members, with the rights of section 6. */
export function createListsService({ workspaces, lists, users, filters, accountQuery }: Deps) {
  /** Renaming or deleting a list: its creator, or the owner of a workspace holding it. */
  async function requireManageableList(ctx: RequestContext, id: string, action: string): Promise<ListRow> {
    const list = await requireList(ctx, id);
    if (!(await lists.manageableIds(ctx, [id])).has(id)) {
      throw forbidden(`Only the list's creator or the workspace owner can ${action}`, 'list_owner_only');
    }
    return list;
  }

  async function requireList(ctx: RequestContext, id: string): Promise<ListRow> {
    const list = await lists.find(ctx, id);
    if (!list) throw notFound(LIST_NOT_FOUND);
    return list;
  }

  /** The saved filter a smart list evaluates; a filter the caller can no longer see matches nothing. */
  async function smartFilter(ctx: RequestContext, list: ListRow) {
    const saved = list.filter_id ? await filters.findVisible(ctx, list.filter_id) : null;
    return saved?.filter ?? null;
  }

  /**
   * What a reader is told about the saved filter of a smart list: its name when they may read it,
   * else only that it is private and whose, so an empty list is never left unexplained.
   */
  async function smartFilterInfo(ctx: RequestContext, list: ListRow): Promise<List['smart_filter']> {
    if (!isSmartList(list.type as ListType) || !list.filter_id) return null;
    const described = await filters.describe(ctx, list.filter_id);
    if (!described) return { state: 'missing', name: null, private: false, mine: false, owner_name: null };
    const mine = described.created_by === ctx.uid;
    const readable = mine || !described.private;
    const [owner] = readable ? [] : await users.findCompanyUsersByIds(ctx, [described.created_by]);
    return {
      state: readable ? 'readable' : 'private',
      name: readable ? described.name : null,
      private: described.private,
      mine,
      owner_name: owner?.display_name ?? null,
    };
  }

  /** Workspaces (by id) shared with someone besides their owner. */
  async function sharedWorkspaceIds(ctx: RequestContext, rows: ListRow[]): Promise<Set<string>> {
    const ids = [...new Set(rows.flatMap((r) => (r.workspace_id ? [r.workspace_id] : [])))];
    const found = await Promise.all(ids.map((id) => workspaces.find(ctx, id)));
    return new Set(found.flatMap((w) => (w && w.shared_users.length > 0 ? [w.id] : [])));
  }

  async function toLists(ctx: RequestContext, rows: ListRow[]): Promise<List[]> {
    const [counts, manageable, shared] = await Promise.all([
      lists.memberCounts(
        ctx,
        rows.filter((r) => !isSmartList(r.type as ListType)).map((r) => r.id),
      ),
      lists.manageableIds(
        ctx,
        rows.map((r) => r.id),
      ),
      sharedWorkspaceIds(ctx, rows),
    ]);
    return Promise.all(
      rows.map(async (r) => {
        const type = r.type as ListType;
        let member_count = counts.get(r.id) ?? 0;
        if (isSmartList(type)) {
          const filter = await smartFilter(ctx, r);
          if (!filter) member_count = 0;
          else if (type === 'smartAccount')
            member_count = await accountQuery.count(ctx, {
              filter,
              sort: 'account_name',
              direction: 'asc',
              page: 1,
              page_size: 1,
            });
          else
            member_count = (
              await lists.contactsPage(ctx, { filter }, { page: 1, page_size: 1, sort: 'last_name', direction: 'asc' })
            ).total;
        }
        return {
          id: r.id,
          name: r.name,
          type,
          filter_id: r.filter_id,
          member_count,
          workspace_id: r.workspace_id,
          workspace_name: r.workspace_name,
          created: r.created_at,
          created_by: r.created_by,
          updated: r.updated_at,
          updated_by: r.updated_by,
          can_manage: manageable.has(r.id),
          smart_filter: await smartFilterInfo(ctx, r),
          workspace_shared: r.workspace_id !== null && shared.has(r.workspace_id),
        };
      }),
    );
  }

  return {
    /** Lists as the API answers them: counts, rights, the smart filter and the workspace's sharing. */
    toLists,

    async getList(ctx: RequestContext, id: string): Promise<List> {
      const [list] = await toLists(ctx, [await requireList(ctx, id)]);
      if (!list) throw notFound(LIST_NOT_FOUND);
      return list;
    },

    /** Lists the caller may add members to (static lists only). */
    async myLists(ctx: RequestContext, type?: 'accounts' | 'contacts'): Promise<List[]> {
      const rows = (await lists.mine(ctx)).filter((r) =>
        type ? r.type === type : r.type === 'accounts' || r.type === 'contacts',
      );
      return toLists(ctx, rows);
    },

    async renameList(ctx: RequestContext, id: string, name: string): Promise<List> {
      await requireManageableList(ctx, id, 'rename it');
      if (!(await lists.rename(ctx, id, name))) throw listNameTaken();
      return this.getList(ctx, id);
    },

    async deleteList(ctx: RequestContext, id: string): Promise<void> {
      await requireManageableList(ctx, id, 'delete it');
      await lists.delete(ctx, id);
    },

    async addMembers(ctx: RequestContext, id: string, ids: string[]) {
      const list = await requireList(ctx, id);
      const type = list.type as ListType;
      if (isSmartList(type))
        throw invalidField('ids', 'A smart list takes its members from its filter', 'smart_list_members');
      const unique = [...new Set(ids)];
      const existing = isContactList(type)
        ? await lists.existingContactIds(unique)
        : await lists.existingAccountIds(ctx, unique);
      const known = unique.filter((x) => existing.has(x));
      const added = known.length ? await lists.addMembers(ctx, list, known) : 0;
      return { added, unknown: unique.filter((x) => !existing.has(x)) };
    },

    async removeMembers(ctx: RequestContext, id: string, ids: string[]) {
      const list = await requireList(ctx, id);
      if (isSmartList(list.type as ListType))
        throw invalidField('ids', 'A smart list takes its members from its filter', 'smart_list_members');
      return { removed: await lists.removeMembers(ctx, list, [...new Set(ids)]) };
    },

    async members(ctx: RequestContext, id: string, query: ListMembersQuery): Promise<ListMembersPage> {
      const list = await requireList(ctx, id);
      const type = list.type as ListType;
      const filter = isSmartList(type) ? await smartFilter(ctx, list) : null;
      const empty = { total: 0, total_estimated: false, page: query.page, page_size: query.page_size, rows: [] };
      if (isContactList(type)) {
        if (type === 'smartContact' && !filter) return { kind: 'contacts', ...empty };
        const sort = query.sort === 'title' || query.sort === 'account_name' ? query.sort : 'last_name';
        const page = await lists.contactsPage(ctx, filter ? { filter } : { listId: list.id }, { ...query, sort });
        return { kind: 'contacts', ...page, page: query.page, page_size: query.page_size };
      }
      if (type === 'smartAccount' && !filter) return { kind: 'accounts', ...empty };
      const sort = (TERRITORY_SORTS as readonly string[]).includes(query.sort)
        ? (query.sort as (typeof TERRITORY_SORTS)[number])
        : 'account_name';
      const page = await accountQuery.page(ctx, { ...query, sort, filter: filter ?? inAccountList(list.id) });
      return { kind: 'accounts', ...page };
    },
  };
}

export type ListsService = ReturnType<typeof createListsService>;

/** A second list of one name in a workspace: refused, the field named. */
export const listNameTaken = () =>
  fieldFailure(409, 'conflict', 'name', 'This workspace already has a list with this name', 'taken');
