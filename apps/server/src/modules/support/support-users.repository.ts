import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { forbidden } from '../../lib/http-error.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import type { RequestContext } from '../../lib/request-context.ts';

const SEARCH_LIMIT = 50;

/**
 * Users of every tenant, for Support Tools only. The one repository that reads across tenants,
 * so it checks the caller itself rather than trust every route to have done so.
 */
export function createSupportUsersRepository(db: Db) {
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
        'u.company',
        't.name as tenant_name',
        'u.is_admin',
        'u.is_manager',
        'u.last_login_at',
      ]);
  }

  return {
    /** By name, email or company (name or id), case-insensitive, the same on SQLite and PostgreSQL. */
    async search(ctx: RequestContext, q: string): Promise<SupportUserRow[]> {
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
      return query.orderBy('t.name').orderBy('u.display_name').limit(SEARCH_LIMIT).execute();
    },

    async find(ctx: RequestContext, uid: string): Promise<SupportUserRow | undefined> {
      assertSupport(ctx);
      return users().where('u.uid', '=', uid).executeTakeFirst();
    },
  };
}

export type SupportUsersRepository = ReturnType<typeof createSupportUsersRepository>;

/** A user as the list across tenants reads them: `company` is the tenant they belong to. */
export type SupportUserRow = {
  uid: string;
  email: string;
  display_name: string;
  company: string;
  tenant_name: string;
  is_admin: number;
  is_manager: number;
  last_login_at: string | null;
};
