import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerGracefulShutdown } from './graceful-shutdown.ts';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

let app: FastifyInstance;
let port: number;
/** Lets the request held in /held answer. */
let release: () => void;
/** Resolves once /held has been entered, i.e. that request is in flight. */
let held: Promise<void>;

beforeEach(async () => {
  let entered: () => void = () => undefined;
  held = new Promise((resolve) => {
    entered = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  app = Fastify({ return503OnClosing: false });
  registerGracefulShutdown(app);
  app.get('/quick', async () => ({ ok: true }));
  app.get('/held', async () => {
    entered();
    await released;
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterEach(async () => {
  release();
  await app.close();
});

function get(path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

/** One keep-alive connection: every request through it reuses the same socket. */
const oneConnection = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

describe('graceful shutdown', () => {
  it('refuses new requests with 503 shutting_down and Retry-After while the one in flight finishes normally', async () => {
    const waiting = oneConnection();
    const busy = oneConnection();
    // An idle keep-alive connection from before the shutdown, and a request in flight on another.
    expect((await get('/quick', waiting)).headers.connection).toBe('keep-alive');
    const inFlight = get('/held', busy);
    await held;
    const closed = app.close();

    // close() reaches the preClose hooks through ticks and promises only, before the server reads
    // any more from a socket: this request comes after the shutdown began.
    const refused = await get('/quick', waiting);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(refused.body)).toEqual({
      error: { code: 'shutting_down', message: 'Quarry is restarting, please try again in a moment' },
    });

    // A new connection is still accepted and refused the same way while the server drains.
    const fresh = await get('/quick', new http.Agent({ keepAlive: false }));
    expect(fresh.status).toBe(503);

    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ ok: true });
    // Its keep-alive connection ends with it, so the close need not wait for the client.
    expect(answer.headers.connection).toBe('close');
    await closed;
    await expect(get('/quick', new http.Agent({ keepAlive: false }))).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    waiting.destroy();
    busy.destroy();
  });

  it('stops listening at once when nothing is in flight', async () => {
    const agent = oneConnection();
    expect((await get('/quick', agent)).status).toBe(200);
    // The idle keep-alive connection does not hold the close up.
    await app.close();
    await expect(get('/quick', new http.Agent({ keepAlive: false }))).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    agent.destroy();
  });
});
