import type {
  ExchangeRates,
  HelpLinks,
  HomeFilters,
  MeResponse,
  UpdateOwnFieldBody,
  UserDocument,
} from '@quarry/shared';
import { forbidden, invalidField, notFound } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { isServiceAccountEmail } from '../../lib/service-account.ts';
import { toUserDocument, type UsersRepository } from './users.repository.ts';

/**
 * The member's own choices that support may not change while impersonating them: whether they have
 * read the first-run guide (#17 item 14), their language and their theme (#17). Named as the
 * refusal names them.
 */
const MEMBERS_OWN_CHOICES: Partial<Record<UpdateOwnFieldBody['field'], string>> = {
  'preferences.first_run_guide': 'first-run guide',
  'preferences.language': 'language',
  'preferences.theme': 'theme',
  display_name: 'name',
  'preferences.home_filters': 'default Home filters',
};

/** Of the hypothesis ids given, those the caller may see (public ones and their own). */
export type VisibleHypothesisIds = (ctx: RequestContext, ids: string[]) => Promise<Set<string>>;

export function createUsersService(deps: {
  users: UsersRepository;
  supportEmail: string;
  /** Sent with /api/me so that revenue (in US dollars) is shown in the reader's currency. */
  exchangeRates: ExchangeRates;
  /** Sent with /api/me: where the app's help links lead (spec section 9). */
  helpLinks: HelpLinks;
  visibleHypothesisIds: VisibleHypothesisIds;
}) {
  const { users, supportEmail, exchangeRates, helpLinks, visibleHypothesisIds } = deps;

  /** Default Home filters may name only hypotheses the user can see; tiers are checked by the schema. */
  async function checkHomeFilters(ctx: RequestContext, filters: HomeFilters): Promise<void> {
    const visible = await visibleHypothesisIds(ctx, filters.hypothesis_ids);
    const unknown = filters.hypothesis_ids.filter((id) => !visible.has(id));
    if (unknown.length > 0)
      throw invalidField('value.hypothesis_ids', `Unknown hypothesis: ${unknown.join(', ')}`, 'unknown_reference');
  }

  async function me(ctx: RequestContext): Promise<UserDocument> {
    const row = await users.findOwn(ctx);
    if (!row) throw notFound('User not found');
    return toUserDocument(row, supportEmail);
  }

  return {
    me,

    async meWithConfiguration(ctx: RequestContext): Promise<MeResponse> {
      const [user, company_configuration] = await Promise.all([me(ctx), users.companyConfiguration(ctx)]);
      const by = ctx.impersonator;
      const impersonation = by
        ? {
            impersonator_uid: by.uid,
            impersonator_email: by.email,
            reason: by.reason,
            started_at: by.startedAt,
            expires_at: by.expiresAt,
          }
        : null;
      return { user, company_configuration, impersonation, exchange_rates: exchangeRates, help_links: helpLinks };
    },

    /**
     * The users of the caller's company. `pickableOnly` leaves out service accounts, for lists that
     * offer people to pick (spec section 5).
     */
    async companyUsers(ctx: RequestContext, { pickableOnly }: { pickableOnly: boolean }) {
      const all = await users.listCompanyUsers(ctx);
      return pickableOnly ? all.filter((u) => !isServiceAccountEmail(u.email, supportEmail)) : all;
    },

    usersByIds: (ctx: RequestContext, uids: string[]) => users.findCompanyUsersByIds(ctx, uids),

    /**
     * Changes one allow-listed field of the caller's own document and answers the new document.
     * The member's name, first-run guide, language, theme and default Home filters are theirs
     * alone: support changing them while impersonating is refused, and the member's choice stays as
     * it was (#17).
     */
    async updateOwnField(ctx: RequestContext, body: UpdateOwnFieldBody): Promise<UserDocument> {
      const choice = MEMBERS_OWN_CHOICES[body.field];
      if (ctx.impersonator && choice) {
        throw forbidden(`Support cannot change the member's ${choice} while impersonating`, 'impersonation_read_only');
      }
      const current = await me(ctx);
      if (body.field === 'display_name') {
        await users.updateOwn(ctx, { display_name: body.value });
      } else {
        if (body.field === 'preferences.home_filters') await checkHomeFilters(ctx, body.value);
        const key = body.field.slice('preferences.'.length) as keyof UserDocument['preferences'];
        const preferences = { ...current.preferences, [key]: body.value };
        await users.updateOwn(ctx, { preferences: JSON.stringify(preferences) });
      }
      return me(ctx);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
