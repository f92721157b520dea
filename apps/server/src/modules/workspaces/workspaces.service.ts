import {
  type CreateListBody,
  DELETE_LISTS_ERROR,
  isContactList,
  isSmartList,
  type List,
  type ListMembersPage,
  type ListMembersQuery,
  type ListType,
  TERRITORY_SORTS,
  type Workspace,
  type WorkspaceDetail,
} from '@quarry/shared';
import { forbidden, HttpError, invalidField, notFound } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AccountQueryRepository } from '../filters/account-query.repository.ts';
import { inAccountList } from '../filters/filter-sql.ts';
import type { FiltersRepository } from '../filters/filters.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { ListRow, ListsRepository } from './lists.repository.ts';
import type { WorkspacesRepository } from './workspaces.repository.ts';

type Deps = {
  workspaces: WorkspacesRepository;
  lists: ListsRepository;
  users: UsersRepository;
  filters: FiltersRepository;
  accountQuery: AccountQueryRepository;
};

const WORKSPACE_NOT_FOUND = 'Workspace not found';
const LIST_NOT_FOUND = 'List not found';

const isOwner = (ctx: RequestContext, w: Workspace) => w.created_by === ctx.uid;

/** Workspaces and their lists, with the rights of spec section 6 checked on every call. */
export function createWorkspacesService({ workspaces, lists, users, filters, accountQuery }: Deps) {
  /** Owner or shared user; anyone else, in this tenant or another, gets 404. */
  async function requireMember(ctx: RequestContext, id: string): Promise<Workspace> {
    const workspace = await workspaces.find(ctx, id);
    if (!workspace || !(isOwner(ctx, workspace) || workspace.shared_users.includes(ctx.uid))) {
      throw notFound(WORKSPACE_NOT_FOUND);
    }
    return workspace;
  }

  async function requireOwner(ctx: RequestContext, id: string, action: string): Promise<Workspace> {
    const workspace = await requireMember(ctx, id);
    if (!isOwner(ctx, workspace)) throw forbidden(`Only the workspace owner can ${action}`);
    return workspace;
  }

  /** Sharing only with colleagues of the same tenant, never with the creator; unknown uids refuse the call. */
  async function checkShareable(ctx: RequestContext, uids: string[], creator: string, field: string) {
    const unique = [...new Set(uids)];
    if (unique.includes(creator)) throw invalidField(field, 'The workspace owner is not shared with');
    const found = await users.findCompanyUsersByIds(ctx, unique);
    const known = new Set(found.map((u) => u.uid));
    const unknown = unique.filter((u) => !known.has(u));
    if (unknown.length) throw invalidField(field, `Unknown user: ${unknown.join(', ')}`, 'unknown_reference');
    return unique;
  }

  /**
   * Lists being put in a workspace must be ones the caller manages: seeing a colleague's list
   * through a shared workspace does not let you carry it into your own. A list the caller may not
   * manage is answered exactly like one that does not exist.
   */
  async function checkAttachable(ctx: RequestContext, ids: string[], field: string, already: string[] = []) {
    const unique = [...new Set(ids)];
    const held = new Set(already);
    const fresh = unique.filter((id) => !held.has(id));
    const manageable = await lists.manageableIds(ctx, fresh);
    const unknown = fresh.filter((id) => !manageable.has(id));
    if (unknown.length) throw invalidField(field, `Unknown list: ${unknown.join(', ')}`, 'unknown_reference');
    return unique;
  }

  /** Renaming or deleting a list: its creator, or the owner of a workspace holding it. */
  async function requireManageableList(ctx: RequestContext, id: string, action: string): Promise<ListRow> {
    const list = await requireList(ctx, id);
    if (!(await lists.manageableIds(ctx, [id])).has(id)) {
      throw forbidden(`Only the list's creator or the workspace owner can ${action}`);
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
    owned: (ctx: RequestContext) => workspaces.owned(ctx),
    shared: (ctx: RequestContext) => workspaces.shared(ctx),

    async detail(ctx: RequestContext, id: string): Promise<WorkspaceDetail> {
      const workspace = await requireMember(ctx, id);
      return { workspace, lists: await toLists(ctx, await lists.ofWorkspace(ctx, id, workspace.items)) };
    },

    async create(
      ctx: RequestContext,
      body: { name: string; description: string; shared_users: string[] },
    ): Promise<Workspace> {
      const shared_users = await checkShareable(ctx, body.shared_users, ctx.uid, 'shared_users');
      const id = await workspaces.create(ctx, { ...body, shared_users });
      return requireMember(ctx, id);
    },

    async update(ctx: RequestContext, id: string, patch: { name?: string; description?: string }) {
      await requireOwner(ctx, id, 'rename it');
      await workspaces.update(ctx, id, patch);
      return requireMember(ctx, id);
    },

    async addSharedUsers(ctx: RequestContext, id: string, uids: string[]) {
      const workspace = await requireOwner(ctx, id, 'share it');
      await workspaces.addSharedUsers(ctx, id, await checkShareable(ctx, uids, workspace.created_by, 'uids'));
      return requireMember(ctx, id);
    },

    /** The owner removes anyone directly; a shared user may only remove themselves (Leave). */
    async removeSharedUsers(ctx: RequestContext, id: string, uids: string[]) {
      const workspace = await requireMember(ctx, id);
      if (!isOwner(ctx, workspace) && uids.some((uid) => uid !== ctx.uid)) {
        throw forbidden('Only the workspace owner can remove other people');
      }
      await workspaces.removeSharedUsers(ctx, id, [...new Set(uids)]);
      return isOwner(ctx, workspace) ? requireMember(ctx, id) : null;
    },

    /** Any member may bring in lists they manage; lists already held stay where they are. */
    async addItems(ctx: RequestContext, id: string, listIds: string[]) {
      const workspace = await requireMember(ctx, id);
      await workspaces.addItems(ctx, id, await checkAttachable(ctx, listIds, 'list_ids', workspace.items));
      return requireMember(ctx, id);
    },

    /** The owner takes out any list; a shared user only lists they manage (their own). */
    async removeItems(ctx: RequestContext, id: string, listIds: string[]) {
      const workspace = await requireMember(ctx, id);
      const unique = [...new Set(listIds)];
      if (!isOwner(ctx, workspace)) {
        const manageable = await lists.manageableIds(ctx, unique);
        if (unique.some((listId) => !manageable.has(listId))) {
          throw forbidden("Only the workspace owner can remove other people's lists");
        }
      }
      await workspaces.removeItems(ctx, id, unique);
      return requireMember(ctx, id);
    },

    /** Reordering (and replacing) the lists is the owner's; new ids must be lists they manage. */
    async replaceItems(ctx: RequestContext, id: string, listIds: string[]) {
      const workspace = await requireOwner(ctx, id, 'reorder its lists');
      await workspaces.replaceItems(ctx, id, await checkAttachable(ctx, listIds, 'items', workspace.items));
      return requireMember(ctx, id);
    },

    async markViewed(ctx: RequestContext, id: string) {
      await requireMember(ctx, id);
      return { viewed_at: await workspaces.markViewed(ctx, id) };
    },

    async delete(ctx: RequestContext, id: string): Promise<void> {
      await requireOwner(ctx, id, 'delete it');
      await workspaces.delete(ctx, id, (cause) => {
        const error = new HttpError(500, 'internal_error', DELETE_LISTS_ERROR);
        error.cause = cause;
        return error;
      });
    },

    async createList(ctx: RequestContext, workspaceId: string, body: CreateListBody): Promise<List> {
      await requireMember(ctx, workspaceId);
      if (body.filter_id && !(await filters.findVisible(ctx, body.filter_id))) {
        throw invalidField('filter_id', 'Saved filter not found');
      }
      const id = await lists.create(ctx, workspaceId, {
        name: body.name,
        type: body.type,
        filter_id: body.filter_id ?? null,
      });
      return this.getList(ctx, id);
    },

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
      await lists.rename(ctx, id, name);
      return this.getList(ctx, id);
    },

    async deleteList(ctx: RequestContext, id: string): Promise<void> {
      await requireManageableList(ctx, id, 'delete it');
      await lists.delete(ctx, id);
    },

    async addMembers(ctx: RequestContext, id: string, ids: string[]) {
      const list = await requireList(ctx, id);
      const type = list.type as ListType;
      if (isSmartList(type)) throw invalidField('ids', 'A smart list takes its members from its filter');
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
        throw invalidField('ids', 'A smart list takes its members from its filter');
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

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
