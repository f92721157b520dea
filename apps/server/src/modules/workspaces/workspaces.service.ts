import {
  type CreateListBody,
  DELETE_LISTS_ERROR,
  type List,
  type Workspace,
  type WorkspaceDetail,
} from '@quarry/shared';
import { fieldFailure, forbidden, HttpError, invalidField, notFound } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { sameWords } from '../../lib/same-words.ts';
import type { FiltersRepository } from '../filters/filters.repository.ts';
import type { ListsRepository } from '../lists/lists.repository.ts';
import { type ListsService, listNameTaken } from '../lists/lists.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { WorkspacesRepository } from './workspaces.repository.ts';

type Deps = {
  workspaces: WorkspacesRepository;
  lists: ListsRepository;
  users: UsersRepository;
  filters: FiltersRepository;
  /** The lists' own service: a workspace answers its lists as the lists routes do. */
  listsService: ListsService;
};

const WORKSPACE_NOT_FOUND = 'Workspace not found';

const isOwner = (ctx: RequestContext, w: Workspace) => w.created_by === ctx.uid;

/** Workspaces and their lists, with the rights of spec section 6 checked on every call. */
export function createWorkspacesService({ workspaces, lists, users, filters, listsService }: Deps) {
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
    if (!isOwner(ctx, workspace)) throw forbidden(`Only the workspace owner can ${action}`, 'workspace_owner_only');
    return workspace;
  }

  /** Sharing only with colleagues of the same tenant, never with the creator; unknown uids refuse the call. */
  async function checkShareable(ctx: RequestContext, uids: string[], creator: string, field: string) {
    const unique = [...new Set(uids)];
    if (unique.includes(creator))
      throw invalidField(field, 'The workspace owner is not shared with', 'owner_not_shared');
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

  /** Two of one's own workspaces of one name read alike in the Lists drawer (letter case and spaces aside). */
  async function requireFreeName(ctx: RequestContext, name: string, ownId?: string) {
    const taken = (await workspaces.owned(ctx)).some((w) => w.id !== ownId && sameWords(w.name, name));
    if (taken) throw fieldFailure(409, 'conflict', 'name', 'You already have a workspace with this name', 'taken');
  }

  return {
    owned: (ctx: RequestContext) => workspaces.owned(ctx),
    shared: (ctx: RequestContext) => workspaces.shared(ctx),

    async detail(ctx: RequestContext, id: string): Promise<WorkspaceDetail> {
      const workspace = await requireMember(ctx, id);
      return {
        workspace,
        lists: await listsService.toLists(ctx, await lists.ofWorkspace(ctx, id, workspace.items)),
      };
    },

    async create(
      ctx: RequestContext,
      body: { name: string; description: string; shared_users: string[] },
    ): Promise<Workspace> {
      await requireFreeName(ctx, body.name);
      const shared_users = await checkShareable(ctx, body.shared_users, ctx.uid, 'shared_users');
      const id = await workspaces.create(ctx, { ...body, shared_users });
      return requireMember(ctx, id);
    },

    async update(ctx: RequestContext, id: string, patch: { name?: string; description?: string }) {
      await requireOwner(ctx, id, 'rename it');
      if (patch.name !== undefined) await requireFreeName(ctx, patch.name, id);
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
        throw forbidden('Only the workspace owner can remove other people', 'workspace_owner_only');
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
          throw forbidden("Only the workspace owner can remove other people's lists", 'workspace_owner_only');
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
        throw invalidField('filter_id', 'Saved filter not found', 'unknown_reference');
      }
      const id = await lists.create(ctx, workspaceId, {
        name: body.name,
        type: body.type,
        filter_id: body.filter_id ?? null,
      });
      if (id === null) throw listNameTaken();
      return listsService.getList(ctx, id);
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
