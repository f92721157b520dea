import crypto from 'node:crypto';
import {
  type CustomField,
  type FieldMappings,
  type FieldReason,
  type IntegrationConnection,
  type IntegrationsResponse,
  type IntegrationType,
  isValueMessagingConfigured,
  type OAuthCallbackQuery,
} from '@quarry/shared';
import type {
  EngagementAdapter,
  EngagementAdapters,
  Mailbox,
  Sequence,
} from '../../adapters/engagement/engagement-adapter.ts';
import { type OAuthClient, pkcePair } from '../../adapters/engagement/oauth-client.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, HttpError, invalidField, notFound, refusal } from '../../lib/http-error.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { INTEGRATION_CATALOGUE } from './integration-catalogue.ts';
import type { IntegrationRow, IntegrationsRepository } from './integrations.repository.ts';
import {
  hashState,
  OAUTH_STATE_TTL_MS,
  OAUTH_TAIL,
  type OAuthTokensCredential,
  parseOAuthCredential,
  REFRESH_MARGIN_MS,
  stateMatches,
} from './oauth-credential.ts';

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

/** Only an admin connects, checks and maps a company's sales-engagement tools. */
export function requireAdmin(ctx: RequestContext): void {
  if (!ctx.isAdmin) throw forbidden('Only an admin can change integrations', 'admin_only');
}

