import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Adds a hit to `key` ($1), or opens a new window ending at $2 when the stored one ended by now
 * ($3), and answers the count and the window's end. PostgreSQL's placeholders: the store is used on
 * PostgreSQL only (SQLite counts in the process's memory).
 */
const INCREMENT = `INSERT INTO rate_limit_counters (key, hits, window_ends_at) VALUES ($1, 1, $2)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN rate_limit_counters.window_ends_at <= $3 THEN 1 ELSE rate_limit_counters.hits + 1 END,
    window_ends_at = CASE WHEN rate_limit_counters.window_ends_at <= $3 THEN $2 ELSE rate_limit_counters.window_ends_at END
  RETURNING hits, window_ends_at`;

/** Windows that ended this long ago are deleted by the periodic sweep. */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * A @fastify/rate-limit store that counts in the database (rate_limit_counters, migration 025), so
 * that several server processes on one PostgreSQL share every caller's budget: one upsert per
 * request adds the hit, or opens a new window when the stored one has ended, and answers the count
 * and what is left of the window. Fixed windows, as the plugin's own memory store counts.
 */
export function databaseRateLimitStore(db: Kysely<Database>, clock: () => number = Date.now) {
  async function increment(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const now = clock();
    // Every request of every caller runs this: one fixed statement, not built and compiled anew each
    // time (measured at load 20: 0.17–0.25 ms of this process's CPU an increment, against 0.22–0.48).
    const result = await db.executeQuery<{ hits: number; window_ends_at: number | string }>(
      CompiledQuery.raw(INCREMENT, [key, now + timeWindow, now]),
    );
    const row = result.rows[0];
    if (!row) throw new Error('rate-limit counter not returned');
    return { current: row.hits, ttl: Math.max(0, Number(row.window_ends_at) - now) };
  }

  /** The stored windows every store sees; a route with its own rule counts under its own prefix. */
  function store(prefix: string): FastifyRateLimitStore {
    return {
      incr(key, callback, timeWindow) {
        increment(`${prefix}${key}`, timeWindow).then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        );
      },
      // The plugin hands its merged parameters, the route under routeInfo (as its Redis store reads it).
      child: (options) => {
        const route = (options as unknown as { routeInfo: { method: string | string[]; url: string } }).routeInfo;
        return store(`${prefix}${String(route.method)}${route.url}-`);
      },
    };
  }

  /** Deletes windows that have ended (called every ten minutes while the server runs). */
  const sweep = () => db.deleteFrom('rate_limit_counters').where('window_ends_at', '<', clock()).execute();

  // The plugin constructs the store itself, with its options: a class bound to this database.
  const Store = function DatabaseRateLimitStore() {
    return store('');
  } as unknown as FastifyRateLimitStoreCtor;
  return { Store, sweep, sweepEveryMs: SWEEP_EVERY_MS };
}
