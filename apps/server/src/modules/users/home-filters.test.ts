import type { HomeFilters } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let ada: string;
let mike: string;
let gus: string;

beforeAll(async () => {
  t = await createTestApp();
  [ada, mike, gus] = await Promise.all([
    t.signIn('ada@acme.test'),
    t.signIn('mike@acme.test'),
    t.signIn('gus@globex.test'),
  ]);
});
afterAll(() => t?.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const saveDefaults = (cookie: string, value: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: { cookie },
    payload: { field: 'preferences.home_filters', value } as Record<string, unknown>,
  });
const createHypothesis = async (cookie: string, visibility: 'public' | 'private') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/value-hypotheses',
    headers: { cookie },
    payload: { name: `Home default (${visibility})`, problem_or_goal: 'Costs rise', visibility },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};

describe('default Home filters (PATCH /api/me preferences.home_filters)', () => {
  it('stores my defaults, answers them with my document and keeps my other preferences', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/me',
          headers: { cookie: mike },
          payload: { field: 'preferences.theme', value: 'dark' },
        })
      ).statusCode,
    ).toBe(200);
    const shared = await createHypothesis(ada, 'public');
    const defaults: HomeFilters = {
      tiers: ['tier_1', 'tier_2'],
      hypothesis_ids: [shared],
      industries: ['Energy', 'Retail'],
      mine: true,
    };
    const saved = await saveDefaults(mike, defaults);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences.home_filters).toEqual(defaults);
    const read = (await me(mike)).json().user.preferences;
    expect(read).toMatchObject({ theme: 'dark', home_filters: defaults });

    const cleared = await saveDefaults(mike, { tiers: [], hypothesis_ids: [], industries: [], mine: false });
    expect(cleared.statusCode).toBe(200);
    expect((await me(mike)).json().user.preferences.home_filters).toEqual({
      tiers: [],
      hypothesis_ids: [],
      industries: [],
      mine: false,
    });
  });

  it('accepts my own private hypothesis but refuses a colleague’s, naming the field', async () => {
    const own = await createHypothesis(ada, 'private');
    const filters = { tiers: [], hypothesis_ids: [own], industries: [], mine: false };
    expect((await saveDefaults(ada, filters)).statusCode).toBe(200);

    const refused = await saveDefaults(mike, filters);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'validation_failed',
      message: `value.hypothesis_ids: Unknown hypothesis: ${own}`,
    });
    expect((await me(mike)).json().user.preferences.home_filters?.hypothesis_ids ?? []).not.toContain(own);
  });

  it('refuses a hypothesis of another tenant and one that does not exist', async () => {
    const acmeOnly = await createHypothesis(ada, 'public');
    for (const id of [acmeOnly, 'hyp_missing']) {
      const res = await saveDefaults(gus, { tiers: [], hypothesis_ids: [id], industries: [], mine: false });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/^value\.hypothesis_ids: /);
    }
  });

  it('refuses an unknown tier and a missing field with 400 naming the field', async () => {
    const unknownTier = await saveDefaults(mike, { tiers: ['gold'], hypothesis_ids: [], industries: [], mine: false });
    expect(unknownTier.statusCode).toBe(400);
    expect(unknownTier.json().error.message).toMatch(/^value\.tiers\.0: /);
    const missing = await saveDefaults(mike, { tiers: [], hypothesis_ids: [], industries: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/^value\.mine: /);
    const extra = await saveDefaults(mike, { tiers: [], hypothesis_ids: [], industries: [], mine: false, tenant: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toBe('value.tenant: Unknown field');
  });
});
