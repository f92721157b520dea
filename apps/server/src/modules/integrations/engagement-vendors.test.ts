import type { FlowDetail, FlowSummary, IntegrationConnection } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApolloAdapter } from '../../adapters/engagement/apollo.ts';
import { startFakeApollo } from '../../adapters/engagement/fake-apollo.ts';
import { startFakeSalesloft } from '../../adapters/engagement/fake-salesloft.ts';
import { createSalesloftAdapter } from '../../adapters/engagement/salesloft.ts';
import { insertTestAccount } from '../../testing/test-account.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** Issue #21: a flow sent to Salesloft and to Apollo through the API, each a local fake checking every request. */

const KEY = 'ak_engagement_vendors_0001';
const ACCOUNT = 'acc_engagement_vendors';
let salesloft: Awaited<ReturnType<typeof startFakeSalesloft>>;
let apollo: Awaited<ReturnType<typeof startFakeApollo>>;
let t: TestApp;
let ada: string;

beforeAll(async () => {
  salesloft = await startFakeSalesloft({ keys: [KEY] });
  apollo = await startFakeApollo({ keys: [KEY] });
  const fast = { minIntervalMs: 0, sleep: async () => undefined };
  t = await createTestApp({
    engagementAdapters: {
      salesloft: createSalesloftAdapter({ baseUrl: salesloft.baseUrl, ...fast }),
      apolloio: createApolloAdapter({ baseUrl: apollo.baseUrl, ...fast }),
    },
  });
  await insertTestAccount(t.handle.db, ACCOUNT, 'Vendor Logistics');
  await t.handle.db
    .insertInto('master_contacts')
    .values({
      id: 'ct_engagement_vendors',
      external_contact_id: null,
      master_account_id: ACCOUNT,
      first_name: 'Cora',
      last_name: 'Tester',
      title: 'Chief Financial Officer',
      seniority: null,
      department: null,
      email: 'cora@vendor-logistics.example',
      email_status: 'verified',
      linkedin_url: null,
    })
    .execute();
  ada = await t.signIn('ada@acme.test');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await salesloft?.close();
  await apollo?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: ada }, ...(payload ? { payload } : {}) });

describe.each([
  ['salesloft', 'Sally Seller (Salesloft)'],
  ['apolloio', 'Apollo'],
] as const)('sending a flow to %s', (type, accountName) => {
  it('connects with an API key, maps subject and body from the tool’s fields, and delivers the contact', async () => {
    const connected = (
      await call('PUT', `/api/integrations/${type}`, { credential: KEY })
    ).json() as IntegrationConnection;
    expect(connected).toMatchObject({ status: 'VALID', account_name: accountName, credential_tail: '…0001' });
    const fields = (await call('GET', `/api/integrations/${type}/custom-fields`)).json() as {
      fields: { name: string; label: string }[];
    };
    const byLabel = new Map(fields.fields.map((f) => [f.label, f.name]));
    const mapped = await call('PUT', `/api/integrations/${type}/field-mappings`, {
      field_mappings: {
        value_message_subject: byLabel.get('Quarry subject'),
        value_message_body: byLabel.get('Quarry body'),
      },
    });
    expect((mapped.json() as IntegrationConnection).value_messaging_configured).toBe(true);

    const created = await call('POST', '/api/flows', {
      type: 'create_value_message',
      initiated_from: `/valueMatch/${ACCOUNT}`,
      accounts: [{ master_account_id: ACCOUNT, contact_ids: ['ct_engagement_vendors'] }],
    });
    const flowId = (created.json() as FlowSummary).id;
    await t.app.jobRunner.drain();
    await call('POST', `/api/flows/${flowId}/approve-all`);
    const sent = await call('POST', `/api/flows/${flowId}/send`, { destination: 'engagement', integration: type });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.jobRunner.drain();
    const { flow, messages } = (await call('GET', `/api/flows/${flowId}`)).json() as FlowDetail;
    expect(flow).toMatchObject({ destination_status: 'destination_completed', destination_integration: type });
    expect(messages.map((m) => m.status)).toEqual(['delivered']);
    const fake = type === 'salesloft' ? salesloft : apollo;
    expect(fake.requests.filter((r) => r.violation)).toEqual([]);
    const stored =
      type === 'salesloft'
        ? salesloft.people.get('cora@vendor-logistics.example')?.fields
        : apollo.contacts.get('cora@vendor-logistics.example')?.fields;
    expect(Object.values(stored ?? {})).toContain(messages[0]?.steps[0]?.subject);
  });
});

// After the sends above: Salesloft and Apollo are connected and mapped by then.
describe('enrolling in a Salesloft cadence', () => {
  it('lists the cadences, enrols each delivered contact once, and fails a contact with the cadence’s reason until a retry succeeds', async () => {
    const cadences = await call('GET', '/api/integrations/salesloft/sequences');
    expect(cadences.json()).toEqual({
      sequences: [
        { id: '11', name: 'Quarry outbound' },
        { id: '12', name: 'Event follow-up' },
      ],
    });
    // Apollo lists its sequences too (emailer campaigns) and the email accounts they send from; Salesloft asks for no mailbox.
    expect((await call('GET', '/api/integrations/apolloio/sequences')).json()).toEqual({
      sequences: [
        { id: 'seq_outbound', name: 'Quarry outbound' },
        { id: 'seq_events', name: 'Event follow-up' },
      ],
    });
    expect((await call('GET', '/api/integrations/apolloio/mailboxes')).json()).toEqual({
      mailboxes: [
        { id: 'ea_main', email: 'ana@team.example' },
        { id: 'ea_second', email: 'ben@team.example' },
      ],
    });
    expect((await call('GET', '/api/integrations/salesloft/mailboxes')).json()).toEqual({ mailboxes: [] });

    const created = await call('POST', '/api/flows', {
      type: 'create_value_message',
      initiated_from: `/valueMatch/${ACCOUNT}`,
      accounts: [{ master_account_id: ACCOUNT, contact_ids: ['ct_engagement_vendors'] }],
    });
    const flowId = (created.json() as FlowSummary).id;
    await t.app.jobRunner.drain();
    await call('POST', `/api/flows/${flowId}/approve-all`);
    const send = (sequence_id: string) =>
      call('POST', `/api/flows/${flowId}/send`, { destination: 'engagement', integration: 'salesloft', sequence_id });
    await send('99');
    await t.app.jobRunner.drain();
    let { flow, messages } = (await call('GET', `/api/flows/${flowId}`)).json() as FlowDetail;
    expect(flow.destination_status).toBe('destination_failed');
    expect(messages[0]?.delivery_error).toBe('Cadence: Cadence not found');

    expect((await send('11')).statusCode).toBe(200);
    await t.app.jobRunner.drain();
    ({ flow, messages } = (await call('GET', `/api/flows/${flowId}`)).json() as FlowDetail);
    expect(flow.destination_status).toBe('destination_completed');
    expect(messages.map((m) => m.status)).toEqual(['delivered']);
    const person = salesloft.people.get('cora@vendor-logistics.example');
    expect(salesloft.memberships.get('11')).toEqual([String(person?.id)]);
    expect(new Set(salesloft.created).size).toBe(salesloft.created.length);
    expect(salesloft.requests.filter((r) => r.violation)).toEqual([]);
  });
});
