import type { SupportUser, UserRole } from '@quarry/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { forbidden } from '../../lib/http-error.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { isSupportEmail } from '../../lib/service-account.ts';

const SEARCH_LIMIT = 50;

/**
 * Users of every tenant, for Support Tools only. The one repository that reads across tenants,
 * so it checks the caller itself rather than trust every route to have done so.
 */
export function createSupportUsersRepository(db: Db, supportEmail: string) {
  function assertSupport(ctx: RequestContext) {
    if (!ctx.isSupport && !ctx.impersonator) throw forbidden();
  }

  function users() {
    return db
      .selectFrom('users as u')
      .innerJoin('tenants as t', 't.id', 'u.company')
      .select([
        'u.uid',
        'u.email',
        'u.display_name',
        'u.company as tenant_id',
        't.name as tenant_name',
        'u.is_admin',
        'u.is_manager',
        'u.last_login_at',
      ]);
  }

  type Row = Awaited<ReturnType<ReturnType<typeof users>['executeTakeFirstOrThrow']>>;
  const toSupportUser = ({ is_admin, is_manager, ...row }: Row): SupportUser => {
    const roles: UserRole[] = [];
    if (is_admin === 1) roles.push('admin');
    if (is_manager === 1) roles.push('manager');
    if (isSupportEmail(row.email, supportEmail)) roles.push('support');
    return { ...row, roles };
  };

  return {
    /** By name, email or company (name or id), case-insensitive, the same on SQLite and PostgreSQL. */
    async search(ctx: RequestContext, q: string): Promise<SupportUser[]> {
      assertSupport(ctx);
      let query = users();
      if (q) {
        const pattern = sql<string>`${containsPattern(q.toLowerCase())} escape '\\'`;
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(u.display_name)`, 'like', pattern),
            eb(sql`lower(u.email)`, 'like', pattern),
            eb(sql`lower(t.name)`, 'like', pattern),
            eb(sql`lower(u.company)`, 'like', pattern),
          ]),
        );
      }
      const rows = await query.orderBy('t.name').orderBy('u.display_name').limit(SEARCH_LIMIT).execute();
      return rows.map(toSupportUser);
    },

    async find(ctx: RequestContext, uid: string): Promise<SupportUser | undefined> {
      assertSupport(ctx);
      const row = await users().where('u.uid', '=', uid).executeTakeFirst();
      return row ? toSupportUser(row) : undefined;
    },
  };
}

export type SupportUsersRepository = ReturnType<typeof createSupportUsersRepository>;
