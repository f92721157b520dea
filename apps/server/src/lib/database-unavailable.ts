import SQLite from 'better-sqlite3';
import pg from 'pg';

/** Node's codes for a TCP connection to PostgreSQL that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a PostgreSQL server that is shutting down, starting up or full; class 08 is the connection class. */
const PG_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg raises these without a code when the socket closes under it or the pool cannot connect in time. */
const PG_CONNECTION_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
]);

/** SQLite's primary result codes for a file that cannot be opened or read, or stays locked past busy_timeout. */
const SQLITE_UNAVAILABLE_CODES = ['SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_BUSY'];

/** How deep to follow `cause`: better-auth wraps the database's error in its own. */
const MAX_CAUSES = 5;

/**
 * Whether `error` (or what it wraps) says the database could not be reached, rather than that the
 * query was wrong: PostgreSQL down, restarting or refusing connections, or the SQLite file
 * unreadable or locked by another process. Such a request may succeed when retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth <= MAX_CAUSES && current instanceof Error; depth++) {
    if (isUnavailableHere(current)) return true;
    current = current.cause;
  }
  return false;
}

function isUnavailableHere(error: Error): boolean {
  if (error instanceof SQLite.SqliteError) {
    return SQLITE_UNAVAILABLE_CODES.some((code) => error.code === code || error.code.startsWith(`${code}_`));
  }
  if (error instanceof pg.DatabaseError) {
    // A FATAL error ends the session (bad credentials, database gone, no connections allowed).
    const code = error.code ?? '';
    return (
      code.startsWith('08') ||
      PG_UNAVAILABLE_CODES.has(code) ||
      error.severity === 'FATAL' ||
      error.severity === 'PANIC'
    );
  }
  const code = (error as NodeJS.ErrnoException).code;
  return (code !== undefined && NETWORK_CODES.has(code)) || PG_CONNECTION_MESSAGES.has(error.message);
}
