import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createValuePreferencesRepository } from './value-preferences.repository.ts';

let t: TestApp;
let ada: string;
let mike: string;
let rita: string;
let raj: string;
let gail: string;

beforeAll(async () => {
  t = await createTestApp();
  [ada, mike, rita, raj, gail] = await Promise.all([
    t.signIn('ada@acme.test'),
    t.signIn('mike@acme.test'),
    t.signIn('rita@acme.test'),
    t.signIn('raj@acme.test'),
    t.signIn('gail@globex.test'),
  ]);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

type Trigger = { id: string; name: string; hypothesis_ids: string[] };

async function newHypothesis(cookie: string, visibility: 'public' | 'private' = 'public'): Promise<string> {
  const res = await call(cookie, 'POST', '/api/value-hypotheses', {
    name: `Hypothesis ${crypto.randomUUID()}`,
    problem_or_goal: 'Freight costs rise',
    visibility,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const triggerBody = (hypothesis_ids: string[]) => ({
  name: `Port strike ${crypto.randomUUID()}`,
  hit_type: 'event',
  phrases: ['port strike'],
  hypothesis_ids,
});

async function newTrigger(cookie: string, hypothesis_ids: string[]): Promise<string> {
  const res = await call(cookie, 'POST', '/api/triggers', triggerBody(hypothesis_ids));
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** What is stored, whoever may see it. */
async function storedLinks(id: string): Promise<string[]> {
  const row = await t.handle.db
    .selectFrom('triggers')
    .select('hypothesis_ids')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.hypothesis_ids) as string[];
}

async function triggersOfTenant(tenantId: string): Promise<number> {
  const rows = await t.handle.db.selectFrom('triggers').select('id').where('tenant_id', '=', tenantId).execute();
  return rows.length;
}

const listed = async (cookie: string): Promise<Trigger[]> =>
  (await call(cookie, 'GET', '/api/triggers')).json().triggers as Trigger[];
const linksSeenBy = async (cookie: string, id: string) => {
  const single = (await call(cookie, 'GET', `/api/triggers/${id}`)).json() as Trigger;
  const inList = (await listed(cookie)).find((tr) => tr.id === id);
  expect(inList?.hypothesis_ids).toEqual(single.hypothesis_ids);
  return single.hypothesis_ids;
};

/** The refusal with the id taken out, to compare refusals of different ids. */
const refusal = (res: { statusCode: number; body: string }, id: string) => ({
  status: res.statusCode,
  body: res.body.split(id).join('<id>'),
});

describe('trigger hypothesis_ids on create', () => {
  it('refuses another tenant’s hypothesis id exactly like one that does not exist, and stores nothing', async () => {
    const acmeHypothesis = await newHypothesis(ada);
    const before = await triggersOfTenant('tnt_globex');

    const foreign = await call(gail, 'POST', '/api/triggers', triggerBody([acmeHypothesis]));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatchObject({
      code: 'validation_failed',
      message: `hypothesis_ids: Unknown hypothesis: ${acmeHypothesis}`,
    });
    const missing = crypto.randomUUID();
    const unknown = await call(gail, 'POST', '/api/triggers', triggerBody([missing]));
    expect(refusal(foreign, acmeHypothesis)).toEqual(refusal(unknown, missing));

    expect(await triggersOfTenant('tnt_globex')).toBe(before);
    expect((await call(gail, 'GET', '/api/value-matches/status')).json().running).toBe(false);
  });

  it('refuses a colleague’s private hypothesis, even next to a visible one, and stores nothing', async () => {
    const mikes = await newHypothesis(mike, 'private');
    const pub = await newHypothesis(mike);
    const before = await triggersOfTenant('tnt_acme');
    const res = await call(ada, 'POST', '/api/triggers', triggerBody([pub, mikes]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`hypothesis_ids: Unknown hypothesis: ${mikes}`);
    expect(res.json().error.details).toEqual({
      fields: [{ field: 'hypothesis_ids', message: `Unknown hypothesis: ${mikes}`, reason: 'unknown_reference' }],
    });
    expect(await triggersOfTenant('tnt_acme')).toBe(before);
  });

  it('accepts public hypotheses and the caller’s own private one', async () => {
    const pub = await newHypothesis(mike);
    const own = await newHypothesis(ada, 'private');
    const res = await call(ada, 'POST', '/api/triggers', triggerBody([pub, own]));
    expect(res.statusCode).toBe(201);
    expect(res.json().hypothesis_ids).toEqual([pub, own]);
    expect(await storedLinks(res.json().id)).toEqual([pub, own]);
  });
});

describe('trigger hypothesis_ids on read', () => {
  it('shows colleagues only the links to hypotheses they may see', async () => {
    const pub = await newHypothesis(ada);
    const priv = await newHypothesis(ada, 'private');
    const id = await newTrigger(ada, [pub, priv]);

    expect(await linksSeenBy(ada, id)).toEqual([pub, priv]);
    for (const colleague of [mike, rita, raj]) {
      expect(await linksSeenBy(colleague, id)).toEqual([pub]);
      const body = (await call(colleague, 'GET', '/api/triggers')).body;
      expect(body).not.toContain(priv);
      // Counted, not named: the reader knows the trigger is tied to a hypothesis they cannot see.
      expect((await call(colleague, 'GET', `/api/triggers/${id}`)).json().private_hypothesis_count).toBe(1);
    }
    expect((await call(ada, 'GET', `/api/triggers/${id}`)).json().private_hypothesis_count).toBe(0);
    expect((await call(gail, 'GET', `/api/triggers/${id}`)).statusCode).toBe(404);
    expect((await call(gail, 'GET', '/api/triggers')).body).not.toContain(priv);
  });

  it('keeps every link for the value-match engine, which reads the repository', async () => {
    const priv = await newHypothesis(ada, 'private');
    const id = await newTrigger(ada, [priv]);
    expect(await linksSeenBy(mike, id)).toEqual([]);
    const repository = createValuePreferencesRepository(t.handle.db);
    const all = await repository.listTriggers({ tenantId: 'tnt_acme' });
    expect(all.find((tr) => tr.id === id)?.hypothesis_ids).toEqual([priv]);
  });
});

describe('trigger hypothesis_ids on update', () => {
  it('refuses a foreign or hidden id with 400 and changes nothing', async () => {
    const pub = await newHypothesis(ada);
    const adas = await newHypothesis(ada, 'private');
    const globexHypothesis = await newHypothesis(gail);
    const id = await newTrigger(mike, [pub]);
    const before = (await call(ada, 'GET', `/api/triggers/${id}`)).json() as Trigger;

    for (const foreign of [globexHypothesis, adas, crypto.randomUUID()]) {
      const res = await call(mike, 'PATCH', `/api/triggers/${id}`, {
        name: 'Renamed',
        hypothesis_ids: [pub, foreign],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(`hypothesis_ids: Unknown hypothesis: ${foreign}`);
    }
    expect((await call(ada, 'GET', `/api/triggers/${id}`)).json()).toEqual(before);
    expect(await storedLinks(id)).toEqual([pub]);

    const gails = await call(gail, 'PATCH', `/api/triggers/${id}`, { hypothesis_ids: [globexHypothesis] });
    expect(gails.statusCode).toBe(404);
    expect(await storedLinks(id)).toEqual([pub]);
  });

  it('keeps the links the caller cannot see, and replaces only the ones they can', async () => {
    const madePrivate = await newHypothesis(ada);
    const other = await newHypothesis(ada);
    const id = await newTrigger(mike, [madePrivate]);
    // Linked while public, then made private by its owner: Mike no longer sees it.
    const hidden = await call(ada, 'PATCH', `/api/value-hypotheses/${madePrivate}`, { visibility: 'private' });
    expect(hidden.statusCode).toBe(200);
    expect(await linksSeenBy(mike, id)).toEqual([]);

    const saved = await call(mike, 'PATCH', `/api/triggers/${id}`, { hypothesis_ids: [other] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().hypothesis_ids).toEqual([other]);
    expect(await storedLinks(id)).toEqual([other, madePrivate]);
    expect(await linksSeenBy(ada, id)).toEqual([other, madePrivate]);

    // Clearing what Mike sees still leaves Ada's link; saving other fields leaves every link.
    expect((await call(mike, 'PATCH', `/api/triggers/${id}`, { hypothesis_ids: [] })).statusCode).toBe(200);
    expect(await storedLinks(id)).toEqual([madePrivate]);
    expect((await call(mike, 'PATCH', `/api/triggers/${id}`, { name: 'Renamed' })).json().hypothesis_ids).toEqual([]);
    expect(await storedLinks(id)).toEqual([madePrivate]);

    // The owner sees the link and can remove it.
    const cleared = await call(ada, 'PATCH', `/api/triggers/${id}`, { hypothesis_ids: [other] });
    expect(cleared.json().hypothesis_ids).toEqual([other]);
    expect(await storedLinks(id)).toEqual([other]);
  });

  it('drops a stored id naming no hypothesis of the tenant when the links are saved', async () => {
    const acmeHypothesis = await newHypothesis(ada);
    const globexHypothesis = await newHypothesis(gail);
    const id = await newTrigger(gail, [globexHypothesis]);
    // Written straight to the table, as a trigger linked before ids were checked would hold it.
    await t.handle.db
      .updateTable('triggers')
      .set({ hypothesis_ids: JSON.stringify([globexHypothesis, acmeHypothesis]) })
      .where('id', '=', id)
      .execute();
    expect(await linksSeenBy(gail, id)).toEqual([globexHypothesis]);

    const saved = await call(gail, 'PATCH', `/api/triggers/${id}`, { hypothesis_ids: [globexHypothesis] });
    expect(saved.statusCode).toBe(200);
    expect(await storedLinks(id)).toEqual([globexHypothesis]);
  });
});
