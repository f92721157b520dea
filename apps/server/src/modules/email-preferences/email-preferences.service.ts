import type { AiEmailPreferences, EmailPreferenceScope, EmailPreferences } from '@quarry/shared';
import { forbidden } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { EmailPreferencesRepository } from './email-preferences.repository.ts';

/** Personal and organization email rules (spec section 6: only admins change the organization's). */
export function createEmailPreferencesService(repository: EmailPreferencesRepository) {
  async function get(ctx: RequestContext): Promise<EmailPreferences> {
    const { personal, organization } = await repository.read(ctx.tenantId, ctx.uid);
    return { personal, organization, can_edit_organization: ctx.isAdmin };
  }

  return {
    get,
    async put(ctx: RequestContext, scope: EmailPreferenceScope, value: AiEmailPreferences): Promise<EmailPreferences> {
      if (scope === 'organization') {
        if (!ctx.isAdmin) throw forbidden("Only admins can change the organization's email rules", 'admin_only');
        await repository.writeOrganization(ctx.tenantId, value);
      } else {
        await repository.writePersonal(ctx.tenantId, ctx.uid, value);
      }
      return get(ctx);
    },
  };
}

export type EmailPreferencesService = ReturnType<typeof createEmailPreferencesService>;
