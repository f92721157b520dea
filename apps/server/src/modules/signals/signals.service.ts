import crypto from 'node:crypto';
import type {
  CreateSignalSourceBody,
  DiscoverAllSignalSourcesResult,
  SignalSource,
  SignalSourceKind,
  SignalSourceStatus,
} from '@quarry/shared';
import type { FetchOptions } from '../../adapters/signals/fetcher.ts';
import { type BoardKind, boardUrl } from '../../adapters/signals/parse.ts';
import { urlRefusal } from '../../adapters/signals/ssrf-guard.ts';
import { forbidden, invalidField, notFound } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { DISCOVER_SIGNAL_SOURCES, type NewSource, type SignalDiscovery } from './signal-discovery.ts';
import { storedReason } from './signal-reasons.ts';
import { SWEEP_SIGNAL_SOURCES } from './signal-sweep.ts';
import type { SignalSourceRow, SignalsRepository } from './signals.repository.ts';

export function requireAdmin(ctx: RequestContext): void {
  if (!ctx.isAdmin) throw forbidden('Only admins can manage signal sources', 'admin_only');
}

/** Signal sources as admins see and manage them (issue #18): list, add, pause/resume, delete, discover. */
export function createSignalsService(deps: {
  signals: SignalsRepository;
  fetchOptions: FetchOptions;
  boardApis: Record<BoardKind, string>;
  discovery: () => SignalDiscovery;
  requestSweep: (tenantId: string) => Promise<boolean>;
  requestDiscovery: (tenantId: string) => Promise<boolean>;
  clock?: () => Date;
}) {
  const { signals, fetchOptions } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function toApi(tenantId: string, rows: SignalSourceRow[]): Promise<SignalSource[]> {
    const names = new Map<string, string>();
    for (const r of rows) {
      if (!r.master_account_id || names.has(r.master_account_id)) continue;
      const id = r.master_account_id;
      const account = await signals.account(tenantId, id);
      if (account) names.set(id, account.account_name);
    }
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind as SignalSourceKind,
      url: r.url,
      board_token: r.board_token,
      name: r.name,
      master_account_id: r.master_account_id,
      account_name: r.master_account_id ? (names.get(r.master_account_id) ?? null) : null,
      status: r.status as SignalSourceStatus,
      discovered: r.discovered === 1,
      next_fetch_at: r.next_fetch_at,
      last_fetch_at: r.last_fetch_at,
      last_success_at: r.last_success_at,
      last_error: r.last_error,
      last_error_reason: storedReason(r.last_error_reason),
      failure_count: r.failure_count,
      fetch_count: r.fetch_count,
      not_modified_count: r.not_modified_count,
      items_found: r.items_found,
      last_items_found: r.last_items_found,
      created_at: r.created_at,
    }));
  }

  /** The new source's row, or null when one at the same URL was added meanwhile. */
  async function insert(tenantId: string, fields: NewSource): Promise<SignalSourceRow | null> {
    const now = clock().toISOString();
    const id = `sig_src_${crypto.randomUUID()}`;
    const inserted = await signals.insert(tenantId, {
      id,
      ...fields,
      discovered: fields.discovered ? 1 : 0,
      status: 'active',
      etag: null,
      last_modified: null,
      next_fetch_at: now,
      last_fetch_at: null,
      last_success_at: null,
      last_error: null,
      last_error_reason: null,
      failure_count: 0,
      fetch_count: 0,
      not_modified_count: 0,
      items_found: 0,
      last_items_found: 0,
      created_at: now,
      updated_at: now,
    });
    return inserted ? ((await signals.find(tenantId, id)) ?? null) : null;
  }

  async function owned(ctx: RequestContext, id: string): Promise<SignalSourceRow> {
    const row = await signals.find(ctx.tenantId, id);
    if (!row) throw notFound('Signal source not found');
    return row;
  }

  return {
    async list(ctx: RequestContext) {
      requireAdmin(ctx);
      const [rows, sweep, discovery] = await Promise.all([
        signals.list(ctx.tenantId),
        signals.sweepState(ctx.tenantId, SWEEP_SIGNAL_SOURCES, clock().toISOString()),
        signals.discoveryState(ctx.tenantId, DISCOVER_SIGNAL_SOURCES),
      ]);
      return { sources: await toApi(ctx.tenantId, rows), sweep, discovery };
    },

    async create(ctx: RequestContext, body: CreateSignalSourceBody): Promise<SignalSource> {
      requireAdmin(ctx);
      let url = body.url ?? '';
      const isBoard = body.kind === 'greenhouse' || body.kind === 'lever' || body.kind === 'ashby';
      if (!url) {
        if (isBoard && body.board_token) url = boardUrl(body.kind as BoardKind, body.board_token, deps.boardApis);
        else
          throw invalidField(
            isBoard ? 'board_token' : 'url',
            isBoard ? 'Give the board name or its URL' : 'Give the URL to read',
            'required',
          );
      }
      const refusal = urlRefusal(url, fetchOptions.allowedHosts);
      if (refusal) throw invalidField('url', refusal.message, refusal.reason);
      url = new URL(url).toString();
      let accountId: string | null = null;
      if (body.master_account_id) {
        const account = await signals.account(ctx.tenantId, body.master_account_id);
        if (!account) throw invalidField('master_account_id', 'No such account', 'unknown_reference');
        accountId = account.master_account_id;
      }
      if (await signals.findByUrl(ctx.tenantId, url))
        throw invalidField('url', 'This source is already watched', 'taken');
      const row = await insert(ctx.tenantId, {
        kind: body.kind,
        url,
        board_token: body.board_token ?? null,
        name: body.name || (isBoard && body.board_token ? `${body.kind}: ${body.board_token}` : new URL(url).host),
        master_account_id: accountId,
        discovered: false,
      });
      // Checked above, but a request adding the same URL at the same instant can win the race.
      if (!row) throw invalidField('url', 'This source is already watched', 'taken');
      return (await toApi(ctx.tenantId, [row]))[0] as SignalSource;
    },

    async setStatus(ctx: RequestContext, id: string, status: 'active' | 'paused'): Promise<SignalSource> {
      requireAdmin(ctx);
      const row = await owned(ctx, id);
      const now = clock().toISOString();
      // Resuming fetches at once and forgets past failures, their error too: the admin asked for
      // another try, and the next read says how it went (a walk had seen "Retrying" with no count).
      const changes =
        status === 'paused'
          ? { status, updated_at: now }
          : {
              status,
              failure_count: 0,
              last_error: null,
              last_error_reason: null,
              next_fetch_at: now,
              updated_at: now,
            };
      await signals.update(ctx.tenantId, row.id, changes);
      return (
        await toApi(ctx.tenantId, [(await signals.find(ctx.tenantId, row.id)) as SignalSourceRow])
      )[0] as SignalSource;
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      requireAdmin(ctx);
      const row = await owned(ctx, id);
      // A discovered source its admin deleted is not discovered again.
      if (row.discovered === 1) await signals.dismiss(ctx.tenantId, row.url, clock().toISOString());
      await signals.remove(ctx.tenantId, row.id);
    },

    /** Reads an account's site now and adds the feeds and job board it announces (see signal-discovery.ts). */
    async discover(ctx: RequestContext, accountId: string) {
      requireAdmin(ctx);
      const account = await signals.account(ctx.tenantId, accountId);
      if (!account) throw invalidField('master_account_id', 'No such account', 'unknown_reference');
      const before = new Set((await signals.list(ctx.tenantId)).map((r) => r.id));
      const discovery = deps.discovery();
      const result = await discovery.discoverAccount(ctx.tenantId, account);
      await signals.recordDiscovery(
        ctx.tenantId,
        account.master_account_id,
        discovery.checkedAt(result.retrySoon),
        result.added,
        result.reason?.slice(0, 500) ?? null,
        result.reasons,
      );
      // New sources are read at once, as the discovery job's are.
      if (result.added > 0) await deps.requestSweep(ctx.tenantId);
      const added = (await signals.list(ctx.tenantId)).filter((r) => !before.has(r.id));
      const none = result.added === 0;
      return {
        added: await toApi(ctx.tenantId, added),
        reason: none ? result.reason : null,
        reasons: none ? result.reasons : [],
      };
    },

    /** Queues the discovery job for the accounts of the tenant's territories and lists. */
    async discoverAll(ctx: RequestContext): Promise<DiscoverAllSignalSourcesResult> {
      requireAdmin(ctx);
      // Day one, nothing in a territory or a list: a job would look at no website and end in silence.
      if (!(await signals.hasHeldAccounts(ctx.tenantId))) return { queued: false, has_accounts: false };
      return { queued: await deps.requestDiscovery(ctx.tenantId), has_accounts: true };
    },

    insert,

    async sweepNow(ctx: RequestContext) {
      requireAdmin(ctx);
      return { queued: await deps.requestSweep(ctx.tenantId) };
    },
  };
}

export type SignalsService = ReturnType<typeof createSignalsService>;