/** Connect, re-check, disconnect and map fields (admins only); everyone signed in sees the list. */
export function createIntegrationsService(deps: {
  integrations: IntegrationsRepository;
  adapters: EngagementAdapters;
  box: SecretBox;
  clock: Clock;
  /**
   * The tools that connect with OAuth, with their configured client: Outreach only so, HubSpot
   * and Salesloft besides a private-app token or API key.
   */
  oauth?: Partial<Record<IntegrationType, OAuthClient>>;
}) {
  const { integrations, adapters, box, clock, oauth = {} } = deps;
  const nowIso = () => clock().toISOString();

  const adapterFor = (type: IntegrationType): EngagementAdapter => {
    const adapter = adapters[type];
    if (!adapter) {
      throw new HttpError(400, 'integration_unavailable', 'Quarry cannot connect this tool yet', {
        fields: [{ field: 'type', message: 'Quarry cannot connect this tool yet', reason: 'not_connectable' }],
      });
    }
    return adapter;
  };
  const connected = async (ctx: RequestContext, type: IntegrationType) => {
    const row = await integrations.find(ctx.tenantId, type);
    if (!row) throw notConnected();
    return row;
  };

  const oauthRefused = (message: string, reason: FieldReason) => invalidField('state', message, reason);
  const oauthClientFor = (type: IntegrationType): OAuthClient => {
    const client = oauth[type];
    if (!client) {
      throw new HttpError(400, 'integration_unavailable', 'This tool does not connect with OAuth', {
        fields: [{ field: 'type', message: 'This tool does not connect with OAuth', reason: 'not_oauth' }],
      });
    }
    if (!client.configured) {
      throw refusal(409, 'integration_unavailable', 'not_configured', 'Quarry is not configured to connect this tool');
    }
    return client;
  };
  const oauthOnly = (type: IntegrationType) =>
    INTEGRATION_CATALOGUE.find((entry) => entry.type === type)?.auth === 'oauth';
  /** One refresh at a time per tenant and tool: a rotated refresh token is spent only once. */
  const refreshing = new Map<string, Promise<string>>();

  async function refreshTokens(
    tenantId: string,
    type: IntegrationType,
    row: IntegrationRow,
    held: OAuthTokensCredential,
  ) {
    const client = oauth[type];
    if (!client) throw notConnected();
    const answer = await client.refresh(held.refreshToken, clock().getTime());
    const at = nowIso();
    if (!answer.ok) {
      if (answer.refused) {
        await integrations.update(tenantId, type, {
          status: 'INVALID',
          status_message: answer.message,
          checked_at: at,
          updated_at: at,
        });
      }
      throw new HttpError(409, 'integration_unreachable', answer.message);
    }
    const sealed = box.seal(JSON.stringify({ kind: 'oauth_tokens', ...answer.tokens }));
    await integrations.updateIfCredential(tenantId, type, row.credential_encrypted, {
      credential_encrypted: sealed,
      updated_at: at,
    });
    return answer.tokens.accessToken;
  }

  /**
   * The credential an adapter is handed: the key as stored, or for an OAuth tool its access
   * token, refreshed first (and the rotated pair kept) when fewer than 300 s remain.
   */
  async function credentialFor(tenantId: string, type: IntegrationType): Promise<string> {
    const row = await integrations.find(tenantId, type);
    if (!row) throw notConnected();
    const plain = box.open(row.credential_encrypted);
    if (!oauth[type]) return plain;
    const held = parseOAuthCredential(plain);
    // A tool that also takes a key (HubSpot, Salesloft) connected with one: the key as stored.
    if (held === null && !oauthOnly(type)) return plain;
    if (held?.kind !== 'oauth_tokens')
      throw refusal(409, 'conflict', 'finish_connecting', 'Finish connecting this tool first');
    if (held.expiresAt - clock().getTime() > REFRESH_MARGIN_MS) return held.accessToken;
    const key = `${tenantId}:${type}`;
    const running = refreshing.get(key);
    if (running) return running;
    const next = refreshTokens(tenantId, type, row, held).finally(() => refreshing.delete(key));
    refreshing.set(key, next);
    return next;
  }

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
      let credential: string;
      try {
        credential = await credentialFor(tenantId, type);
      } catch {
        // An OAuth consent still open, or a refresh refused (already marked INVALID).
        continue;
      }
      await check(tenantId, type, credential);
    }
  }

  async function one(ctx: RequestContext, type: IntegrationType): Promise<IntegrationConnection> {
    return toConnection(await connected(ctx, type));
  }

  /** A list a connected, valid tool gives (sequences, mailboxes): empty where it has none; 409 when it cannot be reached. */
  async function listFromTool<T>(
    ctx: RequestContext,
    type: IntegrationType,
    list: (adapter: EngagementAdapter) => ((credential: string) => Promise<T[]>) | undefined,
  ): Promise<T[]> {
    const row = await connected(ctx, type);
    const adapter = adapters[type];
    const read = adapter ? list(adapter) : undefined;
    if (row.status !== 'VALID' || !read) return [];
    try {
      return await read(await credentialFor(ctx.tenantId, type));
    } catch (error) {
      throw new HttpError(
        409,
        'integration_unreachable',
        error instanceof Error ? error.message : 'The tool could not be reached',
      );
    }
  }

  return {
    recheckTenant,
    credentialFor,

    /**
     * Opens an OAuth consent (admins only): a fresh state bound to this session and a PKCE pair,
     * kept sealed on the tool's row, which shows PENDING until the callback completes.
     */
    async startOAuth(ctx: RequestContext, type: IntegrationType): Promise<{ authorization_url: string }> {
      requireAdmin(ctx);
      const client = oauthClientFor(type);
      adapterFor(type);
      const state = crypto.randomBytes(32).toString('base64url');
      const { verifier, challenge } = pkcePair();
      const at = nowIso();
      const pending = {
        kind: 'oauth_pending',
        stateHash: hashState(state),
        sessionId: ctx.sessionId,
        verifier,
        expiresAt: clock().getTime() + OAUTH_STATE_TTL_MS,
      };
      await integrations.upsert(ctx.tenantId, {
        type,
        status: 'PENDING',
        status_message: null,
        account_name: null,
        credential_encrypted: box.seal(JSON.stringify(pending)),
        credential_tail: OAUTH_TAIL,
        field_mappings: '{}',
        checked_at: null,
        connected_by: ctx.uid,
        created_at: at,
        updated_at: at,
      });
      await mirrorToCompanyConfiguration(ctx.tenantId);
      return { authorization_url: client.authorizeUrl(state, challenge) };
    },

    /**
     * The tool's consent page sent the browser back: the state must be this tenant's open one,
     * from this very session, unexpired, and is spent before the code is exchanged (single use).
     */
    async completeOAuth(ctx: RequestContext, type: IntegrationType, query: OAuthCallbackQuery): Promise<void> {
      requireAdmin(ctx);
      const client = oauthClientFor(type);
      if (!query.state) throw oauthRefused('The authorization state is missing', 'oauth_state_missing');
      const row = await integrations.find(ctx.tenantId, type);
      const held = row ? parseOAuthCredential(box.open(row.credential_encrypted)) : null;
      if (!row || held?.kind !== 'oauth_pending' || !stateMatches(held, query.state)) {
        throw oauthRefused('The authorization state is unknown or was already used', 'oauth_state_unknown');
      }
      if (held.sessionId !== ctx.sessionId)
        throw oauthRefused('The authorization was started in another session', 'oauth_state_other_session');
      if (held.expiresAt < clock().getTime())
        throw oauthRefused('The authorization took too long; connect again', 'oauth_state_expired');
      const at = nowIso();
      // Spend the state first: a second callback with it finds nothing to complete.
      const spent = box.seal(
        JSON.stringify({ kind: 'oauth_pending', stateHash: '', sessionId: '', verifier: '', expiresAt: 0 }),
      );
      if (
        !(await integrations.updateIfCredential(ctx.tenantId, type, row.credential_encrypted, {
          credential_encrypted: spent,
          updated_at: at,
        }))
      ) {
        throw oauthRefused('The authorization state is unknown or was already used', 'oauth_state_unknown');
      }
      if (query.error || !query.code) {
        const message = (query.error_description ?? query.error ?? 'The tool sent no authorization code').slice(0, 300);
        await integrations.update(ctx.tenantId, type, {
          status: 'INVALID',
          status_message: message,
          checked_at: at,
          updated_at: at,
        });
        return;
      }
      const answer = await client.exchange(query.code, held.verifier, clock().getTime());
      if (!answer.ok) {
        await integrations.update(ctx.tenantId, type, {
          status: 'INVALID',
          status_message: answer.message,
          checked_at: at,
          updated_at: at,
        });
        return;
      }
      await integrations.update(ctx.tenantId, type, {
        credential_encrypted: box.seal(JSON.stringify({ kind: 'oauth_tokens', ...answer.tokens })),
        updated_at: at,
      });
      await check(ctx.tenantId, type, answer.tokens.accessToken);
    },

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
          return {
            entry: { ...entry, oauth: Boolean(oauth[entry.type]?.configured) },
            connection: row ? toConnection(row) : null,
          };
        }),
        can_manage: ctx.isAdmin,
      };
    },

    async connect(ctx: RequestContext, type: IntegrationType, credential: string): Promise<IntegrationConnection> {
      requireAdmin(ctx);
      adapterFor(type);
      if (oauthOnly(type)) {
        throw new HttpError(400, 'integration_unavailable', 'This tool connects with OAuth only', {
          fields: [{ field: 'type', message: 'This tool connects with OAuth only', reason: 'oauth_only' }],
        });
      }
      const at = nowIso();
      await integrations.upsert(ctx.tenantId, {
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
      await connected(ctx, type);
      await check(ctx.tenantId, type, await credentialFor(ctx.tenantId, type));
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
        throw refusal(409, 'conflict', 'connect_first', 'Connect this tool with a valid credential first');
      }
      try {
        return await adapterFor(type).customFields(await credentialFor(ctx.tenantId, type));
      } catch (error) {
        throw new HttpError(
          409,
          'integration_unreachable',
          error instanceof Error ? error.message : 'The tool could not be reached',
        );
      }
    },

    /** The tool's sequences for a send to enrol in (anyone signed in picks one); empty where Quarry cannot enrol. */
    sequences: (ctx: RequestContext, type: IntegrationType): Promise<Sequence[]> =>
      listFromTool(ctx, type, (adapter) => adapter.sequences),

    /** Where the tool's sequences can send from, for a send to name one (anyone signed in picks); empty where it asks for none. */
    mailboxes: (ctx: RequestContext, type: IntegrationType): Promise<Mailbox[]> =>
      listFromTool(ctx, type, (adapter) => adapter.mailboxes),

    /** Mappings name the tool's own custom fields: a field it does not have is refused, by key. */
    async updateFieldMappings(
      ctx: RequestContext,
      type: IntegrationType,
      mappings: FieldMappings,
    ): Promise<IntegrationConnection> {
      requireAdmin(ctx);
      const fields = new Set((await this.customFields(ctx, type)).map((f) => f.name));
      for (const [key, name] of Object.entries(mappings)) {
        if (name && !fields.has(name))
          throw invalidField(`field_mappings.${key}`, `The tool has no field ${name}`, 'unknown_reference');
      }
      await integrations.update(ctx.tenantId, type, { field_mappings: JSON.stringify(mappings), updated_at: nowIso() });
      await mirrorToCompanyConfiguration(ctx.tenantId);
      return one(ctx, type);
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
