import type { Db } from '../../db/connection.ts';
import { nowIso } from '../../lib/time.ts';

export function createLoginAttemptsRepository(db: Db) {
  return {
    async record(email: string, ip: string, succeeded: boolean): Promise<void> {
      await db
        .insertInto('login_attempts')
        .values({ email, ip, succeeded: succeeded ? 1 : 0, created_at: nowIso() })
        .execute();
    },

    /** Failures for this email inside the window and after its last successful sign-in. */
    async recentFailures(email: string, since: string): Promise<number> {
      const lastSuccess = await db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('email', '=', email)
        .where('succeeded', '=', 1)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      const from = lastSuccess?.at && lastSuccess.at > since ? lastSuccess.at : since;
      const row = await db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('email', '=', email)
        .where('succeeded', '=', 0)
        .where('created_at', '>', from)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;
