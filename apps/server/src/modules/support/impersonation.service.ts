import crypto from 'node:crypto';
import { IMPERSONATION_MAX_MINUTES, type StartImpersonationBody } from '@quarry/shared';
import type { Clock } from '../../lib/clock.ts';
import { fieldFailure, forbidden, notFound, refusal } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { contextFromUser } from '../../lib/request-context.ts';
import { isSupportEmail } from '../../lib/service-account.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { AuditLogRepository } from './audit-log.repository.ts';
import type { ImpersonationRow, ImpersonationsRepository } from './impersonations.repository.ts';

export type WriteRequest = { method: string; route: string; params: unknown };

/**
 * Impersonation lives on the server: a row bound to the support account's session. While it is
 * open the session resolves to the target user, so the tenant still comes from the session.
 */
export function createImpersonationService(deps: {
  impersonations: ImpersonationsRepository;
  audit: AuditLogRepository;
  users: UsersRepository;
  supportEmail: string;
  now: Clock;
  /** Told when an impersonation of a session ended (its identity tokens end with it). */
  onEnded?: (sessionId: string) => void;
}) {
  const { impersonations, audit, users, supportEmail, now } = deps;

  async function close(row: ImpersonationRow, reason: 'stopped' | 'expired' | 'signed_out'): Promise<void> {
    const endedAt = now().toISOString();
    if (!(await impersonations.end(row.id, endedAt, reason))) return;
    deps.onEnded?.(row.session_id);
    const target = await users.findByUidForSession(row.target_uid);
    await audit.record({
      tenantId: row.target_tenant_id,
      asUid: row.target_uid,
      asEmail: target?.email ?? '',
      actor: { uid: row.impersonator_uid, email: row.impersonator_email, impersonationId: row.id },
      action: reason === 'expired' ? 'impersonation.expired' : 'impersonation.stopped',
      details: { end_reason: reason },
      occurredAt: endedAt,
    });
  }

  /** The support account's context, or the target's while an impersonation of this session is open. */
  async function resolve(base: RequestContext): Promise<RequestContext> {
    if (!base.isSupport) return base;
    const row = await impersonations.findOpenBySession(base.sessionId);
    if (!row) return base;
    if (now().toISOString() >= row.expires_at) {
      await close(row, 'expired');
      return base;
    }
    const target = await users.findByUidForSession(row.target_uid);
    // A target that left its tenant (or was removed) ends the impersonation rather than follow them.
    if (!target || target.company !== row.target_tenant_id) {
      await close(row, 'stopped');
      return base;
    }
    return {
      ...contextFromUser(target, supportEmail, base.sessionId),
      impersonator: {
        uid: base.uid,
        email: base.email,
        impersonationId: row.id,
        reason: row.reason,
        startedAt: row.started_at,
        expiresAt: row.expires_at,
      },
    };
  }

  return {
    resolve,

    /** Every write made while impersonating is recorded before it runs. */
    async recordWrite(ctx: RequestContext, request: WriteRequest): Promise<void> {
      if (!ctx.impersonator) return;
      await audit.record({
        tenantId: ctx.tenantId,
        asUid: ctx.uid,
        asEmail: ctx.email,
        actor: ctx.impersonator,
        action: 'write',
        details: { method: request.method, route: request.route, params: request.params },
        occurredAt: now().toISOString(),
      });
    },

    /** Spec section 5: only the support account, never nested, never itself; answers the target's context. */
    async start(ctx: RequestContext, body: StartImpersonationBody): Promise<RequestContext> {
      if (ctx.impersonator) {
        throw refusal(409, 'conflict', 'already_impersonating', 'Already impersonating a user: stop first');
      }
      if (!ctx.isSupport)
        throw forbidden(`Impersonation is refused unless the acting user is ${supportEmail}`, 'support_only');
      const target = await users.findByUidForSession(body.uid);
      if (!target) throw notFound('User not found');
      if (target.uid === ctx.uid || isSupportEmail(target.email, supportEmail)) {
        throw fieldFailure(
          400,
          'bad_request',
          'uid',
          'the support account cannot impersonate itself',
          'cannot_impersonate_self',
        );
      }
      const started = now();
      const row: ImpersonationRow = {
        id: `imp_${crypto.randomUUID()}`,
        session_id: ctx.sessionId,
        impersonator_uid: ctx.uid,
        impersonator_email: ctx.email,
        target_uid: target.uid,
        target_tenant_id: target.company,
        reason: body.reason,
        started_at: started.toISOString(),
        expires_at: new Date(started.getTime() + IMPERSONATION_MAX_MINUTES * 60_000).toISOString(),
        ended_at: null,
        end_reason: null,
      };
      await impersonations.insert(row);
      await audit.record({
        tenantId: target.company,
        asUid: target.uid,
        asEmail: target.email,
        actor: { uid: ctx.uid, email: ctx.email, impersonationId: row.id },
        action: 'impersonation.started',
        details: { reason: body.reason, expires_at: row.expires_at },
        occurredAt: row.started_at,
      });
      return resolve(ctx);
    },

    /** Ends this session's impersonation and answers the support account's own context. */
    async stop(ctx: RequestContext): Promise<RequestContext> {
      if (!ctx.impersonator) {
        if (ctx.isSupport) throw refusal(409, 'conflict', 'no_impersonation', 'No impersonation to stop');
        throw forbidden();
      }
      const row = await impersonations.findOpenBySession(ctx.sessionId);
      if (row) await close(row, 'stopped');
      const support = await users.findByUidForSession(ctx.impersonator.uid);
      if (!support) throw notFound('User not found');
      return contextFromUser(support, supportEmail, ctx.sessionId);
    },

    /** Signing out ends the session's impersonation too, so the log shows when it really ended. */
    async endForSession(sessionId: string): Promise<void> {
      const row = await impersonations.findOpenBySession(sessionId);
      if (row) await close(row, 'signed_out');
    },
  };
}

export type ImpersonationService = ReturnType<typeof createImpersonationService>;
