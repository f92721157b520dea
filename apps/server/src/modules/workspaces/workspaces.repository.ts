import crypto from 'node:crypto';
import type { Workspace } from '@quarry/shared';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { WorkspacesTable } from '../../db/schema.ts';
import { type ScopedDatabase, type ScopedDb, scopedTo } from '../../db/scoped.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { nowIso } from '../../lib/time.ts';

type Executor = Db | ScopedDb;
type Child = 'items' | 'shared' | 'viewed';

/** Ids in one IN (…): well under SQLite's and PostgreSQL's bound-parameter limits. */
const IN_BATCH = 500;

function chunks<T>(values: T[], size = IN_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

const split = (csv: string) => (csv ? csv.split(',') : []);

function toWorkspace(r: Selectable<WorkspacesTable>): Workspace {
  const viewed: Record<string, string> = {};
  for (const pair of split(r.viewed_csv)) {
    const at = pair.indexOf('=');
    viewed[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    archived: r.archived === 1,
    items: split(r.items_csv),
    shared_users: split(r.shared_csv),
    viewed,
    created: r.created_at,
    created_by: r.created_by,
    updated: r.updated_at,
    updated_by: r.updated_by,
    created_via_support: r.via_uid !== null,
  };
}

/**
 * Refolds a workspace's child rows into its *_csv column, inside the transaction that changed
 * them (string_agg with ORDER BY: SQLite 3.44+ and PostgreSQL alike). Ids never contain the
 * separators: list ids are server-made UUIDs and uids come from sign-up.
 */
export async function refreshFolded(
  db: Executor,
  ctx: RequestContext,
  workspaceIds: string[],
  which: Child[],
): Promise<void> {
  const scoped = scopedTo(db, ctx.tenantId);
  const folded = {
    items: sql<string>`coalesce((${scoped
      .selectFrom('workspace_items as i')
      .select(sql<string>`string_agg(i.list_id, ',' order by i.position)`.as('items'))
      .where('i.workspace_id', '=', sql.ref<string>('workspaces.id'))}), '')`,
    shared: sql<string>`coalesce((${scoped
      .selectFrom('workspace_shared_users as s')
      .select(sql<string>`string_agg(s.uid, ',' order by s.added_at, s.uid)`.as('shared'))
      .where('s.workspace_id', '=', sql.ref<string>('workspaces.id'))}), '')`,
    viewed: sql<string>`coalesce((${scoped
      .selectFrom('workspace_views as v')
      .select(sql<string>`string_agg(v.uid || '=' || v.viewed_at, ',' order by v.uid)`.as('viewed'))
      .where('v.workspace_id', '=', sql.ref<string>('workspaces.id'))}), '')`,
  };
  for (const ids of chunks(workspaceIds)) {
    await scoped
      .updateTable('workspaces')
      .set({
        ...(which.includes('items') && { items_csv: folded.items }),
        ...(which.includes('shared') && { shared_csv: folded.shared }),
        ...(which.includes('viewed') && { viewed_csv: folded.viewed }),
      })
      .where('id', 'in', ids)
      .execute();
  }
}

/**
 * Workspaces of the caller's tenant (spec section 7). Every read and write goes through the scoped
 * layer, bound to ctx.tenantId; rights beyond the tenant (owner, shared user) are the service's.
 */
export function createWorkspacesRepository(db: Db) {
  const scoped = (ctx: RequestContext) => scopedTo(db, ctx.tenantId);
  function inTenant(ctx: RequestContext) {
    return scoped(ctx).selectFrom('workspaces as w').selectAll('w');
  }

  /** Runs a change to the workspace's children and refolds them, marking it updated by the caller. */
  async function changeChildren(
    ctx: RequestContext,
    id: string,
    which: Child[],
    work: (trx: Transaction<ScopedDatabase>, at: string) => Promise<void>,
  ): Promise<void> {
    const at = nowIso();
    await scoped(ctx)
      .transaction()
      .execute(async (trx) => {
        // Updating the workspace first locks its row (PostgreSQL): concurrent changes to one
        // workspace queue here, so each folds the children the others committed, none lost.
        await trx.updateTable('workspaces').set({ updated_at: at, updated_by: ctx.uid }).where('id', '=', id).execute();
        await work(trx, at);
        await refreshFolded(trx, ctx, [id], which);
      });
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
      return rows.map(toWorkspace);
    },

    /** Read shared: shared_users contains me, archived false. */
    async shared(ctx: RequestContext): Promise<Workspace[]> {
      const rows = await inTenant(ctx)
        .innerJoin('workspace_shared_users as me', 'me.workspace_id', 'w.id')
        .where('me.uid', '=', ctx.uid)
        .where('w.archived', '=', 0)
        .orderBy('w.name')
        .orderBy('w.id')
        .execute();
      return rows.map(toWorkspace);
    },

    async find(ctx: RequestContext, id: string): Promise<Workspace | null> {
      const row = await inTenant(ctx).where('w.id', '=', id).executeTakeFirst();
      return row ? toWorkspace(row) : null;
    },

    /** Creates the workspace with its people and marks it viewed by its creator, in one transaction. */
    async create(
      ctx: RequestContext,
      input: { name: string; description: string; shared_users: string[] },
    ): Promise<string> {
      const at = nowIso();
      const id = crypto.randomUUID();
      await scoped(ctx)
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('workspaces')
            .values({
              id,
              name: input.name,
              description: input.description,
              archived: 0,
              created_at: at,
              created_by: ctx.uid,
              updated_at: at,
              updated_by: ctx.uid,
              via_uid: ctx.impersonator?.uid ?? null,
            })
            .execute();
          if (input.shared_users.length) {
            await trx
              .insertInto('workspace_shared_users')
              .values(input.shared_users.map((uid) => ({ workspace_id: id, uid, added_at: at })))
              .execute();
          }
          await trx.insertInto('workspace_views').values({ workspace_id: id, uid: ctx.uid, viewed_at: at }).execute();
          await refreshFolded(trx, ctx, [id], ['shared', 'viewed']);
        });
      return id;
    },

    async update(ctx: RequestContext, id: string, patch: { name?: string; description?: string }): Promise<void> {
      await scoped(ctx)
        .updateTable('workspaces')
        .set({
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.description !== undefined && { description: patch.description }),
          updated_at: nowIso(),
          updated_by: ctx.uid,
        })
        .where('id', '=', id)
        .execute();
    },

    addSharedUsers: (ctx: RequestContext, id: string, uids: string[]) =>
      changeChildren(ctx, id, ['shared'], async (trx, at) => {
        await trx
          .insertInto('workspace_shared_users')
          .values(uids.map((uid) => ({ workspace_id: id, uid, added_at: at })))
          .onConflict((oc) => oc.columns(['workspace_id', 'uid']).doNothing())
          .execute();
      }),

    removeSharedUsers: (ctx: RequestContext, id: string, uids: string[]) =>
      changeChildren(ctx, id, ['shared'], async (trx) => {
        await trx
          .deleteFrom('workspace_shared_users')
          .where('workspace_id', '=', id)
          .where('uid', 'in', uids)
          .execute();
      }),

    /** Adds list ids to items, after the ones already there; ids already present stay where they are. */
    addItems: (ctx: RequestContext, id: string, listIds: string[]) =>
      changeChildren(ctx, id, ['items'], async (trx) => {
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
      }),

    removeItems: (ctx: RequestContext, id: string, listIds: string[]) =>
      changeChildren(ctx, id, ['items'], async (trx) => {
        await trx
          .deleteFrom('workspace_items')
          .where('workspace_id', '=', id)
          .where('list_id', 'in', listIds)
          .execute();
      }),

    /** Update items: the workspace's list ids become exactly `listIds`, in that order. */
    replaceItems: (ctx: RequestContext, id: string, listIds: string[]) =>
      changeChildren(ctx, id, ['items'], async (trx) => {
        await trx.deleteFrom('workspace_items').where('workspace_id', '=', id).execute();
        if (listIds.length) {
          await trx
            .insertInto('workspace_items')
            .values(listIds.map((list_id, position) => ({ workspace_id: id, list_id, position })))
            .execute();
        }
      }),

    /** viewed.{uid} = now; not an update of the workspace itself. */
    async markViewed(ctx: RequestContext, id: string): Promise<string> {
      const at = nowIso();
      await scoped(ctx)
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('workspace_views')
            .values({ workspace_id: id, uid: ctx.uid, viewed_at: at })
            .onConflict((oc) => oc.columns(['workspace_id', 'uid']).doUpdateSet({ viewed_at: at }))
            .execute();
          await refreshFolded(trx, ctx, [id], ['viewed']);
        });
      return at;
    },

    /**
     * Spec section 7: first delete each contained list in one batch, then the workspace. The list
     * batch runs in its own transaction so a failure there leaves every list and the workspace as
     * they were; `onListsFailed` turns that failure into the error the caller sees.
     */
    async delete(ctx: RequestContext, id: string, onListsFailed: (cause: unknown) => Error): Promise<void> {
      const listIds = (
        await scoped(ctx).selectFrom('workspace_items').select('list_id').where('workspace_id', '=', id).execute()
      ).map((r) => r.list_id);
      try {
        await scoped(ctx)
          .transaction()
          .execute(async (trx) => {
            for (const ids of chunks(listIds)) {
              // A list another workspace also holds lives on there (its creator may have brought
              // it in from their own workspace); it only leaves this one, with the workspace.
              const heldElsewhere = new Set(
                (
                  await trx
                    .selectFrom('workspace_items')
                    .select('list_id')
                    .where('list_id', 'in', ids)
                    .where('workspace_id', '!=', id)
                    .execute()
                ).map((h) => h.list_id),
              );
              const doomed = ids.filter((listId) => !heldElsewhere.has(listId));
              if (doomed.length) {
                await trx.deleteFrom('lists').where('id', 'in', doomed).execute();
              }
            }
          });
      } catch (cause) {
        throw onListsFailed(cause);
      }
      await scoped(ctx).deleteFrom('workspaces').where('id', '=', id).execute();
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
