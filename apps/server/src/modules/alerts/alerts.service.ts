import type { alertBodySchema, ManagedAlert } from '@quarry/shared';
import type { z } from 'zod';
import { forbidden, invalidField, notFound } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { sanitizeAlertHtml } from '../../lib/sanitize-alert-html.ts';
import type { AlertsRepository } from './alerts.repository.ts';

type ParsedBody = z.output<typeof alertBodySchema>;

/** Global alerts: everyone reads the active ones of their tenant; only the support account manages them. */
export function createAlertsService(alerts: AlertsRepository) {
  function requireSupport(ctx: RequestContext) {
    if (!ctx.isSupport) throw forbidden('Only the support account manages alerts', 'support_only');
  }

  /** Sanitises the message and checks the target tenant; a message with nothing left is refused. */
  async function prepare(body: ParsedBody) {
    const message = sanitizeAlertHtml(body.message);
    if (!message.trim()) throw invalidField('message', 'Message is required', 'required');
    if (body.tenant_id) {
      const tenants = await alerts.tenants();
      if (!tenants.some((t) => t.id === body.tenant_id))
        throw invalidField('tenant_id', 'Unknown tenant', 'unknown_reference');
    }
    return { ...body, message };
  }

  return {
    active: (ctx: RequestContext) => alerts.active(ctx),

    async manage(ctx: RequestContext) {
      requireSupport(ctx);
      const [list, tenants] = await Promise.all([alerts.all(), alerts.tenants()]);
      return { alerts: list, tenants };
    },

    async create(ctx: RequestContext, body: ParsedBody): Promise<ManagedAlert> {
      requireSupport(ctx);
      const id = await alerts.create(ctx, await prepare(body));
      const created = await alerts.find(id);
      if (!created) throw notFound('Alert not found');
      return created;
    },

    async update(ctx: RequestContext, id: string, body: ParsedBody): Promise<ManagedAlert> {
      requireSupport(ctx);
      if (!(await alerts.find(id))) throw notFound('Alert not found');
      await alerts.update(ctx, id, await prepare(body));
      const updated = await alerts.find(id);
      if (!updated) throw notFound('Alert not found');
      return updated;
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      requireSupport(ctx);
      if (!(await alerts.delete(id))) throw notFound('Alert not found');
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
