import crypto from 'node:crypto';
import type { Workspace } from '@quarry/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { WorkspacesTable } from '../../db/schema.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { nowIso } from '../../lib/time.ts';

type WorkspaceRow = Selectable<WorkspacesTable>;

/** Ids in one IN (…): well under SQLite's and PostgreSQL's bound-parameter limits. */
const IN_BATCH = 500;

function chunks<T>(values: T[], size = IN_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/**
 * Workspaces of the caller's tenant (spec section 7). Every read and write is scoped to
 * ctx.tenantId; rights beyond the tenant (owner, shared user) are the service's to check.
 */
export function createWorkspacesRepository(db: Db) {
  function inTenant(ctx: RequestContext) {
    return db.selectFrom('workspaces as w').selectAll('w').where('w.tenant_id', '=', ctx.tenantId);
  }

  /** Fills items, shared_users and viewed for a page of workspace rows, three queries in all. */
  async function assemble(rows: WorkspaceRow[]): Promise<Workspace[]> {
    if (!rows.length) return [];
    const items = new Map<string, string[]>();
    const shared = new Map<string, string[]>();
    const viewed = new Map<string, Record<string, string>>();
    for (const ids of chunks(rows.map((r) => r.id))) {
      const [itemRows, sharedRows, viewRows] = await Promise.all([
        db
          .selectFrom('workspace_items')
          .select(['workspace_id', 'list_id'])
          .where('workspace_id', 'in', ids)
          .orderBy('workspace_id')
          .orderBy('position')
          .execute(),
        db
          .selectFrom('workspace_shared_users')
          .select(['workspace_id', 'uid'])
          .where('workspace_id', 'in', ids)
          .orderBy('workspace_id')
          .orderBy('added_at')
          .orderBy('uid')
          .execute(),
        db
          .selectFrom('workspace_views')
          .select(['workspace_id', 'uid', 'viewed_at'])
          .where('workspace_id', 'in', ids)
          .execute(),
      ]);
      for (const r of itemRows) items.set(r.workspace_id, [...(items.get(r.workspace_id) ?? []), r.list_id]);
      for (const r of sharedRows) shared.set(r.workspace_id, [...(shared.get(r.workspace_id) ?? []), r.uid]);
      for (const r of viewRows) viewed.set(r.workspace_id, { ...viewed.get(r.workspace_id), [r.uid]: r.viewed_at });
    }
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      archived: r.archived === 1,
      items: items.get(r.id) ?? [],
      shared_users: shared.get(r.id) ?? [],
      viewed: viewed.get(r.id) ?? {},
      created: r.created_at,
      created_by: r.created_by,
      updated: r.updated_at,
      updated_by: r.updated_by,
    }));
  }

  async function touch(ctx: RequestContext, id: string, at = nowIso()) {
    await db
      .updateTable('workspaces')
      .set({ updated_at: at, updated_by: ctx.uid })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  }

  return {
    /** Read owned: created_by = me, archived false. */
    async owned(ctx: RequestContext): Promise<Workspace[]> {
      const rows = await inTenant(ctx)
        .where('w.created_by', '=', ctx.uid)
        .where('w.archived', '=', 0)
        .orderBy('w.name')
        .orderBy('w.id')
        .execute();
      return assemble(rows);
    },

    /** Read shared: shared_users contains me, archived false. */
    async shared(ctx: RequestContext): Promise<Workspace[]> {
      const rows = await inTenant(ctx)
        .innerJoin('workspace_shared_users as s', 's.workspace_id', 'w.id')
        .where('s.tenant_id', '=', ctx.tenantId)
        .where('s.uid', '=', ctx.uid)
        .where('w.archived', '=', 0)
        .orderBy('w.name')
        .orderBy('w.id')
        .execute();
      return assemble(rows);
    },

    async find(ctx: RequestContext, id: string): Promise<Workspace | null> {
      const row = await inTenant(ctx).where('w.id', '=', id).executeTakeFirst();
      return row ? ((await assemble([row]))[0] ?? null) : null;
    },

    /** Creates the workspace with its people and marks it viewed by its creator, in one transaction. */
    async create(
      ctx: RequestContext,
      input: { name: string; description: string; shared_users: string[] },
    ): Promise<string> {
      const at = nowIso();
      const id = crypto.randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('workspaces')
          .values({
            id,
            tenant_id: ctx.tenantId,
            name: input.name,
            description: input.description,
            archived: 0,
            created_at: at,
            created_by: ctx.uid,
            updated_at: at,
            updated_by: ctx.uid,
          })
          .execute();
        if (input.shared_users.length) {
          await trx
            .insertInto('workspace_shared_users')
            .values(input.shared_users.map((uid) => ({ workspace_id: id, tenant_id: ctx.tenantId, uid, added_at: at })))
            .execute();
        }
        await trx.insertInto('workspace_views').values({ workspace_id: id, uid: ctx.uid, viewed_at: at }).execute();
      });
      return id;
    },

    async update(ctx: RequestContext, id: string, patch: { name?: string; description?: string }): Promise<void> {
      await db
        .updateTable('workspaces')
        .set({
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.description !== undefined && { description: patch.description }),
          updated_at: nowIso(),
          updated_by: ctx.uid,
        })
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', '=', id)
        .execute();
    },

    async addSharedUsers(ctx: RequestContext, id: string, uids: string[]): Promise<void> {
      const at = nowIso();
      await db
        .insertInto('workspace_shared_users')
        .values(uids.map((uid) => ({ workspace_id: id, tenant_id: ctx.tenantId, uid, added_at: at })))
        .onConflict((oc) => oc.columns(['workspace_id', 'uid']).doNothing())
        .execute();
      await touch(ctx, id, at);
    },

    async removeSharedUsers(ctx: RequestContext, id: string, uids: string[]): Promise<void> {
      await db
        .deleteFrom('workspace_shared_users')
        .where('tenant_id', '=', ctx.tenantId)
        .where('workspace_id', '=', id)
        .where('uid', 'in', uids)
        .execute();
      await touch(ctx, id);
    },

    /** Adds list ids to items, after the ones already there; ids already present stay where they are. */
    async addItems(ctx: RequestContext, id: string, listIds: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('workspace_items')
          .select((eb) => eb.fn.max('position').as('position'))
          .where('workspace_id', '=', id)
          .executeTakeFirst();
        const start = Number(last?.position ?? -1) + 1;
        await trx
          .insertInto('workspace_items')
          .values(listIds.map((list_id, i) => ({ workspace_id: id, list_id, position: start + i })))
          .onConflict((oc) => oc.columns(['workspace_id', 'list_id']).doNothing())
          .execute();
      });
      await touch(ctx, id);
    },

    async removeItems(ctx: RequestContext, id: string, listIds: string[]): Promise<void> {
      await db.deleteFrom('workspace_items').where('workspace_id', '=', id).where('list_id', 'in', listIds).execute();
      await touch(ctx, id);
    },

    /** Update items: the workspace's list ids become exactly `listIds`, in that order. */
    async replaceItems(ctx: RequestContext, id: string, listIds: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('workspace_items').where('workspace_id', '=', id).execute();
        if (listIds.length) {
          await trx
            .insertInto('workspace_items')
            .values(listIds.map((list_id, position) => ({ workspace_id: id, list_id, position })))
            .execute();
        }
      });
      await touch(ctx, id);
    },

    async markViewed(ctx: RequestContext, id: string): Promise<string> {
      const at = nowIso();
      await db
        .insertInto('workspace_views')
        .values({ workspace_id: id, uid: ctx.uid, viewed_at: at })
        .onConflict((oc) => oc.columns(['workspace_id', 'uid']).doUpdateSet({ viewed_at: at }))
        .execute();
      return at;
    },

    /**
     * Spec section 7: first delete each contained list in one batch, then the workspace. The list
     * batch runs in its own transaction so a failure there leaves every list and the workspace as
     * they were; `onListsFailed` turns that failure into the error the caller sees.
     */
    async delete(ctx: RequestContext, id: string, onListsFailed: (cause: unknown) => Error): Promise<void> {
      const listIds = (
        await db.selectFrom('workspace_items').select('list_id').where('workspace_id', '=', id).execute()
      ).map((r) => r.list_id);
      try {
        await db.transaction().execute(async (trx) => {
          for (const ids of chunks(listIds)) {
            await trx.deleteFrom('lists').where('tenant_id', '=', ctx.tenantId).where('id', 'in', ids).execute();
          }
        });
      } catch (cause) {
        throw onListsFailed(cause);
      }
      await db.deleteFrom('workspaces').where('tenant_id', '=', ctx.tenantId).where('id', '=', id).execute();
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
