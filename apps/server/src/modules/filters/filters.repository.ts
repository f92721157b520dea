import crypto from 'node:crypto';
import {
  type CreateSavedFilterBody,
  emptyFilter,
  type FilterGroup,
  type SavedFilter,
  type UpdateSavedFilterBody,
} from '@quarry/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SavedFiltersTable } from '../../db/schema.ts';
import { scopedTo, type WithoutTenant } from '../../db/scoped.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { nowIso } from '../../lib/time.ts';

function toSavedFilter(row: WithoutTenant<Selectable<SavedFiltersTable>>): SavedFilter {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    filter: parseJsonColumn<FilterGroup>(row.filter, emptyFilter()),
    sort: row.sort,
    private: row.private === 1,
    created: row.created_at,
    created_by: row.created_by,
    updated: row.updated_at,
    updated_by: row.updated_by,
  };
}

/** Saved filters of the caller's tenant; reads answer only what the caller may see (spec section 6). */
export function createFiltersRepository(db: Db) {
  const scoped = (ctx: RequestContext) => scopedTo(db, ctx.tenantId);
  /** Mine, and my colleagues' public ones. */
  function visible(ctx: RequestContext) {
    return scoped(ctx)
      .selectFrom('saved_filters')
      .selectAll()
      .where((eb) => eb.or([eb('created_by', '=', ctx.uid), eb('private', '=', 0)]));
  }

  return {
    async list(ctx: RequestContext): Promise<SavedFilter[]> {
      const rows = await visible(ctx)
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('id')
        .execute();
      return rows.map(toSavedFilter);
    },

    async findVisible(ctx: RequestContext, id: string): Promise<SavedFilter | null> {
      const row = await visible(ctx).where('id', '=', id).executeTakeFirst();
      return row ? toSavedFilter(row) : null;
    },

    /**
     * Whether a saved filter of the tenant exists, is private and whose it is, whoever may read
     * it: enough to tell a reader why a smart list shows them nothing, never its conditions.
     */
    async describe(
      ctx: RequestContext,
      id: string,
    ): Promise<{ name: string; private: boolean; created_by: string } | null> {
      const row = await scoped(ctx)
        .selectFrom('saved_filters')
        .select(['name', 'private', 'created_by'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { name: row.name, private: row.private === 1, created_by: row.created_by } : null;
    },

    async create(ctx: RequestContext, input: CreateSavedFilterBody): Promise<SavedFilter> {
      const at = nowIso();
      const row = {
        id: crypto.randomUUID(),
        name: input.name,
        description: input.description,
        filter: JSON.stringify(input.filter),
        sort: input.sort,
        private: input.private ? 1 : 0,
        created_at: at,
        created_by: ctx.uid,
        updated_at: at,
        updated_by: ctx.uid,
      };
      await scoped(ctx).insertInto('saved_filters').values(row).execute();
      return toSavedFilter(row);
    },

    /** Changes only a filter the caller owns; answers whether one changed. */
    async updateOwn(ctx: RequestContext, id: string, patch: UpdateSavedFilterBody): Promise<boolean> {
      const result = await scoped(ctx)
        .updateTable('saved_filters')
        .set({
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.description !== undefined && { description: patch.description }),
          ...(patch.filter !== undefined && { filter: JSON.stringify(patch.filter) }),
          ...(patch.sort !== undefined && { sort: patch.sort }),
          ...(patch.private !== undefined && { private: patch.private ? 1 : 0 }),
          updated_at: nowIso(),
          updated_by: ctx.uid,
        })
        .where('created_by', '=', ctx.uid)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes only a filter the caller owns; answers whether one went. */
    async deleteOwn(ctx: RequestContext, id: string): Promise<boolean> {
      const result = await scoped(ctx)
        .deleteFrom('saved_filters')
        .where('created_by', '=', ctx.uid)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type FiltersRepository = ReturnType<typeof createFiltersRepository>;
