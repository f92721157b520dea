import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOutreach } from './fake-outreach.ts';
import { createOutreachAdapter } from './outreach.ts';

/**
 * Issue #21, Outreach's who-am-I: the API root names the token's user by email only (meta.user),
 * and the users resource filtered by that email gives the name the card shows.
 */

const TOKEN = 'ora_adapter_test_token';
const user = { email: 'uma.reach@outreach.example', firstName: 'Uma', lastName: 'Reach' };
let fake: Awaited<ReturnType<typeof startFakeOutreach>>;
let unreadable: Awaited<ReturnType<typeof startFakeOutreach>>;
const adapterAt = (baseUrl: string) =>
  createOutreachAdapter({ baseUrl, minIntervalMs: 0, sleep: async () => undefined });

beforeAll(async () => {
  fake = await startFakeOutreach({ clientId: 'c', clientSecret: 's', user });
  unreadable = await startFakeOutreach({ clientId: 'c', clientSecret: 's', user, usersUnreadable: true });
  fake.accessTokens.add(TOKEN);
  unreadable.accessTokens.add(TOKEN);
});
afterAll(async () => {
  await fake?.close();
  await unreadable?.close();
});

describe('who a connected Outreach token acts for', () => {
  it('is the user the root’s meta names by email, by the name the users resource gives', async () => {
    const from = fake.requests.length;
    expect(await adapterAt(fake.baseUrl).check(TOKEN)).toEqual({
      status: 'VALID',
      accountName: 'Uma Reach (Outreach)',
    });
    const asked = fake.requests.slice(from);
    expect(asked.map((r) => `${r.method} ${r.path}${r.search}`)).toEqual([
      'GET /api/v2',
      `GET /api/v2/users?filter[email]=${encodeURIComponent(user.email)}`,
    ]);
    expect(asked.filter((r) => r.violation)).toEqual([]);
  });

  it('is named by email when the token may not read users', async () => {
    expect(await adapterAt(unreadable.baseUrl).check(TOKEN)).toEqual({
      status: 'VALID',
      accountName: 'uma.reach@outreach.example (Outreach)',
    });
  });

  it('is nobody for a refused token: Invalid with Outreach’s reason, and no user is looked up', async () => {
    const from = fake.requests.length;
    expect(await adapterAt(fake.baseUrl).check('ora_not_a_token')).toEqual({
      status: 'INVALID',
      message: expect.stringContaining('The access token is invalid or has expired'),
    });
    expect(fake.requests.slice(from).map((r) => r.path)).toEqual(['/api/v2']);
  });
});
