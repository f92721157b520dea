import fs from 'node:fs';
import { Writable } from 'node:stream';
import type { FlowDetail, FlowSummary, IntegrationConnection, IntegrationsResponse, MeResponse } from '@quarry/shared';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeHubspot, startFakeHubspot } from '../../adapters/engagement/fake-hubspot.ts';
import { createHubspotAdapter } from '../../adapters/engagement/hubspot.ts';
import { createLogger } from '../../logger.ts';
import { insertTestAccount } from '../../testing/test-account.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Issue #21 over the real database, against a local fake of HubSpot that checks every request it
 * gets against hubspot-contract.ts: connect, mappings, the engagement destination, the connector token.
 */

const TOKEN = 'pat-na1-11111111-2222-3333-4444-555555555555';
const ACCOUNT = 'acc_integrations_test';
const CONTACTS = { cora: 'ct_int_cora', vik: 'ct_int_vik' };
const refused = new Set<string>();
/** Tokens HubSpot has stopped accepting (an admin revoked the private app). */
const revoked = new Set<string>();
const waits: number[] = [];

let fake: FakeHubspot;
let t: TestApp;
let rita: string;
let mike: string;
let ada: string;
let gail: string;
let gus: string;

beforeAll(async () => {
  fake = await startFakeHubspot({
    tokens: [TOKEN],
    refuse: (email) => refused.has(email),
    revoked: (token) => revoked.has(token),
  });
  t = await createTestApp({
    engagementAdapters: {
      hubspot: createHubspotAdapter({
        baseUrl: fake.baseUrl,
        minIntervalMs: 0,
        sleep: async (ms) => void waits.push(ms),
      }),
    },
  });
  await insertTestAccount(t.handle.db, ACCOUNT, 'Integrate Logistics');
  const contact = (id: string, first: string, email: string) => ({
    id,
    external_contact_id: null,
    master_account_id: ACCOUNT,
    first_name: first,
    last_name: 'Tester',
    title: 'Chief Financial Officer',
    seniority: null,
    department: null,
    email,
    email_status: 'verified',
    linkedin_url: null,
  });
  await t.handle.db
    .insertInto('master_contacts')
    .values([
      contact(CONTACTS.cora, 'Cora', 'cora@integrate.example'),
      contact(CONTACTS.vik, 'Vik', 'vik@integrate.example'),
    ])
    .execute();
  [rita, mike, ada, gail, gus] = await Promise.all([
    t.signIn('rita@acme.test'),
    t.signIn('mike@acme.test'),
    t.signIn('ada@acme.test'),
    t.signIn('gail@globex.test'),
    t.signIn('gus@globex.test'),
  ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  refused.clear();
  waits.length = 0;
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const connectHubspot = (cookie: string, credential = TOKEN) =>
  call(cookie, 'PUT', '/api/integrations/hubspot', { credential });

const mapBoth = () =>
  call(ada, 'PUT', '/api/integrations/hubspot/field-mappings', {
    field_mappings: { value_message_subject: 'quarry_subject', value_message_body: 'quarry_body' },
  });

/** A flow for Cora and Vik, written and approved, ready to send. */
async function approvedFlow(cookie: string): Promise<string> {
  const res = await call(cookie, 'POST', '/api/flows', {
    type: 'create_value_message',
    initiated_from: `/valueMatch/${ACCOUNT}`,
    accounts: [{ master_account_id: ACCOUNT, contact_ids: [CONTACTS.cora, CONTACTS.vik] }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const flow = res.json() as FlowSummary;
  await t.app.jobRunner.drain();
  const approved = await call(cookie, 'POST', `/api/flows/${flow.id}/approve-all`);
  expect(approved.statusCode, approved.body).toBe(200);
  return flow.id;
}

const detail = async (cookie: string, id: string) =>
  (await call(cookie, 'GET', `/api/flows/${id}`)).json() as FlowDetail;
const upsertedEmails = (from: number) =>
  fake.requests
    .slice(from)
    .filter((r) => r.path === '/crm/v3/objects/contacts/batch/upsert')
    .flatMap((r) => (r.body as { inputs: { id: string }[] }).inputs.map((i) => i.id));

describe('the integration catalogue and connections', () => {
  it('lists the four tools with name, brand colour and icon, and lets only admins manage them', async () => {
    const res = await call(rita, 'GET', '/api/integrations');
    expect(res.statusCode).toBe(200);
    const body = res.json() as IntegrationsResponse;
    expect(body.integrations.map((i) => [i.entry.type, i.entry.name])).toEqual([
      ['apolloio', 'Apollo'],
      ['outreach', 'Outreach'],
      ['hubspot', 'HubSpot'],
      ['salesloft', 'Salesloft'],
    ]);
    for (const { entry } of body.integrations) {
      expect(entry.brand_colour).toMatch(/^#[0-9A-F]{6}$/);
      expect(entry.icon).toMatch(/\.svg$/);
    }
    expect(body.can_manage).toBe(false);
    expect(((await call(ada, 'GET', '/api/integrations')).json() as IntegrationsResponse).can_manage).toBe(true);
  });

  it('refuses a rep and a manager who try to connect (403)', async () => {
    expect((await connectHubspot(rita)).statusCode).toBe(403);
    expect((await connectHubspot(mike)).statusCode).toBe(403);
  });

  it('marks a wrong token INVALID with HubSpot’s own message, not a 500', async () => {
    const res = await connectHubspot(ada, 'pat-na1-wrong-token-000');
    expect(res.statusCode, res.body).toBe(200);
    const connection = res.json() as IntegrationConnection;
    expect(connection.status).toBe('INVALID');
    expect(connection.status_message).toContain('Authentication credentials not found');
    expect(connection.checked_at).not.toBeNull();
  });

  it('connects HubSpot with a private-app token: VALID with the account, the token shown only as a masked tail', async () => {
    const res = await connectHubspot(ada);
    expect(res.statusCode, res.body).toBe(200);
    const connection = res.json() as IntegrationConnection;
    expect(connection).toMatchObject({
      type: 'hubspot',
      status: 'VALID',
      status_message: null,
      account_name: 'HubSpot account 4242 (app.hubspot.com)',
      credential_tail: '…5555',
      value_messaging_configured: false,
    });
    expect(res.body).not.toContain(TOKEN);
    const list = await call(ada, 'GET', '/api/integrations');
    expect(list.body).not.toContain(TOKEN);
    // Re-check asks HubSpot again.
    const before = fake.requests.length;
    const again = await call(ada, 'POST', '/api/integrations/hubspot/check');
    expect((again.json() as IntegrationConnection).status).toBe('VALID');
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/account-info/v3/details']);
  });

  it('keeps the token encrypted at rest: neither the row nor the database file holds it', async () => {
    const row = await t.handle.db
      .selectFrom('integrations')
      .selectAll()
      .where('tenant_id', '=', 'tnt_acme')
      .where('type', '=', 'hubspot')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    if (t.config.database.kind === 'sqlite') {
      await t.handle.db.selectFrom('integrations').select('type').where('tenant_id', '=', 'tnt_acme').execute();
      const file = t.config.database.file;
      const bytes = Buffer.concat([file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
      expect(bytes.includes(Buffer.from(TOKEN))).toBe(false);
      expect(bytes.includes(Buffer.from(row.credential_encrypted))).toBe(true);
    }
  });

  it('shows another company nothing of it: Globex sees HubSpot unconnected and cannot touch Acme’s', async () => {
    const body = (await call(gus, 'GET', '/api/integrations')).json() as IntegrationsResponse;
    expect(body.integrations.find((i) => i.entry.type === 'hubspot')?.connection).toBeNull();
    expect((await call(gail, 'DELETE', '/api/integrations/hubspot')).statusCode).toBe(404);
    expect((await call(gail, 'GET', '/api/integrations/hubspot/custom-fields')).statusCode).toBe(404);
  });

  it('says Quarry cannot connect Outreach yet (400 naming the type)', async () => {
    const res = await call(ada, 'PUT', '/api/integrations/outreach', { credential: 'whatever-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('integration_unavailable');
  });
});

describe('field mappings and the configured rule', () => {
  it('offers HubSpot’s own writable custom fields to map to', async () => {
    const res = await call(ada, 'GET', '/api/integrations/hubspot/custom-fields');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fields).toEqual([
      { name: 'quarry_body', label: 'Quarry body' },
      { name: 'quarry_subject', label: 'Quarry subject' },
    ]);
    expect((await call(rita, 'GET', '/api/integrations/hubspot/custom-fields')).statusCode).toBe(403);
  });

  it('refuses a field HubSpot does not have, naming the mapping', async () => {
    const res = await call(ada, 'PUT', '/api/integrations/hubspot/field-mappings', {
      field_mappings: { value_message_subject: 'no_such_field' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('field_mappings.value_message_subject');
  });

  it('is not configured with a subject alone, and sending to HubSpot is refused until the body is mapped too', async () => {
    const res = await call(ada, 'PUT', '/api/integrations/hubspot/field-mappings', {
      field_mappings: { value_message_subject: 'quarry_subject' },
    });
    expect((res.json() as IntegrationConnection).value_messaging_configured).toBe(false);
    const flowId = await approvedFlow(rita);
    const send = await call(rita, 'POST', `/api/flows/${flowId}/send`, {
      destination: 'engagement',
      integration: 'hubspot',
    });
    expect(send.statusCode).toBe(400);
    expect(send.json().error.code).toBe('destination_unavailable');
    expect(send.json().error.details.fields).toMatchObject([{ field: 'integration', reason: 'fields_not_mapped' }]);

    const both = await mapBoth();
    expect((both.json() as IntegrationConnection).value_messaging_configured).toBe(true);
    // The company configuration carries the mappings (spec section 3).
    const me = (await call(ada, 'GET', '/api/me')).json() as MeResponse;
    expect(me.company_configuration?.integrations).toEqual([
      {
        type: 'hubspot',
        field_mappings: { value_message_subject: 'quarry_subject', value_message_body: 'quarry_body' },
      },
    ]);
  });
});

describe('sending a flow to HubSpot', () => {
  it('creates or updates each contact by email with the message in the mapped fields, and shows each delivered', async () => {
    await mapBoth();
    const flowId = await approvedFlow(rita);
    const from = fake.requests.length;
    const send = await call(rita, 'POST', `/api/flows/${flowId}/send`, {
      destination: 'engagement',
      integration: 'hubspot',
    });
    expect(send.statusCode, send.body).toBe(200);
    expect((send.json() as FlowSummary).destination_status).toBe('destination_queued');
    await t.app.jobRunner.drain();
    const { flow, messages } = await detail(rita, flowId);
    expect(flow).toMatchObject({
      destination_type: 'engagement',
      destination_integration: 'hubspot',
      destination_status: 'destination_completed',
      status: 'flow_completed',
      delivered_count: 2,
    });
    expect(messages.map((m) => m.status)).toEqual(['delivered', 'delivered']);
    const cora = fake.contacts.get('cora@integrate.example');
    expect(cora?.properties).toMatchObject({
      firstname: 'Cora',
      lastname: 'Tester',
      quarry_subject: messages[0]?.steps[0]?.subject,
      quarry_body: messages[0]?.steps[0]?.body,
    });
    expect(fake.requests.slice(from).every((r) => r.violation === null)).toBe(true);
  });

  it('offers HubSpot’s sequences and senders, and enrols each delivered contact in the chosen sequence from the chosen sender', async () => {
    await mapBoth();
    const sequences = await call(rita, 'GET', '/api/integrations/hubspot/sequences');
    expect(sequences.json()).toEqual({
      sequences: [
        { id: '7001', name: 'Quarry outbound' },
        { id: '7002', name: 'Renewal nurture' },
      ],
    });
    const mailboxes = await call(rita, 'GET', '/api/integrations/hubspot/mailboxes');
    expect(mailboxes.json()).toEqual({
      mailboxes: [
        { id: '2001', email: 'hana@portal.example' },
        { id: '2002', email: 'ivo@portal.example' },
      ],
    });
    // Another company has no HubSpot connected: nothing to list.
    expect((await call(gail, 'GET', '/api/integrations/hubspot/mailboxes')).statusCode).toBe(404);
    const flowId = await approvedFlow(rita);
    const from = fake.requests.length;
    const enrolledBefore = fake.enrollments.length;
    const send = await call(rita, 'POST', `/api/flows/${flowId}/send`, {
      destination: 'engagement',
      integration: 'hubspot',
      sequence_id: '7002',
      mailbox_id: '2002',
    });
    expect(send.statusCode, send.body).toBe(200);
    await t.app.jobRunner.drain();
    const { flow, messages } = await detail(rita, flowId);
    expect(flow).toMatchObject({ destination_status: 'destination_completed', delivered_count: 2 });
    expect(messages.map((m) => m.status)).toEqual(['delivered', 'delivered']);
    const ids = ['cora@integrate.example', 'vik@integrate.example'].map((e) => fake.contacts.get(e)?.id);
    expect(fake.enrollments.slice(enrolledBefore)).toEqual(
      ids.map((contactId) => ({ contactId, sequenceId: '7002', userId: '2002', senderEmail: 'ivo@portal.example' })),
    );
    expect(fake.requests.slice(from).every((r) => r.violation === null)).toBe(true);
    // A mailbox id that is not one is refused by the schema, naming the field.
    const bad = await call(rita, 'POST', `/api/flows/${flowId}/send`, {
      destination: 'engagement',
      integration: 'hubspot',
      sequence_id: '7002',
      mailbox_id: 'x'.repeat(65),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('mailbox_id');
  });

  it('leaves only the refused contact failed with HubSpot’s reason, and a retry sends just that one, never a duplicate', async () => {
    const flowId = await approvedFlow(rita);
    refused.add('vik@integrate.example');
    await call(rita, 'POST', `/api/flows/${flowId}/send`, { destination: 'engagement', integration: 'hubspot' });
    await t.app.jobRunner.drain();
    let { flow, messages } = await detail(rita, flowId);
    expect(flow.destination_status).toBe('destination_failed');
    expect(messages.map((m) => [m.contact_name, m.status])).toEqual([
      ['Cora Tester', 'delivered'],
      ['Vik Tester', 'delivery_failed'],
    ]);
    expect(messages[1]?.delivery_error).toContain('not a valid email address');

    refused.clear();
    const from = fake.requests.length;
    const retry = await call(rita, 'POST', `/api/flows/${flowId}/send`, {
      destination: 'engagement',
      integration: 'hubspot',
    });
    expect(retry.statusCode, retry.body).toBe(200);
    await t.app.jobRunner.drain();
    ({ flow, messages } = await detail(rita, flowId));
    expect(flow.destination_status).toBe('destination_completed');
    expect(messages.map((m) => m.status)).toEqual(['delivered', 'delivered']);
    expect(upsertedEmails(from)).toEqual(['vik@integrate.example']);
    expect(new Set(fake.created).size).toBe(fake.created.length);
  });

  it('refuses a second send while the first is still queued (409), and sends once', async () => {
    const flowId = await approvedFlow(rita);
    const body = { destination: 'engagement', integration: 'hubspot' };
    expect((await call(rita, 'POST', `/api/flows/${flowId}/send`, body)).statusCode).toBe(200);
    expect((await call(rita, 'POST', `/api/flows/${flowId}/send`, body)).statusCode).toBe(409);
    expect((await call(rita, 'POST', `/api/flows/${flowId}/send`, { destination: 'download' })).statusCode).toBe(409);
    await t.app.jobRunner.drain();
    expect((await detail(rita, flowId)).messages.map((m) => m.status)).toEqual(['delivered', 'delivered']);
  });

  it('waits as long as a 429’s Retry-After asks, then delivers', async () => {
    const flowId = await approvedFlow(rita);
    fake.throttle(1, '2');
    await call(rita, 'POST', `/api/flows/${flowId}/send`, { destination: 'engagement', integration: 'hubspot' });
    await t.app.jobRunner.drain();
    expect(waits).toContain(2000);
    expect((await detail(rita, flowId)).flow.destination_status).toBe('destination_completed');
  });

  it('leaves messages failed with a reason when HubSpot keeps answering 429, after bounded retries', async () => {
    const flowId = await approvedFlow(rita);
    fake.throttle(100, '1');
    await call(rita, 'POST', `/api/flows/${flowId}/send`, { destination: 'engagement', integration: 'hubspot' });
    await t.app.jobRunner.drain();
    fake.throttle(0);
    const { flow, messages } = await detail(rita, flowId);
    expect(flow.destination_status).toBe('destination_failed');
    expect(messages[0]?.delivery_error).toContain('ten_secondly_rolling');
    expect(waits.length).toBe(3);
  });

  it('refuses an engagement send without a tool (400 naming integration)', async () => {
    const flowId = await approvedFlow(rita);
    const res = await call(rita, 'POST', `/api/flows/${flowId}/send`, { destination: 'engagement' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('integration');
  });
});

describe('POST /HydraJwtGenerator', () => {
  const ritaUid = () => t.uidOf('rita@acme.test');

  it('answers an RS256 token with sub, iat and exp an hour later, which the JWKS verifies', async () => {
    const uid = await ritaUid();
    const res = await call(rita, 'POST', '/HydraJwtGenerator', { tenant_id: 'tnt_acme', user_id: uid });
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json() as { token: string };
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(uid);
    expect(claims.tenant_id).toBe('tnt_acme');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    const jwks = (await t.app.inject({ method: 'GET', url: '/api/integrations/connector-jwks' })).json();
    const keys = createLocalJWKSet(jwks);
    const { protectedHeader } = await jwtVerify(token, keys, { algorithms: ['RS256'] });
    expect(protectedHeader.alg).toBe('RS256');

    const [head, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    await expect(jwtVerify(`${head}.${forged}.${signature}`, keys)).rejects.toThrow();
    const later = new Date(((claims.exp ?? 0) + 60) * 1000);
    await expect(jwtVerify(`${head}.${payload}.${signature}`, keys, { currentDate: later })).rejects.toThrow(/exp/);
  });

  it('refuses another user or another tenant (403)', async () => {
    const uid = await ritaUid();
    const other = await call(rita, 'POST', '/HydraJwtGenerator', {
      tenant_id: 'tnt_acme',
      user_id: await t.uidOf('ada@acme.test'),
    });
    expect(other.statusCode).toBe(403);
    expect((await call(rita, 'POST', '/HydraJwtGenerator', { tenant_id: 'tnt_globex', user_id: uid })).statusCode).toBe(
      403,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/HydraJwtGenerator',
          payload: { tenant_id: 'tnt_acme', user_id: uid },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('secrets stay out of logs', () => {
  it('redacts a credential and an authorization header wherever a log line carries them', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger('info', sink);
    log.info(
      { credential: TOKEN, body: { credential: TOKEN }, req: { headers: { authorization: `Bearer ${TOKEN}` } } },
      'connect',
    );
    log.info({ vendor: { headers: { authorization: `Bearer ${TOKEN}` } }, token: TOKEN }, 'call');
    expect(lines.join('')).not.toContain(TOKEN);
    expect(lines.join('')).toContain('[Redacted]');
  });
});

describe('the periodic re-check', () => {
  it('marks a credential HubSpot no longer accepts INVALID with HubSpot’s message', async () => {
    revoked.add(TOKEN);
    try {
      expect(await t.app.requestIntegrationRechecks()).toBeGreaterThanOrEqual(1);
      await t.app.jobRunner.drain();
      const body = (await call(ada, 'GET', '/api/integrations')).json() as IntegrationsResponse;
      const hubspot = body.integrations.find((i) => i.entry.type === 'hubspot')?.connection;
      expect(hubspot?.status).toBe('INVALID');
      expect(hubspot?.status_message).toContain('Authentication credentials not found');
    } finally {
      revoked.delete(TOKEN);
    }
    const again = await call(ada, 'POST', '/api/integrations/hubspot/check');
    expect((again.json() as IntegrationConnection).status).toBe('VALID');
  });
});

describe('disconnecting', () => {
  it('lets an admin disconnect, after which the tool is unconnected and the company configuration forgets it', async () => {
    expect((await call(rita, 'DELETE', '/api/integrations/hubspot')).statusCode).toBe(403);
    expect((await call(ada, 'DELETE', '/api/integrations/hubspot')).statusCode).toBe(204);
    const body = (await call(ada, 'GET', '/api/integrations')).json() as IntegrationsResponse;
    expect(body.integrations.find((i) => i.entry.type === 'hubspot')?.connection).toBeNull();
    expect(((await call(ada, 'GET', '/api/me')).json() as MeResponse).company_configuration?.integrations).toEqual([]);
    expect((await call(ada, 'DELETE', '/api/integrations/hubspot')).statusCode).toBe(404);
  });
});
