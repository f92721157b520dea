import type { alertBodySchema, GlobalAlert, ManagedAlert } from '@quarry/shared';
import type { z } from 'zod';
import { forbidden, invalidField, notFound } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { sanitizeAlertHtml } from '../../lib/sanitize-alert-html.ts';
import type { AlertColumns, AlertRow, AlertsRepository } from './alerts.repository.ts';

type ParsedBody = z.output<typeof alertBodySchema>;

/** Support's view of a stored alert, in the API's field names. */
function toManaged(r: AlertRow): ManagedAlert {
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
    tenant_id: r.audience_tenant_id,
    created_at: r.created_at,
    created_by: r.created_by,
    updated_at: r.updated_at,
  };
}

/** The banner's shape (spec section 3's global alert). */
function toBanner(r: AlertRow): GlobalAlert {
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

/** Only the support account manages alerts. */
export function requireSupport(ctx: RequestContext): void {
  if (!ctx.isSupport) throw forbidden('Only the support account manages alerts', 'support_only');
}

/** Global alerts: everyone reads the active ones of their tenant; only the support account manages them. */
export function createAlertsService(alerts: AlertsRepository) {
  /** Sanitises the message and checks the target tenant; a message with nothing left is refused. */
  async function prepare(body: ParsedBody) {
    const message = sanitizeAlertHtml(body.message);
    if (!message.trim()) throw invalidField('message', 'Message is required', 'required');
    if (body.tenant_id) {
      const tenants = await alerts.tenants();
      if (!tenants.some((t) => t.id === body.tenant_id))
        throw invalidField('tenant_id', 'Unknown tenant', 'unknown_reference');
    }
    const columns: AlertColumns = {
      audience_tenant_id: body.tenant_id,
      title: body.title,
      message,
      color: body.color,
      icon: body.icon,
      action_text: body.action_text,
      action: body.action,
      dismissible: body.dismissible ? 1 : 0,
      allow_dont_show_again: body.allow_dont_show_again ? 1 : 0,
      starts_at: body.starts_at,
      ends_at: body.ends_at,
    };
    return columns;
  }

  return {
    active: async (ctx: RequestContext) => (await alerts.active(ctx)).map(toBanner),

    async manage(ctx: RequestContext) {
      requireSupport(ctx);
      const [list, tenants] = await Promise.all([alerts.all(), alerts.tenants()]);
      return { alerts: list.map(toManaged), tenants };
    },

    async create(ctx: RequestContext, body: ParsedBody): Promise<ManagedAlert> {
      requireSupport(ctx);
      const id = await alerts.create(ctx, await prepare(body));
      const created = await alerts.find(id);
      if (!created) throw notFound('Alert not found');
      return toManaged(created);
    },

    async update(ctx: RequestContext, id: string, body: ParsedBody): Promise<ManagedAlert> {
      requireSupport(ctx);
      if (!(await alerts.find(id))) throw notFound('Alert not found');
      await alerts.update(ctx, id, await prepare(body));
      const updated = await alerts.find(id);
      if (!updated) throw notFound('Alert not found');
      return toManaged(updated);
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      requireSupport(ctx);
      if (!(await alerts.delete(id))) throw notFound('Alert not found');
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
