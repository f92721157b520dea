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
