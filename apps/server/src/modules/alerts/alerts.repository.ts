import crypto from 'node:crypto';
import type { GlobalAlert, ManagedAlert } from '@quarry/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { GlobalAlertsTable } from '../../db/schema.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { nowIso } from '../../lib/time.ts';

type Row = Selectable<GlobalAlertsTable>;

/** The stored shape; message is already sanitised by the service. */
export type AlertInput = Omit<ManagedAlert, 'id' | 'created_at' | 'created_by' | 'updated_at'>;

function toManaged(r: Row): ManagedAlert {
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    color: r.color as ManagedAlert['color'],
    icon: r.icon as ManagedAlert['icon'],
    action_text: r.action_text,
    action: r.action,
    dismissible: r.dismissible === 1,
    allow_dont_show_again: r.allow_dont_show_again === 1,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    tenant_id: r.tenant_id,
    created_at: r.created_at,
    created_by: r.created_by,
    updated_at: r.updated_at,
  };
}

/** The banner's shape (spec section 3's global alert). */
function toBanner(r: Row): GlobalAlert {
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    color: r.color,
    ...(r.icon ? { icon: r.icon } : {}),
    ...(r.action_text && r.action ? { actionText: r.action_text, action: r.action } : {}),
    dismissible: r.dismissible === 1,
    allowDontShowAgain: r.allow_dont_show_again === 1,
  };
}

const columns = (input: AlertInput) => ({
  tenant_id: input.tenant_id,
  title: input.title,
  message: input.message,
  color: input.color,
  icon: input.icon,
  action_text: input.action_text,
  action: input.action,
  dismissible: input.dismissible ? 1 : 0,
  allow_dont_show_again: input.allow_dont_show_again ? 1 : 0,
  starts_at: input.starts_at,
  ends_at: input.ends_at,
});

export function createAlertsRepository(db: Db) {
  return {
    /** Alerts running now for the caller's tenant: its own and those for every tenant, newest first. */
    async active(ctx: RequestContext, now = nowIso()): Promise<GlobalAlert[]> {
      const rows = await db
        .selectFrom('global_alerts')
        .selectAll()
        .where((eb) => eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', ctx.tenantId)]))
        .where('starts_at', '<=', now)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('starts_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toBanner);
    },

    async all(): Promise<ManagedAlert[]> {
      const rows = await db
        .selectFrom('global_alerts')
        .selectAll()
        .orderBy('starts_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toManaged);
    },

    async find(id: string): Promise<ManagedAlert | null> {
      const row = await db.selectFrom('global_alerts').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toManaged(row) : null;
    },

    async create(ctx: RequestContext, input: AlertInput): Promise<string> {
      const at = nowIso();
      const id = crypto.randomUUID();
      await db
        .insertInto('global_alerts')
        .values({ id, ...columns(input), created_at: at, created_by: ctx.uid, updated_at: at, updated_by: ctx.uid })
        .execute();
      return id;
    },

    async update(ctx: RequestContext, id: string, input: AlertInput): Promise<boolean> {
      const result = await db
        .updateTable('global_alerts')
        .set({ ...columns(input), updated_at: nowIso(), updated_by: ctx.uid })
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
