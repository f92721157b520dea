import crypto from 'node:crypto';
import type { Invitation } from '@quarry/shared';
import type { Db } from '../../db/connection.ts';
import { scopedTo } from '../../db/scoped.ts';
import { acrossTenants, tenantOf } from '../../db/tenant-scope.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { nowIso } from '../../lib/time.ts';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Members and invitations of the caller's tenant. */
export function createOrganizationRepository(db: Db) {
  const scoped = (ctx: RequestContext) => scopedTo(db, ctx.tenantId);
  return {
    members(ctx: RequestContext) {
      return db
        .selectFrom('users')
        .select(['uid', 'display_name', 'email', 'is_admin', 'is_manager', 'last_login_at'])
        .where('company', '=', ctx.tenantId)
        .orderBy('display_name')
        .orderBy('uid')
        .execute();
    },

    async member(ctx: RequestContext, uid: string) {
      return (
        (await db
          .selectFrom('users')
          .select(['uid', 'email', 'is_admin', 'is_manager'])
          .where('company', '=', ctx.tenantId)
          .where('uid', '=', uid)
          .executeTakeFirst()) ?? null
      );
    },

    /**
     * Sets a member's roles unless that would leave the tenant without an admin: the check and the
     * change run in one transaction. Answers false when refused.
     */
    async setRoles(
      ctx: RequestContext,
      uid: string,
      roles: { is_admin: boolean; is_manager: boolean },
    ): Promise<boolean> {
      return db
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({ is_admin: roles.is_admin ? 1 : 0, is_manager: roles.is_manager ? 1 : 0, updated_at: nowIso() })
            .where('company', '=', ctx.tenantId)
            .where('uid', '=', uid)
            .execute();
          const admins = await trx
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('company', '=', ctx.tenantId)
            .where('is_admin', '=', 1)
            .executeTakeFirstOrThrow();
          if (Number(admins.n) === 0) throw new LastAdminError();
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof LastAdminError) return false;
          throw error;
        });
    },

    /**
     * The tenant of whoever signs in with this address, in any tenant, or null when nobody does.
     * Only the service reads it, to keep another tenant's users out of what an admin is told.
     */
    async tenantOfEmail(email: string): Promise<string | null> {
      const row = await db.selectFrom('users').select('company').where('email', '=', email).executeTakeFirst();
      return row?.company ?? null;
    },

    async pendingInvitations(ctx: RequestContext): Promise<Invitation[]> {
      return scoped(ctx)
        .selectFrom('invitations')
        .select(['id', 'email', 'display_name', 'invited_by', 'created_at', 'expires_at'])
        .where('accepted_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .orderBy('created_at', 'desc')
        .execute();
    },

    /** A new invitation replaces any pending one for the same email in this tenant. */
    async invite(
      ctx: RequestContext,
      input: { email: string; display_name: string; token: string; expires_at: string },
    ): Promise<Invitation> {
      const row = {
        id: crypto.randomUUID(),
        email: input.email,
        display_name: input.display_name,
        token_hash: hashToken(input.token),
        invited_by: ctx.uid,
        created_at: nowIso(),
        expires_at: input.expires_at,
        accepted_at: null,
      };
      await scoped(ctx)
        .transaction()
        .execute(async (trx) => {
          await trx
            .deleteFrom('invitations')
            .where('email', '=', input.email)
            .where('accepted_at', 'is', null)
            .execute();
          await trx.insertInto('invitations').values(row).execute();
        });
      const { token_hash: _h, accepted_at: _a, ...invitation } = row;
      return invitation;
    },

    async revoke(ctx: RequestContext, id: string): Promise<boolean> {
      const result = await scoped(ctx)
        .deleteFrom('invitations')
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * An invitation still usable now, with its company's name. The token is all an invitee has:
     * it finds the invitation in whichever company made it.
     */
    async findUsable(token: string) {
      return (
        (await acrossTenants(db)
          .selectFrom('invitations as i')
          .innerJoin('tenants as t', (join) => join.on('t.id', '=', tenantOf('i')))
          .select(['i.id', 't.id as tenant', 'i.email', 'i.display_name', 't.name as company_name'])
          .where('i.token_hash', '=', hashToken(token))
          .where('i.accepted_at', 'is', null)
          .where('i.expires_at', '>', nowIso())
          .executeTakeFirst()) ?? null
      );
    },

    /** Marks it used; answers false when someone else used it first. */
    async markAccepted(invitation: { id: string; tenant: string }): Promise<boolean> {
      // The token holder has no session yet: the tenant is the invitation's own.
      const result = await scopedTo(db, invitation.tenant)
        .updateTable('invitations')
        .set({ accepted_at: nowIso() })
        .where('id', '=', invitation.id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

class LastAdminError extends Error {}

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;
