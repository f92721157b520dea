import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';

/** What an identity token names of the sign-in it was issued under. */
export type TokenSession = { sessionId: string; impersonationId: string | null };

/**
 * Whether the sign-in an identity token was issued under still stands: its session was not
 * signed out (better-auth deletes the row), and the impersonation it spoke for, if any, is still
 * open. Ending the session ends the token, before its 15 minutes run out.
 */
export function createTokenSessionCheck(db: Db, now: Clock) {
  return async function isLive({ sessionId, impersonationId }: TokenSession): Promise<boolean> {
    const session = await sql<{ id: string }>`select id from auth_sessions where id = ${sessionId}`.execute(db);
    if (!session.rows.length) return false;
    if (!impersonationId) return true;
    const open = await db
      .selectFrom('impersonations')
      .select('id')
      .where('id', '=', impersonationId)
      .where('session_id', '=', sessionId)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now().toISOString())
      .executeTakeFirst();
    return Boolean(open);
  };
}
