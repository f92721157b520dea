import {
  type CustomField,
  type FieldMappings,
  type IntegrationConnection,
  type IntegrationsResponse,
  type IntegrationType,
  isValueMessagingConfigured,
} from '@quarry/shared';
import type { EngagementAdapter, EngagementAdapters, Sequence } from '../../adapters/engagement/engagement-adapter.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, HttpError, invalidField, notFound } from '../../lib/http-error.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { INTEGRATION_CATALOGUE } from './integration-catalogue.ts';
import type { IntegrationRow, IntegrationsRepository } from './integrations.repository.ts';

export const RECHECK_INTEGRATIONS = 'recheck_integrations';
/** How often every connected credential is asked about again. */
export const RECHECK_EVERY_MS = 6 * 60 * 60 * 1000;
const TAIL_LENGTH = 4;
const notConnected = () => notFound('This tool is not connected');

/** The last characters of a credential, masked: all the browser ever sees of it. */
export function maskedTail(credential: string): string {
  return `…${credential.slice(-TAIL_LENGTH)}`;
}

function toConnection(row: IntegrationRow): IntegrationConnection {
  const mappings = parseJsonColumn<FieldMappings>(row.field_mappings, {});
  return {
    type: row.type as IntegrationType,
    status: row.status as IntegrationConnection['status'],
    status_message: row.status_message,
    account_name: row.account_name,
    credential_tail: row.credential_tail,
    checked_at: row.checked_at,
    connected_by: row.connected_by,
    connected_at: row.created_at,
    field_mappings: mappings,
    value_messaging_configured: isValueMessagingConfigured(mappings),
  };
}

