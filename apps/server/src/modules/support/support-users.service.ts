import type { SupportUser, UserRole } from '@quarry/shared';
import type { RequestContext } from '../../lib/request-context.ts';
import { isSupportEmail } from '../../lib/service-account.ts';
import type { SupportUserRow, SupportUsersRepository } from './support-users.repository.ts';

/** Support Tools' user list across tenants, each user with their tenant and roles as the API names them. */
export function createSupportUsersService(users: SupportUsersRepository, supportEmail: string) {
  const toSupportUser = ({ is_admin, is_manager, company, ...row }: SupportUserRow): SupportUser => {
    const roles: UserRole[] = [];
    if (is_admin === 1) roles.push('admin');
    if (is_manager === 1) roles.push('manager');
    if (isSupportEmail(row.email, supportEmail)) roles.push('support');
    return { ...row, tenant_id: company, roles };
  };

  return {
    /** By name, email or company (name or id), case-insensitive. */
    search: async (ctx: RequestContext, q: string): Promise<SupportUser[]> =>
      (await users.search(ctx, q)).map(toSupportUser),

    find: async (ctx: RequestContext, uid: string): Promise<SupportUser | undefined> => {
      const row = await users.find(ctx, uid);
      return row ? toSupportUser(row) : undefined;
    },
  };
}

export type SupportUsersService = ReturnType<typeof createSupportUsersService>;
