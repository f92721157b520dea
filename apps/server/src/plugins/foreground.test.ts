import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerForeground } from './foreground.ts';

describe('foreground: background work steps aside for requests in flight', () => {
  it('is quiet at once with no request, waits for the last request to be answered, and never longer than allowed', async () => {
    const app = Fastify();
    const foreground = registerForeground(app);
    let release: () => void = () => undefined;
    app.get('/slow', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    await app.ready();
    try {
      await foreground.quiet(60_000);
      expect(foreground.inFlight()).toBe(0);

      const slow = app.inject({ method: 'GET', url: '/slow' });
      await expect.poll(() => foreground.inFlight()).toBe(1);
      let quiet = false;
      const waiting = foreground.quiet(60_000).then(() => {
        quiet = true;
      });
      // A request that comes and goes meanwhile does not end the wait: the slow one is still running.
      expect((await app.inject({ method: 'GET', url: '/fast' })).statusCode).toBe(200);
      expect(quiet).toBe(false);
      release();
      expect((await slow).statusCode).toBe(200);
      await waiting;
      expect(quiet).toBe(true);
      expect(foreground.inFlight()).toBe(0);

      // A server that is never quiet: the wait ends after maxWaitMs.
      const stuck = app.inject({ method: 'GET', url: '/slow' });
      await expect.poll(() => foreground.inFlight()).toBe(1);
      await foreground.quiet(20);
      expect(foreground.inFlight()).toBe(1);
      release();
      await stuck;
    } finally {
      await app.close();
    }
  });
});
