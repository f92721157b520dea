import type { IntegrationConnection, IntegrationsResponse } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHubspot } from '../../adapters/engagement/fake-hubspot.ts';
import type { FakeOAuthProvider } from '../../adapters/engagement/fake-oauth-provider.ts';
import { startFakeSalesloft } from '../../adapters/engagement/fake-salesloft.ts';
import { createHubspotAdapter } from '../../adapters/engagement/hubspot.ts';
import { createSalesloftAdapter } from '../../adapters/engagement/salesloft.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Issue #21: HubSpot and Salesloft connected with OAuth 2 (authorization code, as each documents
 * it) besides their key, against local fakes that check every consent and token request: the state
 * bound to the session (a mismatch is 400 and stores nothing), the tokens sealed, an access token
 * near expiry refreshed (Salesloft rotates its refresh token, HubSpot keeps it), a refused refresh
 * turning the connection INVALID, another tenant's connection a 404.
 */

const CLIENT_ID = 'quarry-oauth-vendors-client';
const CLIENT_SECRET = 'quarry-oauth-vendors-secret';
const KEY = 'pat-oauth-vendors-key-0001';
const HOUR = 3600_000;
let hubspot: Awaited<ReturnType<typeof startFakeHubspot>>;
let salesloft: Awaited<ReturnType<typeof startFakeSalesloft>>;
let t: TestApp;
let ada: string;
let gail: string;
let offsetMs = 0;

