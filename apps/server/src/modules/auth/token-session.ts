import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';

/** What an identity token names of the sign-in it was issued under. */
export type TokenSession = { sessionId: string; impersonationId: string | null };

/**
 * How long a sign-in found standing is taken as standing without asking the database again. A tab
 * sends a batch every 10 s, but a busy server relays hundreds a second, and the check was one of
 * each batch's three database round trips (issue #20, analytics ingest). The process that signs a
 * session out or stops its impersonation forgets it at once; another process of a cluster may
 * accept the session's token for at most this long after.
 */
export const LIVE_SESSION_MEMORY_MS = 1_000;
/** Sessions remembered at most; past it the memory starts again (each is asked anew). */
const MAX_REMEMBERED_SESSIONS = 10_000;

/**
 * Whether the sign-in an identity token was issued under still stands: its session was not
 * signed out (better-auth deletes the row), and the impersonation it spoke for, if any, is still
 * open. Ending the session ends the token, before its 15 minutes run out.
 */
export function createTokenSessionCheck(db: Db, now: Clock) {
  /** When each standing sign-in (session and impersonation) was last found standing. */
  const liveAt = new Map<string, number>();
  const keyOf = ({ sessionId, impersonationId }: TokenSession) => `${sessionId} ${impersonationId ?? ''}`;

  async function isLive(token: TokenSession): Promise<boolean> {
    const key = keyOf(token);
    const at = now().getTime();
    const found = liveAt.get(key);
    if (found !== undefined && at - found < LIVE_SESSION_MEMORY_MS) return true;
    const live = await askDatabase(token);
    if (!live) liveAt.delete(key);
    else {
      if (liveAt.size >= MAX_REMEMBERED_SESSIONS) liveAt.clear();
      liveAt.set(key, at);
    }
    return live;
  }

  async function askDatabase({ sessionId, impersonationId }: TokenSession): Promise<boolean> {
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
  }

  return {
    isLive,
    /** The session was signed out or its impersonation ended: its tokens are asked about anew. */
    forgetSession(sessionId: string): void {
      for (const key of liveAt.keys()) if (key.startsWith(`${sessionId} `)) liveAt.delete(key);
    },
  };
}
