import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('createLogger', () => {
  it('masks an OAuth callback’s code and state in the request line Fastify logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ loggerInstance: createLogger('info', stream) });
    app.get('/api/integrations/outreach/oauth/callback', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/api/integrations/outreach/oauth/callback?code=c0de-secret&state=st4te-secret',
    });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('/api/integrations/outreach/oauth/callback?code=[redacted]&state=[redacted]');
    expect(logged).not.toContain('c0de-secret');
    expect(logged).not.toContain('st4te-secret');
  });
});