beforeAll(async () => {
  const oauth = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, expiresIn: 1800 };
  hubspot = await startFakeHubspot({ tokens: [KEY], oauth });
  salesloft = await startFakeSalesloft({ keys: [KEY], oauth });
  const fast = { minIntervalMs: 0, sleep: async () => undefined };
  const app = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };
  t = await createTestApp({
    now: () => new Date(Date.now() + offsetMs),
    engagementAdapters: {
      hubspot: createHubspotAdapter({ baseUrl: hubspot.baseUrl, ...fast }),
      salesloft: createSalesloftAdapter({ baseUrl: salesloft.baseUrl, ...fast }),
    },
    config: {
      integrations: {
        encryptionKey: undefined,
        connectorSigningKey: undefined,
        baseUrls: {
          hubspot: hubspot.baseUrl,
          salesloft: salesloft.baseUrl,
          outreach: 'http://127.0.0.1:9',
          apolloio: 'http://127.0.0.1:9',
        },
        outreachOAuth: { baseUrl: 'http://127.0.0.1:9/oauth', clientId: undefined, clientSecret: undefined },
        hubspotOAuth: { baseUrl: hubspot.oauthBaseUrl, ...app },
        salesloftOAuth: { baseUrl: salesloft.oauthBaseUrl, ...app },
      },
    },
  });
  ada = await t.signIn('ada@acme.test');
  gail = await t.signIn('gail@globex.test');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await hubspot?.close();
  await salesloft?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie = ada, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe.each([
  {
    type: 'hubspot' as const,
    fake: () => hubspot,
    account: 'HubSpot account 4242 (app.hubspot.com)',
    scope: true,
    rotates: false,
  },
  {
    type: 'salesloft' as const,
    fake: () => salesloft,
    account: 'Sally Seller (Salesloft)',
    scope: false,
    rotates: true,
  },
])('$type with OAuth', ({ type, fake, account, scope, rotates }) => {
  const oauth = (): FakeOAuthProvider => {
    const provider = fake().oauth;
    if (!provider) throw new Error('the fake has no OAuth app');
    return provider;
  };
  const connection = async (cookie = ada): Promise<IntegrationConnection | null | undefined> =>
    ((await call('GET', '/api/integrations', cookie)).json() as IntegrationsResponse).integrations.find(
      (i) => i.entry.type === type,
    )?.connection;
  const row = () =>
    t.handle.db
      .selectFrom('integrations')
      .select(['tenant_id', 'status', 'credential_encrypted'])
      .where('type', '=', type)
      .execute();

  /** Opens the consent (as the browser's window would) and answers the callback path the tool sends it back to. */
  async function consent(): Promise<URL> {
    const started = await call('POST', `/api/integrations/${type}/oauth`);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL((started.json() as { authorization_url: string }).authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake().oauthBaseUrl}/authorize`);
    expect(url.searchParams.has('scope')).toBe(scope);
    // Neither documents PKCE: no challenge is sent.
    expect(url.searchParams.has('code_challenge')).toBe(false);
    const answer = await fetch(url, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location') ?? '');
    expect(back.pathname).toBe(`/api/integrations/${type}/oauth/callback`);
    return back;
  }

  it('refuses a callback whose state does not match: 400, no token asked for, nothing stored', async () => {
    const back = await consent();
    const before = await row();
    expect(before).toHaveLength(1);
    expect(before[0]?.status).toBe('PENDING');
    const grantsBefore = oauth().grants.length;

    const wrong = new URL(back);
    wrong.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const refused = await call('GET', `${wrong.pathname}${wrong.search}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { details: { fields: [{ field: 'state' }] } } });
    expect(refused.json().error.details.fields[0].reason).toBe('oauth_state_unknown');
    const noState = new URL(back);
    noState.searchParams.delete('state');
    const missing = await call('GET', `${noState.pathname}${noState.search}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields[0]).toMatchObject({ field: 'state', reason: 'oauth_state_missing' });

    expect(await row()).toEqual(before);
    expect(oauth().grants.length).toBe(grantsBefore);
    expect(await connection()).toMatchObject({ status: 'PENDING', account_name: null });
  });

  it('another tenant’s admin cannot complete the consent nor reach the connection (404)', async () => {
    const back = await consent();
    const before = await row();
    expect((await call('GET', `${back.pathname}${back.search}`, gail)).statusCode).toBe(400);
    expect(await row()).toEqual(before);
    expect(await connection(gail)).toBeNull();
    for (const [method, path] of [
      ['POST', `/api/integrations/${type}/check`],
      ['GET', `/api/integrations/${type}/custom-fields`],
      ['DELETE', `/api/integrations/${type}`],
    ] as const) {
      expect((await call(method, path, gail)).statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await row()).toEqual(before);
  });

  it('connects: the code exchanged, the card VALID with the tool’s account, the tokens sealed', async () => {
    const back = await consent();
    const done = await call('GET', `${back.pathname}${back.search}`);
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe(`/preferences/integrations?oauth=${type}`);
    expect(await connection()).toMatchObject({ status: 'VALID', account_name: account, credential_tail: 'OAuth' });
    const [stored] = await row();
    const listed = JSON.stringify((await call('GET', '/api/integrations')).json());
    for (const token of [...oauth().accessTokens, ...oauth().refreshTokens]) {
      expect(stored?.credential_encrypted).not.toContain(token);
      expect(listed).not.toContain(token);
    }
    // Used once: the same callback again finds nothing to complete.
    expect((await call('GET', `${back.pathname}${back.search}`)).statusCode).toBe(400);
    expect(fake().requests.filter((r) => r.violation)).toEqual([]);
  });

  it('refreshes an access token with fewer than 300 s left, keeping the refresh token the tool answers', async () => {
    const [first] = [...oauth().refreshTokens];
    offsetMs = 1800_000 - 200_000; // 200 s before the half-hour token expires
    const checked = await call('POST', `/api/integrations/${type}/check`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ status: 'VALID', account_name: account });
    expect(oauth().spentRefreshTokens).toEqual([first]);
    const [second] = [...oauth().refreshTokens];
    if (rotates) expect(second).not.toBe(first);
    else expect(second).toBe(first);

    // Half an hour on, the refresh token Quarry kept is the one spent.
    offsetMs += HOUR / 2;
    expect((await call('POST', `/api/integrations/${type}/check`)).statusCode).toBe(200);
    expect(oauth().spentRefreshTokens).toEqual([first, second]);
    offsetMs = 0;
    expect(fake().requests.filter((r) => r.violation)).toEqual([]);
  });

  it('turns INVALID with the tool’s reason when it refuses the refresh token', async () => {
    oauth().refreshTokens.clear(); // revoked on the tool's side
    offsetMs = 4 * HOUR;
    const checked = await call('POST', `/api/integrations/${type}/check`);
    expect(checked.statusCode).toBe(409);
    expect(checked.body).not.toMatch(/oauth-/);
    offsetMs = 0;
    expect(await connection()).toMatchObject({ status: 'INVALID', status_message: 'The refresh token is invalid' });
  });

  it('still connects with a key instead, which replaces the OAuth tokens', async () => {
    const connected = await call('PUT', `/api/integrations/${type}`, ada, { credential: KEY });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toMatchObject({ status: 'VALID', credential_tail: '…0001' });
    expect((await call('POST', `/api/integrations/${type}/check`)).json()).toMatchObject({ status: 'VALID' });
    expect((await call('DELETE', `/api/integrations/${type}`)).statusCode).toBe(204);
  });
});

describe('the catalogue', () => {
  it('says which tools connect with OAuth here: those whose OAuth app is configured', async () => {
    const listed = (await call('GET', '/api/integrations')).json() as IntegrationsResponse;
    expect(Object.fromEntries(listed.integrations.map((i) => [i.entry.type, i.entry.oauth]))).toEqual({
      apolloio: false,
      outreach: false, // no client id or secret in this file's configuration
      hubspot: true,
      salesloft: true,
    });
  });
});

describe('a tool that has no OAuth (Apollo)', () => {
  it('answers 400 to Connect with OAuth and stores nothing', async () => {
    expect((await call('POST', '/api/integrations/apolloio/oauth')).statusCode).toBe(400);
    expect(
      await t.handle.db.selectFrom('integrations').select('type').where('type', '=', 'apolloio').execute(),
    ).toEqual([]);
  });
});
