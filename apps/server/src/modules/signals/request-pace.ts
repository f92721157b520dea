import { createPacer } from '../../adapters/signals/fetcher.ts';
import type { Engine } from '../../db/connection.ts';
import type { SignalsRepository } from './signals.repository.ts';

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Request starts to one paced service (the SEC: 10 a second per client, whatever its number of
 * machines) at most `perSecond` a second for the whole deployment. On PostgreSQL, where several
 * server processes share the database, every start is reserved in `signal_request_pace`, so the
 * processes share one budget; on SQLite there is one process, paced in memory.
 */
export function createRequestPacer(deps: {
  engine: Engine;
  signals: Pick<SignalsRepository, 'reserveRequestSlot'>;
  /** The row the processes share: one per paced service. */
  key: string;
  perSecond: number;
  sleep?: (ms: number) => Promise<void>;
}): () => Promise<void> {
  const sleep = deps.sleep ?? sleepFor;
  if (deps.engine !== 'postgres') return createPacer(deps.perSecond, sleep);
  const gapMs = Math.ceil(1000 / deps.perSecond);
  return async function pace(): Promise<void> {
    const waitMs = await deps.signals.reserveRequestSlot(deps.key, gapMs);
    if (waitMs > 0) await sleep(waitMs);
  };
}
