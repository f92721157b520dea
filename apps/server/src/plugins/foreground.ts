import type { FastifyInstance } from 'fastify';

/** Background work that steps aside while people's requests are being answered. */
export type Foreground = {
  /**
   * Resolves at once when no request is in flight; otherwise when the last one is answered, or
   * after `maxWaitMs` at the latest, so a server that is never quiet still gets its work done.
   */
  quiet: (maxWaitMs: number) => Promise<void>;
  /** Requests begun and not yet answered. */
  inFlight: () => number;
};

/**
 * Counts the requests in flight, so that long background work in this process (an upload's
 * chunks) runs its next step only between them. On SQLite the job and the requests share one
 * connection and, the driver being synchronous, one event loop: a request arriving mid-job then
 * waits for one short step, not for every step the job would take while the request's own
 * queries and callbacks are queued behind them.
 */
export function registerForeground(app: FastifyInstance): Foreground {
  let inFlight = 0;
  let waiters: (() => void)[] = [];

  app.addHook('onRequest', async (_request, reply) => {
    inFlight++;
    // 'close' comes whether the answer was sent or the client went away first.
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight > 0) return;
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    });
  });

  return {
    inFlight: () => inFlight,
    quiet(maxWaitMs) {
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiters = waiters.filter((w) => w !== wake);
          resolve();
        };
        const timer = setTimeout(wake, maxWaitMs);
        waiters.push(wake);
      });
    },
  };
}
