import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApolloAdapter } from './apollo.ts';
import type { ContactUpsert, EngagementAdapter } from './engagement-adapter.ts';
import { startFakeApollo } from './fake-apollo.ts';
import { startFakeSalesloft } from './fake-salesloft.ts';
import type { FakeVendorRequest } from './fake-vendor-server.ts';
import { createSalesloftAdapter } from './salesloft.ts';

/** Salesloft (API key) and Apollo (x-api-key) adapters, each against a local fake that checks every request. */

const KEY = 'ak_vendor_test_key_0001';
const waits: number[] = [];
const noWait = { minIntervalMs: 0, sleep: async (ms: number) => void waits.push(ms) };
const contact = (email: string, fields: Record<string, string>): ContactUpsert => ({
  email,
  firstName: 'Cora',
  lastName: 'Tester',
  title: 'CFO',
  fields,
});

type Fake = {
  baseUrl: string;
  requests: FakeVendorRequest[];
  created: string[];
  throttle: (count: number, after?: string) => void;
  close: () => Promise<void>;
};

const vendors: {
  name: string;
  start: () => Promise<Fake & { fieldNames?: string[] }>;
  adapter: (baseUrl: string) => EngagementAdapter;
  account: string;
  fields: (fake: Fake & { fieldIds?: string[] }) => Record<string, string>;
}[] = [
  {
    name: 'Salesloft',
    start: () => startFakeSalesloft({ keys: [KEY], refuse: (e) => e.startsWith('bad') }),
    adapter: (baseUrl) => createSalesloftAdapter({ baseUrl, ...noWait }),
    account: 'Sally Seller (Salesloft)',
    fields: () => ({ 'Quarry subject': 'Hello', 'Quarry body': 'Body' }),
  },
  {
    name: 'Apollo',
    start: () => startFakeApollo({ keys: [KEY], refuse: (e) => e.startsWith('bad') }),
    adapter: (baseUrl) => createApolloAdapter({ baseUrl, ...noWait }),
    account: 'Apollo',
    fields: (fake) => ({ [fake.fieldIds?.[0] ?? '']: 'Hello', [fake.fieldIds?.[1] ?? '']: 'Body' }),
  },
];

for (const vendor of vendors) {
  describe(`the ${vendor.name} adapter`, () => {
    let fake: Fake & { fieldIds?: string[] };
    let adapter: EngagementAdapter;
    beforeAll(async () => {
      fake = await vendor.start();
      adapter = vendor.adapter(fake.baseUrl);
    });
    afterAll(() => fake?.close());

    it('checks a key: VALID with the account, INVALID with the vendor’s reason', async () => {
      expect(await adapter.check(KEY)).toEqual({ status: 'VALID', accountName: vendor.account });
      expect((await adapter.check('ak_wrong_key_000')).status).toBe('INVALID');
    });

    it('lists the custom fields a message can be mapped to', async () => {
      expect((await adapter.customFields(KEY)).map((f) => f.label)).toEqual(['Quarry body', 'Quarry subject']);
    });

    it('creates or updates contacts by email with the mapped fields, one refused alone, none duplicated, every request in contract', async () => {
      const fields = vendor.fields(fake);
      const results = await adapter.upsertContacts(KEY, [
        contact('cora@vendor.example', fields),
        contact('bad@vendor.example', fields),
        contact('vik@vendor.example', fields),
      ]);
      expect(results.map((r) => r.ok)).toEqual([true, false, true]);
      expect(results[1]?.ok === false && results[1].reason).toMatch(/invalid/i);
      await adapter.upsertContacts(KEY, [contact('cora@vendor.example', fields)]);
      expect(fake.created).toEqual(['cora@vendor.example', 'vik@vendor.example']);
      expect(fake.requests.filter((r) => r.violation)).toEqual([]);
    });

    it('waits as long as a 429’s Retry-After asks', async () => {
      waits.length = 0;
      fake.throttle(1, '3');
      const [result] = await adapter.upsertContacts(KEY, [contact('ann@vendor.example', vendor.fields(fake))]);
      expect(result?.ok).toBe(true);
      expect(waits).toContain(3000);
    });
  });
}

describe('Salesloft cadence enrolment', () => {
  it('enrols a person once: a second enrolment of the same person counts as done, not as a failure', async () => {
    const fake = await startFakeSalesloft({ keys: [KEY] });
    try {
      const adapter = createSalesloftAdapter({ baseUrl: fake.baseUrl, ...noWait });
      const [person] = await adapter.upsertContacts(KEY, [contact('enrol@vendor.example', {})]);
      const id = person?.ok ? person.vendorId : '';
      expect(await adapter.enroll?.(KEY, '11', [id])).toEqual(new Map([[id, null]]));
      expect(await adapter.enroll?.(KEY, '11', [id])).toEqual(new Map([[id, null]]));
      expect(fake.memberships.get('11')).toEqual([id]);
      expect(fake.requests.filter((r) => r.violation)).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});

describe('Apollo sequence enrolment', () => {
  it('lists sequences and active email accounts, adds a batch of contacts from the chosen account, in contract', async () => {
    const fake = await startFakeApollo({ keys: [KEY] });
    try {
      const adapter = createApolloAdapter({ baseUrl: fake.baseUrl, ...noWait });
      expect(await adapter.sequences?.(KEY)).toEqual([
        { id: 'seq_outbound', name: 'Quarry outbound' },
        { id: 'seq_events', name: 'Event follow-up' },
      ]);
      // The inactive account is not offered; the team's default comes first.
      expect(await adapter.mailboxes?.(KEY)).toEqual([
        { id: 'ea_main', email: 'ana@team.example' },
        { id: 'ea_second', email: 'ben@team.example' },
      ]);
      const people = await adapter.upsertContacts(KEY, [
        contact('seq1@vendor.example', {}),
        contact('seq2@vendor.example', {}),
      ]);
      const ids = people.map((p) => (p.ok ? p.vendorId : ''));
      expect(await adapter.enroll?.(KEY, 'seq_outbound', ids, 'ea_second')).toEqual(
        new Map(ids.map((id) => [id, null])),
      );
      // Without a choice, the default account sends; a repeat adds no one twice.
      expect(await adapter.enroll?.(KEY, 'seq_events', ids.slice(0, 1))).toEqual(new Map([[ids[0], null]]));
      expect(await adapter.enroll?.(KEY, 'seq_outbound', ids)).toEqual(new Map(ids.map((id) => [id, null])));
      expect(fake.added).toEqual([
        { contactId: ids[0], sequenceId: 'seq_outbound', emailAccountId: 'ea_second' },
        { contactId: ids[1], sequenceId: 'seq_outbound', emailAccountId: 'ea_second' },
        { contactId: ids[0], sequenceId: 'seq_events', emailAccountId: 'ea_main' },
      ]);
      // One add_contact_ids call a batch, its inputs in the query.
      expect(fake.requests.filter((r) => r.path.endsWith('/add_contact_ids'))).toHaveLength(3);
      expect(fake.requests.filter((r) => r.violation)).toEqual([]);
      // A sequence Apollo does not have fails each contact with Apollo's reason.
      expect(await adapter.enroll?.(KEY, 'seq_gone', ids.slice(0, 1))).toEqual(
        new Map([[ids[0], 'Sequence: Sequence not found']]),
      );
      // An email account that is not there any more fails the batch, saying so.
      expect(await adapter.enroll?.(KEY, 'seq_outbound', ids.slice(0, 1), 'ea_old')).toEqual(
        new Map([[ids[0], 'Sequence: no linked Apollo email account to send this sequence from']]),
      );
    } finally {
      await fake.close();
    }
  });
});
