import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let ada: string;
let mike: string;
let rita: string;
let gus: string;

beforeAll(async () => {
  t = await createTestApp();
  [ada, mike, rita, gus] = await Promise.all([
    t.signIn('ada@acme.test'),
    t.signIn('mike@acme.test'),
    t.signIn('rita@acme.test'),
    t.signIn('gus@globex.test'),
  ]);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Inserts a Globex trigger that names `hypothesisId`, without touching Globex's value matches. */
async function globexTriggerHolding(hypothesisId: string, name = 'Globex trigger'): Promise<string> {
  const tenant_id = 'tnt_globex';
  const uid = await t.uidOf('gail@globex.test');
  const at = new Date().toISOString();
  const id = crypto.randomUUID();
  await t.handle.db
    .insertInto('triggers')
    .values({
      id,
      tenant_id,
      name,
      hit_type: 'event',
      phrases: '[]',
      enabled: 1,
      hypothesis_ids: JSON.stringify([hypothesisId]),
      created_at: at,
      created_by: uid,
      updated_at: at,
      updated_by: uid,
    })
    .execute();
  return id;
}

const hypothesis = { name: 'Retailers cutting supply-chain cost', problem_or_goal: 'Freight costs rise' };

describe('value hypotheses', () => {
  it('lets an admin create one that a regular colleague reads but cannot change', async () => {
    const created = await call(ada, 'POST', '/api/value-hypotheses', hypothesis);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({ ...hypothesis, visibility: 'public', description: '' });

    const listed = await call(rita, 'GET', '/api/value-hypotheses');
    expect(listed.json().hypotheses.map((h: { id: string }) => h.id)).toContain(id);
    expect((await call(rita, 'PATCH', `/api/value-hypotheses/${id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await call(rita, 'POST', '/api/value-hypotheses', hypothesis)).statusCode).toBe(403);
    expect((await call(rita, 'DELETE', `/api/value-hypotheses/${id}`)).statusCode).toBe(403);

    const renamed = await call(mike, 'PATCH', `/api/value-hypotheses/${id}`, { name: 'Renamed by a manager' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Renamed by a manager');
  });

  it('answers 404 for a private hypothesis of a colleague and for one of another tenant', async () => {
    const priv = (await call(ada, 'POST', '/api/value-hypotheses', { ...hypothesis, visibility: 'private' })).json();
    expect((await call(ada, 'GET', `/api/value-hypotheses/${priv.id}`)).statusCode).toBe(200);
    expect((await call(mike, 'GET', `/api/value-hypotheses/${priv.id}`)).statusCode).toBe(404);
    expect((await call(mike, 'PATCH', `/api/value-hypotheses/${priv.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call(gus, 'GET', `/api/value-hypotheses/${priv.id}`)).statusCode).toBe(404);
    const ids = (await call(mike, 'GET', '/api/value-hypotheses')).json().hypotheses.map((h: { id: string }) => h.id);
    expect(ids).not.toContain(priv.id);

    const pub = (await call(ada, 'POST', '/api/value-hypotheses', hypothesis)).json();
    const gail = await t.signIn('gail@globex.test');
    expect((await call(gail, 'PATCH', `/api/value-hypotheses/${pub.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call(gail, 'DELETE', `/api/value-hypotheses/${pub.id}`)).statusCode).toBe(404);
  });

  it('takes a deleted hypothesis out of every trigger of the tenant, and only of this tenant', async () => {
    const doomed = (await call(ada, 'POST', '/api/value-hypotheses', { ...hypothesis, visibility: 'private' })).json();
    const kept = (await call(ada, 'POST', '/api/value-hypotheses', hypothesis)).json();
    // Each its own name: a second trigger of one name is refused.
    const trigger = async (cookie: string, hypothesis_ids: string[]) =>
      (
        await call(cookie, 'POST', '/api/triggers', {
          name: `Port strike ${crypto.randomUUID()}`,
          hit_type: 'event',
          phrases: ['port strike'],
          hypothesis_ids,
        })
      ).json().id as string;
    const both = await trigger(ada, [doomed.id, kept.id]);
    const only = await trigger(ada, [doomed.id]);
    const untouched = await trigger(ada, [kept.id]);
    // Written straight to the table: a Globex change through the API would queue Globex's recompute.
    const otherTenant = await globexTriggerHolding(doomed.id);

    expect((await call(ada, 'DELETE', `/api/value-hypotheses/${doomed.id}`)).statusCode).toBe(204);

    const triggerOf = async (cookie: string, id: string) =>
      (await call(cookie, 'GET', `/api/triggers/${id}`)).json() as { hypothesis_ids: string[]; enabled: boolean };
    expect(await triggerOf(mike, both)).toMatchObject({ hypothesis_ids: [kept.id], enabled: true });
    // Left with no hypothesis it would support all of them: it is switched off instead.
    expect(await triggerOf(mike, only)).toMatchObject({ hypothesis_ids: [], enabled: false });
    expect(await triggerOf(mike, untouched)).toMatchObject({ hypothesis_ids: [kept.id], enabled: true });
    const globexRow = await t.handle.db
      .selectFrom('triggers')
      .select('hypothesis_ids')
      .where('id', '=', otherTenant)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(globexRow.hypothesis_ids)).toEqual([doomed.id]);
  });

  it('refuses an over-long field with 400 naming it', async () => {
    const res = await call(ada, 'POST', '/api/value-hypotheses', { ...hypothesis, observation: 'x'.repeat(2001) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('observation');
  });
});

describe('triggers', () => {
  it('keeps phrases as plain text, drops blank ones, and can be disabled', async () => {
    const res = await call(ada, 'POST', '/api/triggers', {
      name: 'Recall',
      hit_type: 'event',
      phrases: ['product recall', '  ', 'recall.*', '(recall'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      phrases: ['product recall', 'recall.*', '(recall'],
      enabled: true,
      hypothesis_ids: [],
    });
    const off = await call(mike, 'PATCH', `/api/triggers/${res.json().id}`, { enabled: false });
    expect(off.json().enabled).toBe(false);
    expect((await call(rita, 'PATCH', `/api/triggers/${res.json().id}`, { enabled: true })).statusCode).toBe(403);
    expect((await call(gus, 'GET', `/api/triggers/${res.json().id}`)).statusCode).toBe(404);
  });

  it('refuses a trigger without a phrase, or with blank ones only, with 400 "phrases: …" and saves nothing', async () => {
    const before = (await call(ada, 'GET', '/api/triggers')).json().triggers.length as number;
    for (const phrases of [[], ['  ', ''], undefined]) {
      const res = await call(ada, 'POST', '/api/triggers', { name: 'Phraseless', hit_type: 'event', phrases });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/^phrases: /);
    }
    expect((await call(ada, 'GET', '/api/triggers')).json().triggers).toHaveLength(before);

    const kept = await call(ada, 'POST', '/api/triggers', { name: 'Kept', hit_type: 'event', phrases: ['strike'] });
    const emptied = await call(ada, 'PATCH', `/api/triggers/${kept.json().id}`, { phrases: [' '] });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().error.message).toBe('phrases: Add at least one phrase');
    expect((await call(ada, 'GET', `/api/triggers/${kept.json().id}`)).json().phrases).toEqual(['strike']);
  });

  it('refuses a phrase of punctuation alone, which no article holds, with 400 naming it, and saves nothing', async () => {
    const before = (await call(ada, 'GET', '/api/triggers')).json().triggers.length as number;
    const res = await call(ada, 'POST', '/api/triggers', {
      name: 'Punctuation',
      hit_type: 'event',
      phrases: ['plant closure', '.*'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'phrases.1: A phrase needs a letter or a digit: punctuation alone never matches',
    );
    expect((await call(ada, 'GET', '/api/triggers')).json().triggers).toHaveLength(before);
    // Any script's letters are words: a phrase in Japanese is kept.
    const kept = await call(ada, 'POST', '/api/triggers', {
      name: 'Japanese',
      hit_type: 'event',
      phrases: ['工場閉鎖'],
    });
    expect(kept.statusCode).toBe(201);
  });

  it('refuses a second trigger of one name, letter case and spaces aside, with 409 naming the field', async () => {
    // Another tenant's trigger of the name does not count.
    await globexTriggerHolding('hyp_none', 'Rail strike');
    const first = await call(ada, 'POST', '/api/triggers', {
      name: 'Rail strike',
      hit_type: 'event',
      phrases: ['port'],
    });
    expect(first.statusCode).toBe(201);
    const before = (await call(ada, 'GET', '/api/triggers')).json().triggers.length as number;
    const again = await call(mike, 'POST', '/api/triggers', {
      name: '  rail  STRIKE ',
      hit_type: 'event',
      phrases: ['dock'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      message: 'name: A trigger with this name already exists',
      details: { fields: [{ field: 'name', reason: 'taken' }] },
    });
    expect((await call(ada, 'GET', '/api/triggers')).json().triggers).toHaveLength(before);

    // Renaming another trigger to it is refused too; saving a trigger under its own name is not.
    const other = await call(ada, 'POST', '/api/triggers', {
      name: 'Tram strike',
      hit_type: 'event',
      phrases: ['dock'],
    });
    const renamed = await call(ada, 'PATCH', `/api/triggers/${other.json().id}`, { name: 'Rail Strike' });
    expect(renamed.statusCode).toBe(409);
    expect((await call(ada, 'GET', `/api/triggers/${other.json().id}`)).json().name).toBe('Tram strike');
    const same = await call(ada, 'PATCH', `/api/triggers/${first.json().id}`, {
      name: 'Rail strike',
      phrases: ['port'],
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses an unknown hit type with 400 naming the field', async () => {
    const res = await call(ada, 'POST', '/api/triggers', { name: 'x', hit_type: 'rumour', phrases: ['x'] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('hit_type');
  });
});

describe('qualification signals', () => {
  it('accepts 100 and 150 characters and refuses 101 and 151, naming the field', async () => {
    const ok = await call(ada, 'POST', '/api/qualification-signals', {
      type: 'good',
      text: 'a'.repeat(100),
      explanation: 'b'.repeat(150),
    });
    expect(ok.statusCode).toBe(201);
    const long = await call(ada, 'POST', '/api/qualification-signals', { type: 'bad', text: 'a'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('text');
    const longer = await call(ada, 'POST', '/api/qualification-signals', {
      type: 'requirement',
      text: 'ok',
      explanation: 'b'.repeat(151),
    });
    expect(longer.statusCode).toBe(400);
    expect(longer.body).toContain('explanation');
    expect((await call(rita, 'DELETE', `/api/qualification-signals/${ok.json().id}`)).statusCode).toBe(403);
    expect((await call(gus, 'DELETE', `/api/qualification-signals/${ok.json().id}`)).statusCode).toBe(403);
    const gail = await t.signIn('gail@globex.test');
    expect((await call(gail, 'DELETE', `/api/qualification-signals/${ok.json().id}`)).statusCode).toBe(404);
  });
});

describe('qualification signals of one wording', () => {
  it('refuses a second signal of the same words, of any type, with 409 naming the field', async () => {
    const text = `Opens a new plant ${crypto.randomUUID()}`;
    const first = await call(ada, 'POST', '/api/qualification-signals', { type: 'good', text });
    expect(first.statusCode).toBe(201);
    const before = (await call(ada, 'GET', '/api/qualification-signals')).json().signals.length as number;
    const again = await call(mike, 'POST', '/api/qualification-signals', {
      type: 'bad',
      text: ` ${text.toUpperCase().replace(' ', '  ')}`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      message: 'text: This qualification signal already exists',
      details: { fields: [{ field: 'text', reason: 'taken' }] },
    });
    expect((await call(ada, 'GET', '/api/qualification-signals')).json().signals).toHaveLength(before);
    // Rewording another into it is refused; saving a signal with its own words is not.
    const other = await call(ada, 'POST', '/api/qualification-signals', { type: 'good', text: `${text} soon` });
    const reworded = await call(ada, 'PATCH', `/api/qualification-signals/${other.json().id}`, { text });
    expect(reworded.statusCode).toBe(409);
    const same = await call(ada, 'PATCH', `/api/qualification-signals/${first.json().id}`, {
      text,
      explanation: 'Why',
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('target titles', () => {
  it('replaces the list, collapsing duplicates, and only for editors; each tenant has its own', async () => {
    const res = await call(ada, 'PUT', '/api/target-titles', {
      titles: ['VP Supply Chain', 'vp  supply chain', 'CFO'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().titles).toEqual(['VP Supply Chain', 'CFO']);
    expect((await call(rita, 'GET', '/api/target-titles')).json().titles).toEqual(['VP Supply Chain', 'CFO']);
    expect((await call(rita, 'PUT', '/api/target-titles', { titles: [] })).statusCode).toBe(403);
    expect((await call(gus, 'GET', '/api/target-titles')).json().titles).toEqual([]);
  });

  it('queues a recompute of the value matches after a change', async () => {
    const status = await call(rita, 'GET', '/api/value-matches/status');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ last_computed_at: null, running: true });
    expect((await call(gus, 'GET', '/api/value-matches/status')).json().running).toBe(false);
  });
});
