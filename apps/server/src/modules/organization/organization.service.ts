import crypto from 'node:crypto';
import { DAY_MS, INVITATION_DAYS, INVITATION_INVALID_MESSAGE, LAST_ADMIN_MESSAGE, type Member } from '@quarry/shared';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Db } from '../../db/connection.ts';
import { fieldFailure, forbidden, notFound, refusal } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { isServiceAccountEmail, isSupportEmail } from '../../lib/service-account.ts';
import type { Auth } from '../auth/auth.ts';
import { createUserWithPassword } from '../users/create-user-with-password.ts';
import { invitationMail } from './invitation-mail.ts';
import type { OrganizationRepository } from './organization.repository.ts';

/**
 * Organization settings: members, their roles and invitations. Admins and managers read; only
 * admins change roles or invite (spec section 6's roles table).
 */
export function createOrganizationService(deps: {
  organization: OrganizationRepository;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  publicUrl: string;
  supportEmail: string;
}) {
  const { organization, mailer, publicUrl, supportEmail } = deps;
  const isServiceAccount = (email: string) => isServiceAccountEmail(email, supportEmail);

  function requireAdmin(ctx: RequestContext) {
    if (!ctx.isAdmin) throw forbidden('Only an admin can do this', 'admin_only');
  }

  return {
    async members(ctx: RequestContext): Promise<Member[]> {
      const rows = await organization.members(ctx);
      return rows.map((r) => ({
        uid: r.uid,
        display_name: r.display_name,
        email: r.email,
        is_admin: r.is_admin === 1,
        is_manager: r.is_manager === 1,
        is_service_account: isServiceAccount(r.email),
        last_login_at: r.last_login_at,
      }));
    },

    /** Grants or revokes admin and manager; never on the support or a service account, never leaving no admin. */
    async setRoles(ctx: RequestContext, uid: string, roles: { is_admin: boolean; is_manager: boolean }) {
      requireAdmin(ctx);
      const member = await organization.member(ctx, uid);
      if (!member) throw notFound('User not found');
      if (isSupportEmail(member.email, supportEmail))
        throw forbidden("The support account's roles cannot be changed", 'support_roles_fixed');
      // A service account (admin@…) acts for integrations, not as a person: its roles are fixed,
      // as the settings screen shows them.
      if (isServiceAccount(member.email))
        throw forbidden("A service account's roles cannot be changed", 'service_account_roles_fixed');
      if (!(await organization.setRoles(ctx, uid, roles)))
        throw refusal(409, 'conflict', 'last_admin', LAST_ADMIN_MESSAGE);
      return (await this.members(ctx)).find((m) => m.uid === uid) as Member;
    },

    invitations: (ctx: RequestContext) => organization.pendingInvitations(ctx),

    /**
     * Emails a sign-up link through the same mail adapter as password reset. Only the admin's own
     * members are refused (409): an address that signs in at another tenant is answered and
     * recorded exactly like a new one, so an admin cannot probe other companies' users.
     */
    async invite(ctx: RequestContext, body: { email: string; display_name: string }) {
      requireAdmin(ctx);
      const tenantOfEmail = await organization.tenantOfEmail(body.email);
      if (tenantOfEmail === ctx.tenantId) {
        throw fieldFailure(409, 'conflict', 'email', 'Someone already signs in with this email address', 'taken');
      }
      const token = crypto.randomBytes(32).toString('base64url');
      const invitation = await organization.invite(ctx, {
        ...body,
        token,
        expires_at: new Date(Date.now() + INVITATION_DAYS * DAY_MS).toISOString(),
      });
      const link = `${publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
      await mailer.send(
        invitationMail({
          to: body.email,
          displayName: body.display_name,
          link,
          signsInElsewhere: tenantOfEmail !== null,
        }),
      );
      return invitation;
    },

    async revoke(ctx: RequestContext, id: string): Promise<void> {
      requireAdmin(ctx);
      if (!(await organization.revoke(ctx, id))) throw notFound('Invitation not found');
    },

    /** What the invitation page shows; dead once its address signs in anywhere. */
    async preview(token: string) {
      const found = await organization.findUsable(token);
      if (!found || (await organization.tenantOfEmail(found.email)) !== null)
        throw notFound(INVITATION_INVALID_MESSAGE);
      return { email: found.email, display_name: found.display_name, company_name: found.company_name };
    },

    /**
     * Creates the member in the inviting tenant, once; the invitation cannot be used again. It never
     * touches an existing user: an address that signs in anywhere (another tenant included) makes
     * the invitation dead, and the unique email column refuses a concurrent second sign-up.
     */
    async accept(body: { token: string; display_name: string; password: string }): Promise<{ email: string }> {
      const found = await organization.findUsable(body.token);
      if (!found || (await organization.tenantOfEmail(found.email)) !== null)
        throw notFound(INVITATION_INVALID_MESSAGE);
      if (!(await organization.markAccepted(found))) throw notFound(INVITATION_INVALID_MESSAGE);
      const context = await deps.auth.$context;
      const passwordHash = await context.password.hash(body.password);
      await createUserWithPassword(
        deps.db,
        deps.auth,
        { email: found.email, name: body.display_name, tenant: found.tenant, firstRun: true },
        passwordHash,
      );
      return { email: found.email };
    },
  };
}

export type OrganizationService = ReturnType<typeof createOrganizationService>;
