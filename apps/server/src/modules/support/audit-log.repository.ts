import type { Db } from '../../db/connection.ts';
import { scopedTo } from '../../db/scoped.ts';
import type { Impersonator } from '../../lib/request-context.ts';

export type AuditAction = 'impersonation.started' | 'impersonation.stopped' | 'impersonation.expired' | 'write';

export type AuditEntry = {
  /** The tenant acted in, and the user acted as. */
  tenantId: string;
  asUid: string;
  asEmail: string;
  actor: Pick<Impersonator, 'uid' | 'email' | 'impersonationId'>;
  action: AuditAction;
  details: Record<string, unknown>;
  occurredAt: string;
};

/** The audit log: append-only, one row per start, stop, end and write made while impersonating. */
export function createAuditLogRepository(db: Db) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      // Each entry belongs to the tenant acted in: the scoped layer writes it.
      await scopedTo(db, entry.tenantId)
        .insertInto('audit_log')
        .values({
          actor_uid: entry.actor.uid,
          actor_email: entry.actor.email,
          as_uid: entry.asUid,
          as_email: entry.asEmail,
          impersonation_id: entry.actor.impersonationId,
          action: entry.action,
          details: JSON.stringify(entry.details),
          occurred_at: entry.occurredAt,
        })
        .execute();
    },
  };
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
