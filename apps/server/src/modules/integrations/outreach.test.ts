import type { FlowDetail, FlowSummary, IntegrationConnection, IntegrationsResponse } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOutreach } from '../../adapters/engagement/fake-outreach.ts';
import { createOutreachAdapter } from '../../adapters/engagement/outreach.ts';
import { insertTestAccount } from '../../testing/test-account.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Issue #21, Outreach: OAuth 2 with PKCE against a local fake (state bound to the session and
 * single use, the code exchanged, refresh tokens rotated under a moved clock), then a flow sent
 * with prospects upserted by email and enrolled in a sequence from the user's mailbox.
 */

const CLIENT_ID = 'quarry-outreach-client';
const CLIENT_SECRET = 'quarry-outreach-secret-value';
const ACCOUNT = 'acc_outreach_vendor';
let outreach: Awaited<ReturnType<typeof startFakeOutreach>>;
let t: TestApp;
let ada: string;
let offsetMs = 0;
const HOUR = 3600_000;

beforeAll(async () => {
  outreach = await startFakeOutreach({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, expiresIn: 7200 });
  const elsewhere = outreach.baseUrl;
  t = await createTestApp({
    now: () => new Date(Date.now() + offsetMs),
    engagementAdapters: {
      outreach: createOutreachAdapter({ baseUrl: outreach.baseUrl, minIntervalMs: 0, sleep: async () => undefined }),
    },
    config: {
      integrations: {
        encryptionKey: undefined,
        connectorSigningKey: undefined,
        baseUrls: { hubspot: elsewhere, outreach: outreach.baseUrl, salesloft: elsewhere, apolloio: elsewhere },
        outreachOAuth: { baseUrl: outreach.oauthBaseUrl, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
      },
    },
  });
  await insertTestAccount(t.handle.db, ACCOUNT, 'Reach Logistics');
  await t.handle.db
    .insertInto('master_contacts')
    .values({
      id: 'ct_outreach_vendor',
      external_contact_id: null,
      master_account_id: ACCOUNT,
      first_name: 'Orla',
      last_name: 'Tester',
      title: 'Chief Financial Officer',
      seniority: null,
      department: null,
      email: 'orla@reach-logistics.example',
      email_status: 'verified',
      linkedin_url: null,
    })
    .execute();
  ada = await t.signIn('ada@acme.test');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await outreach?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie = ada, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Opens the consent (as the browser's new window would) and answers the callback path Outreach redirects to. */
async function consent(cookie = ada): Promise<string> {
  const started = await call('POST', '/api/integrations/outreach/oauth', cookie);
  expect(started.statusCode, started.body).toBe(200);
  const { authorization_url } = started.json() as { authorization_url: string };
  expect(authorization_url.startsWith(`${outreach.oauthBaseUrl}/authorize?`)).toBe(true);
  const url = new URL(authorization_url);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  const answer = await fetch(authorization_url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  expect(back.pathname).toBe('/api/integrations/outreach/oauth/callback');
  return `${back.pathname}${back.search}`;
}

const outreachConnection = async () =>
  ((await call('GET', '/api/integrations')).json() as IntegrationsResponse).integrations.find(
    (i) => i.entry.type === 'outreach',
  )?.connection;

describe('connecting Outreach with OAuth (PKCE)', () => {
  it('refuses an unknown state, a missing one, a state from another session or tenant, and a reused one', async () => {
    const unknown = await call('GET', '/api/integrations/outreach/oauth/callback?code=abc&state=nothing-like-it');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.fields[0].reason).toBe('oauth_state_unknown');
    expect((await call('GET', '/api/integrations/outreach/oauth/callback?code=abc')).statusCode).toBe(400);

    const callback = await consent();
    expect(await outreachConnection()).toMatchObject({ status: 'PENDING' });
    // Ada in another browser: same user, another session.
    const adaElsewhere = await t.signIn('ada@acme.test');
    const elsewhere = await call('GET', callback, adaElsewhere);
    expect(elsewhere.statusCode).toBe(400);
    // Each refusal carries a reason the web translates (#14).
    expect(elsewhere.json().error.details.fields).toEqual([
      {
        field: 'state',
        message: 'The authorization was started in another session',
        reason: 'oauth_state_other_session',
      },
    ]);
    const gail = await t.signIn('gail@globex.test');
    expect((await call('GET', callback, gail)).statusCode).toBe(400);
    const rita = await t.signIn('rita@acme.test');
    expect((await call('GET', callback, rita)).statusCode).toBe(403);

    const done = await call('GET', callback);
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe('/preferences/integrations?oauth=outreach');
    expect(await outreachConnection()).toMatchObject({
      status: 'VALID',
      account_name: 'Owen Reach (Outreach)',
      credential_tail: 'OAuth',
    });
    // Single use: the same state again is refused and the connection stays as it was.
    expect((await call('GET', callback)).statusCode).toBe(400);
    expect(await outreachConnection()).toMatchObject({ status: 'VALID' });
    expect(outreach.requests.filter((r) => r.violation)).toEqual([]);
  });

  it('sends a person in the consent window back to the integrations page with the reason, not an error body', async () => {
    const asPage = (url: string, cookie = ada) =>
      t.app.inject({ method: 'GET', url, headers: { cookie, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    const unknown = await asPage('/api/integrations/outreach/oauth/callback?code=abc&state=nothing-like-it');
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/preferences/integrations?oauth=outreach&failed=oauth_state_unknown');
    const missing = await asPage('/api/integrations/outreach/oauth/callback?code=abc');
    expect(missing.headers.location).toBe('/preferences/integrations?oauth=outreach&failed=oauth_state_missing');
    const rita = await asPage(
      '/api/integrations/outreach/oauth/callback?code=abc&state=x',
      await t.signIn('rita@acme.test'),
    );
    expect(rita.headers.location).toBe('/preferences/integrations?oauth=outreach&failed=admin_only');
    // A program asking for data still gets the refusal itself.
    expect((await call('GET', '/api/integrations/outreach/oauth/callback?code=abc&state=x')).statusCode).toBe(400);
  });

  it('keeps the tokens sealed: the database row holds neither the access nor the refresh token', async () => {
    const row = await t.handle.db
      .selectFrom('integrations')
      .select('credential_encrypted')
      .where('type', '=', 'outreach')
      .executeTakeFirstOrThrow();
    for (const token of [...outreach.accessTokens, ...outreach.refreshTokens]) {
      expect(row.credential_encrypted).not.toContain(token);
    }
    const listed = JSON.stringify((await call('GET', '/api/integrations')).json());
    for (const token of [...outreach.accessTokens, ...outreach.refreshTokens]) expect(listed).not.toContain(token);
  });

  it('refreshes the access token when fewer than 300 s remain, keeping each rotated refresh token', async () => {
    const [first] = [...outreach.refreshTokens];
    expect((await call('GET', '/api/integrations/outreach/sequences')).statusCode).toBe(200);
    expect(outreach.spentRefreshTokens).toEqual([]);

    offsetMs = 2 * HOUR - 200_000; // 200 s before the two-hour token expires
    const listed = await call('GET', '/api/integrations/outreach/sequences');
    expect(listed.json()).toEqual({
      sequences: [
        { id: '41', name: 'Quarry outbound' },
        { id: '42', name: 'Event follow-up' },
      ],
    });
    expect(outreach.spentRefreshTokens).toEqual([first]);
    const [second] = [...outreach.refreshTokens];
    expect(second).not.toBe(first);

    // The rotated refresh token was kept: two hours on, it is the one spent.
    offsetMs += 2 * HOUR;
    expect((await call('GET', '/api/integrations/outreach/sequences')).statusCode).toBe(200);
    expect(outreach.spentRefreshTokens).toEqual([first, second]);
    expect(await outreachConnection()).toMatchObject({ status: 'VALID' });
    // Back to the real time for the flows' jobs (the token just issued stays fresh).
    offsetMs = 0;
  });
});

describe('sending a flow to Outreach', () => {
  it('upserts the prospect by email with custom fields, enrols it once in the sequence from the mailbox', async () => {
    const fields = (await call('GET', '/api/integrations/outreach/custom-fields')).json() as {
      fields: { name: string }[];
    };
    expect(fields.fields).toHaveLength(150);
    const mapped = await call('PUT', '/api/integrations/outreach/field-mappings', ada, {
      field_mappings: { value_message_subject: 'custom1', value_message_body: 'custom2' },
    });
    expect((mapped.json() as IntegrationConnection).value_messaging_configured).toBe(true);

    const sendFlow = async () => {
      const created = await call('POST', '/api/flows', ada, {
        type: 'create_value_message',
        initiated_from: `/valueMatch/${ACCOUNT}`,
        accounts: [{ master_account_id: ACCOUNT, contact_ids: ['ct_outreach_vendor'] }],
      });
      const flowId = (created.json() as FlowSummary).id;
      await t.app.jobRunner.drain();
      await call('POST', `/api/flows/${flowId}/approve-all`);
      const sent = await call('POST', `/api/flows/${flowId}/send`, ada, {
        destination: 'engagement',
        integration: 'outreach',
        sequence_id: '41',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await t.app.jobRunner.drain();
      return (await call('GET', `/api/flows/${flowId}`)).json() as FlowDetail;
    };

    const first = await sendFlow();
    expect(first.flow).toMatchObject({
      destination_status: 'destination_completed',
      destination_integration: 'outreach',
    });
    expect(first.messages.map((m) => m.status)).toEqual(['delivered']);
    const prospects = [...outreach.prospects.values()];
    expect(prospects).toHaveLength(1);
    expect(prospects[0]).toMatchObject({ email: 'orla@reach-logistics.example' });
    expect(prospects[0]?.attributes.custom1).toBe(first.messages[0]?.steps[0]?.subject);
    expect(outreach.enrolments).toEqual([{ prospect: prospects[0]?.id, sequence: 41, mailbox: 31 }]);

    // A second send to the same person updates the prospect and finds it already in the sequence.
    const second = await sendFlow();
    expect(second.messages.map((m) => m.status)).toEqual(['delivered']);
    expect(outreach.prospects.size).toBe(1);
    expect(outreach.enrolments).toHaveLength(1);
    expect(outreach.requests.some((r) => r.method === 'PATCH')).toBe(true);
    expect(outreach.requests.filter((r) => r.violation)).toEqual([]);
  });
});

// Last: these leave the connection INVALID, then connect it again.
describe('when Outreach refuses the refresh token, and a consent left open too long', () => {
  it('marks the connection INVALID with Outreach’s reason, and refuses a state older than 10 minutes', async () => {
    outreach.refreshTokens.clear(); // revoked on Outreach's side
    offsetMs = 8 * HOUR; // past the last access token's expiry
    const listed = await call('GET', '/api/integrations/outreach/sequences');
    expect(listed.statusCode).toBe(409);
    expect(JSON.stringify(listed.json())).not.toContain('orr_');
    offsetMs = 0;
    expect(await outreachConnection()).toMatchObject({
      status: 'INVALID',
      status_message: 'The refresh token is invalid',
    });

    const callback = await consent();
    offsetMs = 11 * 60_000;
    expect((await call('GET', callback)).statusCode).toBe(400);
    offsetMs = 0;
    expect(await outreachConnection()).toMatchObject({ status: 'PENDING' });
    expect((await call('GET', callback)).statusCode).toBe(302);
    expect(await outreachConnection()).toMatchObject({ status: 'VALID', status_message: null });
    expect(outreach.requests.filter((r) => r.violation)).toEqual([]);
  });
});