/** Connect, re-check, disconnect and map fields (admins only); everyone signed in sees the list. */
export function createIntegrationsService(deps: {
  integrations: IntegrationsRepository;
  adapters: EngagementAdapters;
  box: SecretBox;
  clock: Clock;
}) {
  const { integrations, adapters, box, clock } = deps;
  const nowIso = () => clock().toISOString();

  const requireAdmin = (ctx: RequestContext) => {
    if (!ctx.isAdmin) throw forbidden('Only an admin can change integrations');
  };
  const adapterFor = (type: IntegrationType): EngagementAdapter => {
    const adapter = adapters[type];
    if (!adapter) {
      throw new HttpError(400, 'integration_unavailable', 'Quarry cannot connect this tool yet', {
        fields: [{ field: 'type', message: 'Quarry cannot connect this tool yet' }],
      });
    }
    return adapter;
  };
  const connected = async (ctx: RequestContext, type: IntegrationType) => {
    const row = await integrations.find(ctx.tenantId, type);
    if (!row) throw notConnected();
    return row;
  };

  /** Asks the tool about the credential and writes what it said; an unreachable tool leaves it PENDING. */
  async function check(tenantId: string, type: IntegrationType, credential: string): Promise<void> {
    const result = await adapterFor(type).check(credential);
    const at = nowIso();
    if (result.status === 'VALID') {
      await integrations.update(tenantId, type, {
        status: 'VALID',
        status_message: null,
        account_name: result.accountName,
        checked_at: at,
        updated_at: at,
      });
    } else if (result.status === 'INVALID') {
      await integrations.update(tenantId, type, {
        status: 'INVALID',
        status_message: result.message,
        checked_at: at,
        updated_at: at,
      });
    } else {
      await integrations.update(tenantId, type, { status_message: result.message, checked_at: at, updated_at: at });
    }
  }

  /** The company configuration's integrations (spec section 3) follow the connected tools and their mappings. */
  async function mirrorToCompanyConfiguration(tenantId: string): Promise<void> {
    const rows = await integrations.list(tenantId);
    const list = rows.map((r) => ({
      type: r.type,
      field_mappings: parseJsonColumn<FieldMappings>(r.field_mappings, {}),
    }));
    await integrations.writeCompanyIntegrations(tenantId, JSON.stringify(list), nowIso());
  }

  /** The periodic re-check: each of a tenant's tools asked again, so a revoked credential turns INVALID. */
  async function recheckTenant(tenantId: string): Promise<void> {
    for (const row of await integrations.list(tenantId)) {
      const type = row.type as IntegrationType;
      if (!adapters[type]) continue;
      await check(tenantId, type, box.open(row.credential_encrypted));
    }
  }

  async function one(ctx: RequestContext, type: IntegrationType): Promise<IntegrationConnection> {
    return toConnection(await connected(ctx, type));
  }

  return {
    recheckTenant,

    /** Queues a re-check for every tenant with a connected tool; answers how many. */
    async requestRechecks(jobs: {
      enqueueOnce: (tenantId: string, type: string, o: { now: Date }) => Promise<boolean>;
    }) {
      const tenants = await integrations.tenantsWithConnections();
      for (const tenantId of tenants) await jobs.enqueueOnce(tenantId, RECHECK_INTEGRATIONS, { now: clock() });
      return tenants.length;
    },

    async list(ctx: RequestContext): Promise<IntegrationsResponse> {
      const rows = new Map((await integrations.list(ctx.tenantId)).map((r) => [r.type, r]));
      return {
        integrations: INTEGRATION_CATALOGUE.map((entry) => {
          const row = rows.get(entry.type);
          return { entry, connection: row ? toConnection(row) : null };
        }),
        can_manage: ctx.isAdmin,
      };
    },

    async connect(ctx: RequestContext, type: IntegrationType, credential: string): Promise<IntegrationConnection> {
      requireAdmin(ctx);
      adapterFor(type);
      const at = nowIso();
      await integrations.upsert({
        tenant_id: ctx.tenantId,
        type,
        status: 'PENDING',
        status_message: null,
        account_name: null,
        credential_encrypted: box.seal(credential),
        credential_tail: maskedTail(credential),
        field_mappings: '{}',
        checked_at: null,
        connected_by: ctx.uid,
        created_at: at,
        updated_at: at,
      });
      await check(ctx.tenantId, type, credential);
      await mirrorToCompanyConfiguration(ctx.tenantId);
      return one(ctx, type);
    },

    async recheck(ctx: RequestContext, type: IntegrationType): Promise<IntegrationConnection> {
      requireAdmin(ctx);
      const row = await connected(ctx, type);
      await check(ctx.tenantId, type, box.open(row.credential_encrypted));
      return one(ctx, type);
    },

    async disconnect(ctx: RequestContext, type: IntegrationType): Promise<void> {
      requireAdmin(ctx);
      if (!(await integrations.remove(ctx.tenantId, type))) throw notConnected();
      await mirrorToCompanyConfiguration(ctx.tenantId);
    },

    async customFields(ctx: RequestContext, type: IntegrationType): Promise<CustomField[]> {
      requireAdmin(ctx);
      const row = await connected(ctx, type);
      if (row.status !== 'VALID') {
        throw new HttpError(409, 'conflict', 'Connect this tool with a valid credential first');
      }
      try {
        return await adapterFor(type).customFields(box.open(row.credential_encrypted));
      } catch (error) {
        throw new HttpError(
          409,
          'integration_unreachable',
          error instanceof Error ? error.message : 'The tool could not be reached',
        );
      }
    },

    /** The tool's sequences for a send to enrol in (anyone signed in picks one); empty where Quarry cannot enrol. */
    async sequences(ctx: RequestContext, type: IntegrationType): Promise<Sequence[]> {
      const row = await connected(ctx, type);
      const adapter = adapters[type];
      if (row.status !== 'VALID' || !adapter?.sequences) return [];
      try {
        return await adapter.sequences(box.open(row.credential_encrypted));
      } catch (error) {
        throw new HttpError(
          409,
          'integration_unreachable',
          error instanceof Error ? error.message : 'The tool could not be reached',
        );
      }
    },

    /** Mappings name the tool's own custom fields: a field it does not have is refused, by key. */
    async updateFieldMappings(
      ctx: RequestContext,
      type: IntegrationType,
      mappings: FieldMappings,
    ): Promise<IntegrationConnection> {
      requireAdmin(ctx);
      const fields = new Set((await this.customFields(ctx, type)).map((f) => f.name));
      for (const [key, name] of Object.entries(mappings)) {
        if (name && !fields.has(name)) throw invalidField(`field_mappings.${key}`, `The tool has no field ${name}`);
      }
      await integrations.update(ctx.tenantId, type, { field_mappings: JSON.stringify(mappings), updated_at: nowIso() });
      await mirrorToCompanyConfiguration(ctx.tenantId);
      return one(ctx, type);
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
