import crypto from 'node:crypto';
import { type FilterGroup, isEmailUsable, type ListContactRow, type ListType } from '@quarry/shared';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ListsTable } from '../../db/schema.ts';
import { referenceOrOwnedBy, type ScopedDatabase, scopedTo } from '../../db/scoped.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { nowIso } from '../../lib/time.ts';
import { type AccountsExpressionBuilder, filterWhere } from '../filters/filter-sql.ts';
import { createFilterValuesRepository } from '../filters/filter-values.repository.ts';
import { refreshFolded } from '../workspaces/workspaces.repository.ts';

export type ListRow = Selectable<ListsTable> & { workspace_id: string | null; workspace_name: string | null };

export type ContactPageQuery = {
  page: number;
  page_size: number;
  sort: 'last_name' | 'title' | 'account_name';
  direction: 'asc' | 'desc';
};

/**
 * Whether one of these workspaces holds another list named `name` (case, and spaces around it,
 * aside): two "Big box retailers" in one workspace cannot be told apart in an "Add to list" menu.
 */
async function nameTakenIn(
  trx: Transaction<ScopedDatabase>,
  workspaceIds: string[],
  name: string,
  exceptListId: string | null,
): Promise<boolean> {
  if (workspaceIds.length === 0) return false;
  let query = trx
    .selectFrom('lists as l')
    .innerJoin('workspace_items as i', 'i.list_id', 'l.id')
    .select('l.id')
    .where('i.workspace_id', 'in', workspaceIds)
    .where(sql<string>`lower(trim(l.name))`, '=', name.trim().toLowerCase());
  if (exceptListId) query = query.where('l.id', '!=', exceptListId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** Lists of the caller's tenant and their members (spec section 3: accounts, contacts, smart lists). */
export function createListsRepository(db: Db) {
  const scoped = (ctx: RequestContext) => scopedTo(db, ctx.tenantId);
  const filterValues = createFilterValuesRepository(db);
  /**
   * A list the caller may use: one they created, or one held by a workspace they own or that is
   * shared with them. Answers the first such workspace with it.
   */
  function accessible(ctx: RequestContext) {
    const memberOf = scoped(ctx)
      .selectFrom('workspace_items as wi')
      .innerJoin('workspaces as w', 'w.id', 'wi.workspace_id')
      .select(['wi.list_id', 'w.id as workspace_id', 'w.name as workspace_name'])
      .where((eb) =>
        eb.or([
          eb('w.created_by', '=', ctx.uid),
          eb.exists(
            eb
              .selectFrom('workspace_shared_users as s')
              .select(sql.lit(1).as('one'))
              .whereRef('s.workspace_id', '=', 'w.id')
              .where('s.uid', '=', ctx.uid),
          ),
        ]),
      );
    return scoped(ctx)
      .selectFrom('lists as l')
      .leftJoin(memberOf.as('m'), 'm.list_id', 'l.id')
      .selectAll('l')
      .select(['m.workspace_id', 'm.workspace_name'])
      .where((eb) => eb.or([eb('m.workspace_id', 'is not', null), eb('l.created_by', '=', ctx.uid)]));
  }

  /**
   * Adds or removes members (`change`, answering how many rows it changed) and marks the list
   * updated, in one transaction.
   */
  function changeMembers(
    ctx: RequestContext,
    list: ListRow,
    at: string,
    change: (trx: Transaction<ScopedDatabase>) => Promise<number>,
  ): Promise<number> {
    return scoped(ctx)
      .transaction()
      .execute(async (trx) => {
        const changed = await change(trx);
        await trx.updateTable('lists').set({ updated_at: at, updated_by: ctx.uid }).where('id', '=', list.id).execute();
        return changed;
      });
  }

  return {
    async find(ctx: RequestContext, id: string): Promise<ListRow | null> {
      return (await accessible(ctx).where('l.id', '=', id).executeTakeFirst()) ?? null;
    },

    /** Every list the caller may add to, grouped by workspace name. */
    async mine(ctx: RequestContext): Promise<ListRow[]> {
      const rows = await accessible(ctx).orderBy('m.workspace_name').orderBy('l.name').orderBy('l.id').execute();
      const seen = new Set<string>();
      return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
    },

    /** The lists a workspace holds, in its items order. */
    async ofWorkspace(ctx: RequestContext, workspaceId: string, itemIds: string[]): Promise<ListRow[]> {
      if (!itemIds.length) return [];
      const rows = await scoped(ctx)
        .selectFrom('lists as l')
        .innerJoin('workspace_items as wi', 'wi.list_id', 'l.id')
        .innerJoin('workspaces as w', 'w.id', 'wi.workspace_id')
        .selectAll('l')
        .select(['w.id as workspace_id', 'w.name as workspace_name'])
        .where('wi.workspace_id', '=', workspaceId)
        .orderBy('wi.position')
        .execute();
      return rows;
    },

    /**
     * Which of these ids are lists the caller manages (renames, deletes, attaches to a workspace):
     * lists they created, and lists held by a workspace they own. Seeing a list through a
     * workspace shared with you is not enough.
     */
    async manageableIds(ctx: RequestContext, ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await scoped(ctx)
        .selectFrom('lists as l')
        .select('l.id')
        .where('l.id', 'in', ids)
        .where((eb) =>
          eb.or([
            eb('l.created_by', '=', ctx.uid),
            eb.exists(
              eb
                .selectFrom('workspace_items as wi')
                .innerJoin('workspaces as w', 'w.id', 'wi.workspace_id')
                .select(sql.lit(1).as('one'))
                .whereRef('wi.list_id', '=', 'l.id')
                .where('w.created_by', '=', ctx.uid),
            ),
          ]),
        )
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Creates the list inside the workspace's items, in one transaction. */
    async create(
      ctx: RequestContext,
      workspaceId: string,
      input: { name: string; type: ListType; filter_id: string | null },
    ): Promise<string | null> {
      const at = nowIso();
      const id = crypto.randomUUID();
      const made = await scoped(ctx)
        .transaction()
        .execute(async (trx) => {
          // The workspace's row first: it locks the row (PostgreSQL), so lists created in one
          // workspace at once take positions and fold into its items one after another, and
          // two lists of one name cannot both be made.
          await trx
            .updateTable('workspaces')
            .set({ updated_at: at, updated_by: ctx.uid })
            .where('id', '=', workspaceId)
            .execute();
          if (await nameTakenIn(trx, [workspaceId], input.name, null)) return false;
          await trx
            .insertInto('lists')
            .values({
              id,
              name: input.name,
              type: input.type,
              filter_id: input.filter_id,
              created_at: at,
              created_by: ctx.uid,
              updated_at: at,
              updated_by: ctx.uid,
            })
            .execute();
          const last = await trx
            .selectFrom('workspace_items')
            .select((eb) => eb.fn.max('position').as('position'))
            .where('workspace_id', '=', workspaceId)
            .executeTakeFirst();
          await trx
            .insertInto('workspace_items')
            .values({
              workspace_id: workspaceId,
              list_id: id,
              position: Number(last?.position ?? -1) + 1,
            })
            .execute();
          await refreshFolded(trx, ctx, [workspaceId], ['items']);
          return true;
        });
      return made ? id : null;
    },

    /** Renames the list; false, changing nothing, when a workspace holding it has another list of that name. */
    async rename(ctx: RequestContext, id: string, name: string): Promise<boolean> {
      return scoped(ctx)
        .transaction()
        .execute(async (trx) => {
          const held = await trx
            .selectFrom('workspace_items')
            .select('workspace_id')
            .where('list_id', '=', id)
            .execute();
          if (
            await nameTakenIn(
              trx,
              held.map((h) => h.workspace_id),
              name,
              id,
            )
          )
            return false;
          await trx
            .updateTable('lists')
            .set({ name, updated_at: nowIso(), updated_by: ctx.uid })
            .where('id', '=', id)
            .execute();
          return true;
        });
    },

    /** Deletes the list; every workspace that held it drops it from its items. */
    async delete(ctx: RequestContext, id: string): Promise<void> {
      await scoped(ctx)
        .transaction()
        .execute(async (trx) => {
          const holders = await trx
            .selectFrom('workspace_items')
            .select('workspace_id')
            .where('list_id', '=', id)
            .execute();
          await trx.deleteFrom('lists').where('id', '=', id).execute();
          await refreshFolded(
            trx,
            ctx,
            holders.map((h) => h.workspace_id),
            ['items'],
          );
        });
    },

    /** Stored member counts of static lists, by list id. */
    async memberCounts(ctx: RequestContext, ids: string[]): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      if (!ids.length) return counts;
      const [accounts, contacts] = await Promise.all([
        scoped(ctx)
          .selectFrom('list_accounts')
          .select(['list_id', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('list_id', 'in', ids)
          .groupBy('list_id')
          .execute(),
        scoped(ctx)
          .selectFrom('list_contacts')
          .select(['list_id', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('list_id', 'in', ids)
          .groupBy('list_id')
          .execute(),
      ]);
      for (const r of [...accounts, ...contacts]) counts.set(r.list_id, Number(r.n));
      return counts;
    },

    /** The ids of accounts the caller's tenant sees (an upload's own accounts are its tenant's alone). */
    async existingAccountIds(ctx: RequestContext, ids: string[]): Promise<Set<string>> {
      const rows = await scoped(ctx)
        .selectFrom('master_accounts')
        .select('master_account_id')
        .where('master_account_id', 'in', ids)
        .where(referenceOrOwnedBy(ctx.tenantId))
        .execute();
      return new Set(rows.map((r) => r.master_account_id));
    },

    async existingContactIds(ids: string[]): Promise<Set<string>> {
      const rows = await db.selectFrom('master_contacts').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Adds members in one statement and marks the list updated; answers how many were new. */
    async addMembers(ctx: RequestContext, list: ListRow, ids: string[]): Promise<number> {
      const at = nowIso();
      return changeMembers(ctx, list, at, async (trx) => {
        const result =
          list.type === 'contacts'
            ? await trx
                .insertInto('list_contacts')
                .values(ids.map((contact_id) => ({ list_id: list.id, contact_id, added_at: at, added_by: ctx.uid })))
                .onConflict((oc) => oc.columns(['list_id', 'contact_id']).doNothing())
                .executeTakeFirst()
            : await trx
                .insertInto('list_accounts')
                .values(
                  ids.map((master_account_id) => ({
                    list_id: list.id,
                    master_account_id,
                    added_at: at,
                    added_by: ctx.uid,
                  })),
                )
                .onConflict((oc) => oc.columns(['list_id', 'master_account_id']).doNothing())
                .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0);
      });
    },

    async removeMembers(ctx: RequestContext, list: ListRow, ids: string[]): Promise<number> {
      return changeMembers(ctx, list, nowIso(), async (trx) => {
        const result =
          list.type === 'contacts'
            ? await trx
                .deleteFrom('list_contacts')
                .where('list_id', '=', list.id)
                .where('contact_id', 'in', ids)
                .executeTakeFirst()
            : await trx
                .deleteFrom('list_accounts')
                .where('list_id', '=', list.id)
                .where('master_account_id', 'in', ids)
                .executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },

    /**
     * Contacts of a contact list, paged: the stored members, or for a smart contact list the
     * contacts of every account its filter matches now.
     */
    async contactsPage(
      ctx: RequestContext,
      source: { listId: string } | { filter: FilterGroup },
      query: ContactPageQuery,
    ): Promise<{ rows: ListContactRow[]; total: number }> {
      let base = scoped(ctx)
        .selectFrom('master_contacts as c')
        .innerJoin('master_accounts as a', 'a.master_account_id', 'c.master_account_id');
      if ('listId' in source) {
        base = base.where((eb) =>
          eb.exists(
            eb
              .selectFrom('list_contacts as lc')
              .select(sql.lit(1).as('one'))
              .where('lc.list_id', '=', source.listId)
              .whereRef('lc.contact_id', '=', 'c.id'),
          ),
        );
      } else {
        const where = filterWhere(ctx, await filterValues.canonical(source.filter));
        base = base.where((eb) => where(eb as unknown as AccountsExpressionBuilder));
      }
      const sortColumn =
        query.sort === 'account_name' ? 'a.account_name' : query.sort === 'title' ? 'c.title' : 'c.last_name';
      const [rows, total] = await Promise.all([
        base
          .select([
            'c.id',
            'c.first_name',
            'c.last_name',
            'c.title',
            'c.email',
            'c.email_status',
            'a.master_account_id',
            'a.account_name',
          ])
          // Whatever the case: "de Vries" among the D's, "eBay" among the E's.
          .orderBy(sql`lower(${sql.ref(sortColumn)})`, query.direction)
          .orderBy('c.id', query.direction)
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map(({ email_status, ...r }) => ({
          ...r,
          email: isEmailUsable(r.email, email_status) ? r.email : null,
        })),
        total: Number(total.n),
      };
    },
  };
}

export type ListsRepository = ReturnType<typeof createListsRepository>;
