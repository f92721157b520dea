import type { ErrorBody } from '@quarry/shared';
import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS } from './errors.ts';

const SHUTTING_DOWN: ErrorBody = {
  error: { code: 'shutting_down', message: 'Quarry is restarting, please try again in a moment' },
};

/** Once nothing is in flight, the listener closes after this long without a new connection or request... */
const QUIET_MS = 250;
/** ...or after this long, if clients keep coming. */
const MAX_LINGER_MS = 2_000;

/**
 * Graceful shutdown: from `app.close()` on, a new request is refused with 503 `shutting_down` and
 * Retry-After, while the requests already accepted run to their end, each answering with
 * `Connection: close` so no keep-alive socket outlives it. The listener stays open, refusing,
 * until the last of them is done and a quiet spell has passed: closing it resets the connections
 * still waiting to be accepted, and a client that reconnects after its answer would meet that
 * reset instead of a 503. Then Fastify stops listening and closes the idle connections (preClose
 * hooks run before that). Needs Fastify's `return503OnClosing: false` (else Fastify answers
 * first, in its own shape); register it before any other onRequest hook, so a refused request
 * costs nothing more.
 */
export function registerGracefulShutdown(app: FastifyInstance): void {
  let closing = false;
  /** Requests begun and not yet answered, refused ones included. */
  let inFlight = 0;
  /** Connections opened and requests begun: a spell that adds neither is quiet. */
  let arrivals = 0;
  let drained: (() => void) | null = null;

  app.server.on('connection', () => {
    arrivals++;
  });

  app.addHook('onRequest', async (_request, reply) => {
    arrivals++;
    inFlight++;
    // 'close' comes whether the answer was sent or the client went away first.
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight === 0) drained?.();
    });
    if (closing) return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(SHUTTING_DOWN);
  });

  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.addHook('preClose', async () => {
    closing = true;
    if (inFlight > 0) {
      await new Promise<void>((resolve) => {
        drained = resolve;
      });
    }
    if (!app.server.listening) return;
    const giveUpAt = Date.now() + MAX_LINGER_MS;
    let seen = -1;
    while ((arrivals !== seen || inFlight > 0) && Date.now() < giveUpAt) {
      seen = arrivals;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    }
  });
}
