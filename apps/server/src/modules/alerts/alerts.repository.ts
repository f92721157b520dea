import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { GlobalAlertsTable } from '../../db/schema.ts';
import { everyTenantOr } from '../../db/scoped.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { nowIso } from '../../lib/time.ts';

/** A stored alert. */
export type AlertRow = Selectable<GlobalAlertsTable>;

/** What the service stores of an alert it was given (message already sanitised), beside who and when. */
export type AlertColumns = Omit<AlertRow, 'id' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by'>;

export function createAlertsRepository(db: Db) {
  return {
    /** Alerts running now for the caller's tenant: its own and those for every tenant, newest first. */
    async active(ctx: RequestContext, now = nowIso()): Promise<AlertRow[]> {
      return db
        .selectFrom('global_alerts')
        .selectAll()
        .where(everyTenantOr(ctx.tenantId, 'audience_tenant_id'))
        .where('starts_at', '<=', now)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('starts_at', 'desc')
        .orderBy('id')
        .execute();
    },

    async all(): Promise<AlertRow[]> {
      return db.selectFrom('global_alerts').selectAll().orderBy('starts_at', 'desc').orderBy('id').execute();
    },

    async find(id: string): Promise<AlertRow | null> {
      return (await db.selectFrom('global_alerts').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },

    async create(ctx: RequestContext, columns: AlertColumns): Promise<string> {
      const at = nowIso();
      const id = crypto.randomUUID();
      await db
        .insertInto('global_alerts')
        .values({ id, ...columns, created_at: at, created_by: ctx.uid, updated_at: at, updated_by: ctx.uid })
        .execute();
      return id;
    },

    async update(ctx: RequestContext, id: string, columns: AlertColumns): Promise<boolean> {
      const result = await db
        .updateTable('global_alerts')
        .set({ ...columns, updated_at: nowIso(), updated_by: ctx.uid })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('global_alerts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async tenants(): Promise<{ id: string; name: string }[]> {
      return db.selectFrom('tenants').select(['id', 'name']).orderBy('name').execute();
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
