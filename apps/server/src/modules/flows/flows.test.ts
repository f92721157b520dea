import crypto from 'node:crypto';
import { type FlowDetail, type FlowMessage, type FlowSummary, PLACEHOLDER_EMAIL } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageContext, MessageWriter, WriteResult } from '../../adapters/ai/message-writer.ts';
import { acrossTenants } from '../../db/tenant-scope.ts';
import { insertTestAccount, testContact } from '../../testing/test-account.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Issue #15: flows over the real database. Most tests use the configured writer (the built-in
 * composer); a scripted writer stands in for a provider that refuses, fails or must be held
 * mid-flow, so every status rule of spec section 4 can be reached on purpose.
 */

type Script = (context: MessageContext) => Promise<WriteResult> | WriteResult;
/** The writer the app holds; each test sets what it answers (null: the built-in composer's answer). */
let script: Script | null = null;
let builtIn: MessageWriter;
const writes: MessageContext[] = [];
const scriptedWriter: MessageWriter = {
  name: 'scripted',
  write: async (context) => {
    writes.push(context);
    return script ? script(context) : builtIn.write(context);
  },
};

let t: TestApp;
let rita: string;
let mike: string;
let ada: string;
let gus: string;
const ACCOUNT = 'acc_flows_test';
const OTHER_ACCOUNT = 'acc_flows_other';
/** Contacts of ACCOUNT: two with usable emails, one whose email is the "not unlocked" placeholder. */
const CONTACTS = { cfo: 'ct_flows_cfo', vp: 'ct_flows_vp', locked: 'ct_flows_locked' };

beforeAll(async () => {
  const { createBuiltInComposer } = await import('../../adapters/ai/built-in-composer.ts');
  builtIn = createBuiltInComposer();
  t = await createTestApp({ messageWriter: scriptedWriter });
  await insertTestAccount(t.handle.db, ACCOUNT, 'Flowtest Logistics');
  await insertTestAccount(t.handle.db, OTHER_ACCOUNT, 'Elsewhere Retail');
  const contact = (
    id: string,
    account: string,
    first: string,
    title: string,
    email: string | null,
    status: string | null,
  ) => ({
    id,
    external_contact_id: null,
    master_account_id: account,
    first_name: first,
    last_name: 'Tester',
    title,
    seniority: null,
    department: null,
    email,
    email_status: status,
    linkedin_url: null,
  });
  await t.handle.db
    .insertInto('master_contacts')
    .values([
      contact(CONTACTS.cfo, ACCOUNT, 'Cora', 'Chief Financial Officer', 'cora@flowtest.example', 'verified'),
      contact(CONTACTS.vp, ACCOUNT, 'Vik', 'VP Supply Chain', 'vik@flowtest.example', 'guessed'),
      contact(CONTACTS.locked, ACCOUNT, 'Lou', 'Logistics Manager', PLACEHOLDER_EMAIL, null),
      contact('ct_flows_other', OTHER_ACCOUNT, 'Otto', 'Buyer', 'otto@elsewhere.example', 'verified'),
    ])
    .execute();
  // A signal whose title carries markup: it must reach the message as inert text.
  await t.handle.db
    .insertInto('master_hits')
    .values({
      id: 'hit_flows_test',
      master_account_id: ACCOUNT,
      type: 'news_article',
      title: 'Flowtest Logistics opens <b>three</b> new depots <script>alert(1)</script>',
      text: 'Flowtest Logistics said on Monday it will open three new depots to speed up deliveries.',
      url: 'https://news.example/flowtest',
      source: 'Example News',
      published_at: '2026-11-02T00:00:00.000Z',
    })
    .execute();
  [rita, mike, ada, gus] = await Promise.all([
    t.signIn('rita@acme.test'),
    t.signIn('mike@acme.test'),
    t.signIn('ada@acme.test'),
    t.signIn('gus@globex.test'),
  ]);
}, 60_000);
afterAll(() => t?.close());

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function startFlow(cookie: string, contactIds = [CONTACTS.cfo, CONTACTS.vp], type = 'create_value_message') {
  const res = await call(cookie, 'POST', '/api/flows', {
    type,
    initiated_from: `/valueMatch/${ACCOUNT}`,
    accounts: [{ master_account_id: ACCOUNT, contact_ids: contactIds }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as FlowSummary;
}

const detail = async (cookie: string, id: string) =>
  (await call(cookie, 'GET', `/api/flows/${id}`)).json() as FlowDetail;

/** The "Value Message Generated" events recorded for a flow. */
async function generatedEvents(flowId: string) {
  const rows = await t.handle.db
    .selectFrom('analytics_events')
    .select(['user_id', 'properties'])
    .where('tenant_id', '=', 'tnt_acme')
    .where('event', '=', 'Value Message Generated')
    .execute();
  return rows
    .map((r) => ({ user_id: r.user_id, properties: JSON.parse(r.properties) as Record<string, unknown> }))
    .filter((r) => r.properties.flow_id === flowId);
}

/** Starts a flow and runs its job to the end. */
async function writtenFlow(cookie: string, contactIds?: string[], type?: string) {
  const flow = await startFlow(cookie, contactIds, type);
  await t.app.jobRunner.drain();
  return detail(cookie, flow.id);
}

/** An account's contact with a usable email, for a test of its own. */
async function insertContact(id: string, account: string, first: string, title: string) {
  await t.handle.db
    .insertInto('master_contacts')
    .values({
      ...testContact(id, account, first, 'Tester', title),
      email: `${first.toLowerCase()}@${account}.example`,
      email_status: 'verified',
    })
    .execute();
}

/**
 * Acme's Value Match for an account as the recompute stores it: its lead hypothesis ("hyp_none",
 * named `hypothesis`), its top hit and the engine's result (as much of it as the flow reads).
 */
async function insertMatch(
  account: string,
  hypothesis: string,
  top: { id: string; title: string; published_at: string },
  result: Record<string, unknown>,
) {
  await acrossTenants(t.handle.db)
    .insertInto('value_matches')
    .values({
      tenant_id: 'tnt_acme',
      master_account_id: account,
      tier: 'tier_1',
      tier_rank: 2,
      score: 1,
      industry: null,
      top_hypothesis_id: 'hyp_none',
      top_hypothesis_name: hypothesis,
      top_hit_id: top.id,
      top_hit_title: top.title,
      top_hit_published_at: top.published_at,
      latest_hit_at: top.published_at,
      why_now: '',
      why_now_facts: null,
      spans: '[]',
      result: JSON.stringify({ account_id: account, tier: 'tier_1', top_hit_id: top.id, ...result }),
      computed_at: '2026-11-04T00:00:00.000Z',
    })
    .execute();
}

/** Rita starts a value message for one contact of an account; answers the message once written. */
async function messageFor(account: string, contactId: string): Promise<FlowMessage> {
  const res = await call(rita, 'POST', '/api/flows', {
    type: 'create_value_message',
    initiated_from: `/valueMatch/${account}`,
    accounts: [{ master_account_id: account, contact_ids: [contactId] }],
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.jobRunner.drain();
  return (await detail(rita, (res.json() as FlowSummary).id)).messages[0] as FlowMessage;
}

describe('starting a flow and writing its messages', () => {
  it('writes each chosen contact a message from the account evidence, then stands ready for review', async () => {
    script = null;
    const flow = await startFlow(rita);
    expect(flow).toMatchObject({
      type: 'create_value_message',
      status: 'flow_not_started',
      account_names: ['Flowtest Logistics'],
      account_count: 1,
      message_count: 2,
      generated_count: 0,
    });
    expect(await generatedEvents(flow.id)).toEqual([]);
    await t.app.jobRunner.drain();
    const { flow: done, messages } = await detail(rita, flow.id);
    expect(done.status).toBe('flow_ready_for_review');
    expect(done.generated_count).toBe(2);
    // Spec section 7: the job that wrote the messages records it, for the person who started the flow.
    const [ritaUid] = await t.handle.db
      .selectFrom('users')
      .select('uid')
      .where('email', '=', 'rita@acme.test')
      .execute();
    expect(await generatedEvents(flow.id)).toEqual([
      {
        user_id: ritaUid?.uid,
        properties: { flow_id: flow.id, type: 'create_value_message', messages: 2, source: 'flow' },
      },
    ]);
    expect(messages.map((m) => [m.contact_name, m.status, m.steps.length])).toEqual([
      ['Cora Tester', 'generated', 1],
      ['Vik Tester', 'generated', 1],
    ]);
    const [first] = messages as [FlowMessage];
    expect(first.evidence.signal_title).toContain('<script>alert(1)</script>');
    expect(first.evidence.signal_source).toBe('Example News');
    expect(first.steps[0]?.subject.length).toBeGreaterThan(0);
    expect(first.steps[0]?.body).toMatch(/Cora/);
    // The markup in the signal's title arrives, if at all, as the same characters: nothing is added.
    expect(first.steps[0]?.body).not.toMatch(/<(?!script>alert\(1\)<\/script>|b>|\/b>)[a-z]/i);
  });

  it('shows a signal older than a year as evidence, but opens no message on it', async () => {
    script = null;
    const account = 'acc_flows_stale';
    await insertTestAccount(t.handle.db, account, 'Stale Goods');
    await t.handle.db
      .insertInto('master_hits')
      .values({
        id: 'hit_flows_stale',
        master_account_id: account,
        type: 'news_article',
        title: 'Stale Goods buys a doorbell startup',
        text: 'Stale Goods buys a doorbell startup.',
        url: null,
        source: 'Example News',
        published_at: '2018-03-02T00:00:00.000Z',
      })
      .execute();
    await insertContact('ct_stale', account, 'Sia', 'Chief Financial Officer');
    const message = await messageFor(account, 'ct_stale');
    expect(message.evidence.signal_title).toBe('Stale Goods buys a doorbell startup');
    const step = message.steps[0];
    expect(step?.subject).not.toContain('doorbell');
    expect(step?.body).not.toContain('doorbell');
    expect(step?.body).not.toContain('2018');
  });

  it("quotes what a job posting says of the company, as Home's card does, not the posting's opening line", async () => {
    script = null;
    const account = 'acc_flows_posting';
    const said = 'Supply shortages and delivery delays reached our plants this year.';
    await insertTestAccount(t.handle.db, account, 'Postwell Brands');
    await t.handle.db
      .insertInto('master_hits')
      .values({
        id: 'hit_flows_posting',
        master_account_id: account,
        type: 'job_posting',
        title: 'Supply Chain Manager',
        text: `Postwell Brands is looking for a new Supply Chain Manager in Hoboken, N.J. ${said} The Supply Chain Manager plans supply across our plants.`,
        url: null,
        source: 'Quarry Jobs',
        published_at: '2026-11-01T00:00:00.000Z',
      })
      .execute();
    await insertContact('ct_posting', account, 'Pia', 'VP Operations');
    await insertMatch(
      account,
      'Supply',
      { id: 'hit_flows_posting', title: 'Supply Chain Manager', published_at: '2026-11-01T00:00:00.000Z' },
      {
        hypotheses: [
          { hypothesis_id: 'hyp_none', name: 'Supply', tier: 'tier_1', score: 1, hit_ids: ['hit_flows_posting'] },
        ],
        hits: [{ hit_id: 'hit_flows_posting', spans: [{ start: 52, end: 72 }] }],
        why_now_facts: { top_hit: { type: 'job_posting', title: 'Supply Chain Manager', said } },
      },
    );
    const message = await messageFor(account, 'ct_posting');
    expect(message.evidence.signal_excerpt).toBe(said);
    expect(message.steps[0]?.body).toContain(`"${said}"`);
    expect(message.steps[0]?.body).not.toContain('is looking for');
  });

  it("never quotes a signal the team marked not relevant: the next of the match's signals, or the newest unmarked one", async () => {
    script = null;
    const account = 'acc_flows_marked';
    await insertTestAccount(t.handle.db, account, 'Markedly Freight');
    const hit = (id: string, title: string, published_at: string) => ({
      id,
      master_account_id: account,
      type: 'news_article',
      title,
      text: `${title}.`,
      url: null,
      source: 'Example News',
      published_at,
    });
    await t.handle.db
      .insertInto('master_hits')
      .values([
        hit('hit_marked_top', 'Markedly Freight recalls its trucks', '2026-11-03T00:00:00.000Z'),
        hit('hit_marked_next', 'Markedly Freight opens a depot', '2026-11-02T00:00:00.000Z'),
        hit('hit_marked_old', 'Markedly Freight names a new CFO', '2026-10-01T00:00:00.000Z'),
      ])
      .execute();
    await insertContact('ct_marked', account, 'Mara', 'Chief Financial Officer');
    const titleOf = async () => (await messageFor(account, 'ct_marked')).evidence.signal_title;
    const mark = (hitId: string) =>
      acrossTenants(t.handle.db)
        .insertInto('value_match_marks')
        .values({
          tenant_id: 'tnt_acme',
          master_account_id: account,
          hit_id: hitId,
          trigger_ids: '[]',
          marked_by: 'someone',
          marked_at: '2026-11-04T00:00:00.000Z',
        })
        .execute();

    // With no match, the newest signal; once it is marked, the newest one left.
    expect(await titleOf()).toBe('Markedly Freight recalls its trucks');
    await mark('hit_marked_top');
    expect(await titleOf()).toBe('Markedly Freight opens a depot');

    // With a match, its top signal, then the hypothesis's next unmarked one.
    await insertMatch(
      account,
      'Freight',
      { id: 'hit_marked_top', title: 'Markedly Freight recalls its trucks', published_at: '2026-11-03T00:00:00.000Z' },
      {
        hypotheses: [
          {
            hypothesis_id: 'hyp_none',
            name: 'Freight',
            tier: 'tier_1',
            score: 1,
            hit_ids: ['hit_marked_top', 'hit_marked_old'],
          },
        ],
        hits: [],
      },
    );
    expect(await titleOf()).toBe('Markedly Freight names a new CFO');
  });

  it('writes a Quick Prospect as three steps on days 0, 3 and 7', async () => {
    script = null;
    const { messages } = await writtenFlow(rita, [CONTACTS.cfo], 'value_message_sequence');
    expect(messages[0]?.steps.map((s) => [s.step, s.kind, s.day_offset])).toEqual([
      [1, 'first_touch', 0],
      [2, 'follow_up', 3],
      [3, 'break_up', 7],
    ]);
  });

  it('keeps a contact whose email is unusable out of sending, with the reason, and needs review', async () => {
    script = null;
    const { flow, messages } = await writtenFlow(rita, [CONTACTS.cfo, CONTACTS.locked]);
    expect(flow.status).toBe('flow_needs_review');
    const locked = messages.find((m) => m.contact_id === CONTACTS.locked) as FlowMessage;
    expect(locked).toMatchObject({ status: 'needs_review', review_reason: 'unusable_email', email_usable: false });
    const approve = await call(rita, 'PATCH', `/api/flows/${flow.id}/messages/${locked.id}`, {
      version: locked.version,
      approved: true,
    });
    expect(approve.statusCode).toBe(400);
    expect(approve.json().error.details.fields[0]).toMatchObject({ field: 'approved', reason: 'unusable_email' });
    const all = (await call(rita, 'POST', `/api/flows/${flow.id}/approve-all`)).json() as FlowDetail;
    expect(all.messages.map((m) => m.status).sort()).toEqual(['approved', 'needs_review']);
  });

  it('takes a message out of the flow, so that one whose email is unusable no longer keeps it from completing', async () => {
    script = null;
    const { flow, messages } = await writtenFlow(rita, [CONTACTS.cfo, CONTACTS.locked]);
    const usable = messages.find((m) => m.contact_id === CONTACTS.cfo) as FlowMessage;
    const locked = messages.find((m) => m.contact_id === CONTACTS.locked) as FlowMessage;
    await call(rita, 'PATCH', `/api/flows/${flow.id}/messages/${usable.id}`, {
      version: usable.version,
      approved: true,
    });
    const sent = (await call(rita, 'POST', `/api/flows/${flow.id}/send`, { destination: 'download' })).json();
    // Sent, but the message that can never be sent holds the flow short of completed.
    expect(sent).toMatchObject({ status: 'flow_needs_review', delivered_count: 1 });
    // Another company does not find it; a delivered message stays.
    expect((await call(gus, 'DELETE', `/api/flows/${flow.id}/messages/${locked.id}`)).statusCode).toBe(404);
    const delivered = await call(rita, 'DELETE', `/api/flows/${flow.id}/messages/${usable.id}`);
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().error.details).toMatchObject({ reason: 'message_delivered' });
    const removed = await call(rita, 'DELETE', `/api/flows/${flow.id}/messages/${locked.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const after = await detail(rita, flow.id);
    expect(after.messages.map((m) => m.contact_id)).toEqual([CONTACTS.cfo]);
    expect(after.flow).toMatchObject({
      status: 'flow_completed',
      message_count: 1,
      account_count: 1,
      needs_review_count: 0,
      delivered_count: 1,
    });
    expect((await call(rita, 'DELETE', `/api/flows/${flow.id}/messages/${locked.id}`)).statusCode).toBe(404);
  });

  it("keeps a flow's last message: the flow is deleted instead", async () => {
    script = null;
    const { flow, messages } = await writtenFlow(rita, [CONTACTS.locked]);
    const only = messages[0] as FlowMessage;
    const refused = await call(rita, 'DELETE', `/api/flows/${flow.id}/messages/${only.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toMatchObject({ reason: 'last_message' });
    expect((await detail(rita, flow.id)).messages).toHaveLength(1);
  });

  it('picks a campaign its contacts by target titles, at most the number asked per account', async () => {
    script = null;
    const res = await call(rita, 'POST', '/api/flows', {
      type: 'syft_value_match_campaign',
      initiated_from: '/',
      accounts: [{ master_account_id: ACCOUNT }, { master_account_id: OTHER_ACCOUNT }],
      contacts_per_account: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    // No target titles yet: the contacts with a usable email first.
    expect(res.json()).toMatchObject({ account_count: 2, message_count: 3 });

    // With target titles, only contacts whose title meets one: the CFO (exact) and the VP Supply
    // Chain (a domain word), not the Logistics Manager nor Elsewhere's buyer.
    const before = (await call(ada, 'GET', '/api/target-titles')).json() as { titles: string[] };
    expect(
      (
        await call(ada, 'PUT', '/api/target-titles', {
          titles: ['Chief Financial Officer', 'Director of Supply Chain'],
        })
      ).statusCode,
    ).toBe(200);
    try {
      const titled = await call(rita, 'POST', '/api/flows', {
        type: 'syft_value_match_campaign',
        initiated_from: '/',
        accounts: [{ master_account_id: ACCOUNT }, { master_account_id: OTHER_ACCOUNT }],
        contacts_per_account: 3,
      });
      expect(titled.statusCode, titled.body).toBe(201);
      const { messages } = await detail(rita, (titled.json() as FlowSummary).id);
      expect(messages.map((m) => m.contact_title).sort()).toEqual(['Chief Financial Officer', 'VP Supply Chain']);
      // An account where nobody holds a target title alone: nothing to write.
      const nobody = await call(rita, 'POST', '/api/flows', {
        type: 'syft_value_match_campaign',
        initiated_from: '/',
        accounts: [{ master_account_id: OTHER_ACCOUNT }],
      });
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json().error.details.fields[0]).toMatchObject({ field: 'accounts', reason: 'no_contact' });
    } finally {
      await call(ada, 'PUT', '/api/target-titles', { titles: before.titles });
    }
  });

  it('refuses an unknown account or a contact of another account with 404, and an empty choice with 400', async () => {
    const unknown = await call(rita, 'POST', '/api/flows', {
      type: 'create_value_message',
      initiated_from: '/',
      accounts: [{ master_account_id: 'acc_nowhere', contact_ids: [CONTACTS.cfo] }],
    });
    expect(unknown.statusCode).toBe(404);
    const foreign = await call(rita, 'POST', '/api/flows', {
      type: 'create_value_message',
      initiated_from: '/',
      accounts: [{ master_account_id: ACCOUNT, contact_ids: ['ct_flows_other'] }],
    });
    expect(foreign.statusCode).toBe(404);
    const none = await call(rita, 'POST', '/api/flows', {
      type: 'create_value_message',
      initiated_from: '/',
      accounts: [{ master_account_id: ACCOUNT, contact_ids: [] }],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toContain('accounts.0.contact_ids');
  });
});

describe('reviewing a flow', () => {
  it('saves an edit at the version read, and answers 409 to a save made from an older read', async () => {
    script = null;
    const { flow, messages } = await writtenFlow(rita);
    const message = messages[0] as FlowMessage;
    const url = `/api/flows/${flow.id}/messages/${message.id}`;
    const edit = { subject: 'Depots and deliveries', body: 'Hi Cora, a short note about your new depots.' };
    const saved = await call(rita, 'PATCH', url, { version: message.version, steps: [edit] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ edited: true, version: message.version + 1, steps: [edit] });
    const stale = await call(rita, 'PATCH', url, { version: message.version, steps: [{ ...edit, body: 'Mine' }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('version_conflict');
    expect((await detail(rita, flow.id)).messages[0]?.steps[0]?.body).toBe(edit.body);
  });

  it('withdraws the approval of a message edited after it, by its author or a colleague', async () => {
    script = null;
    const { flow, messages } = await writtenFlow(rita);
    const message = messages[0] as FlowMessage;
    const url = `/api/flows/${flow.id}/messages/${message.id}`;
    const approved = (
      await call(rita, 'PATCH', url, { version: message.version, approved: true })
    ).json() as FlowMessage;
    expect(approved.status).toBe('approved');
    const edited = await call(mike, 'PATCH', url, {
      version: approved.version,
      steps: [{ subject: 'Changed by Mike', body: 'Hi Cora, a note Mike rewrote.' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'generated', edited: true });
    expect((await detail(rita, flow.id)).flow.approved_count).toBe(0);
    // An edit sent with its approval stands approved: the editor approved what they wrote.
    const both = await call(rita, 'PATCH', url, {
      version: (edited.json() as FlowMessage).version,
      steps: [{ subject: 'Rita again', body: 'Hi Cora, the final text.' }],
      approved: true,
    });
    expect(both.json()).toMatchObject({ status: 'approved' });
  });

  it('answers 400 naming the field for an empty or over-long subject or body, and changes nothing', async () => {
    script = null;
    const { flow, messages } = await writtenFlow(rita);
    const message = messages[0] as FlowMessage;
    const url = `/api/flows/${flow.id}/messages/${message.id}`;
    const empty = await call(rita, 'PATCH', url, { version: message.version, steps: [{ subject: ' ', body: 'x' }] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('steps.0.subject');
    const long = await call(rita, 'PATCH', url, {
      version: message.version,
      steps: [{ subject: 'ok', body: 'x'.repeat(5001) }],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('steps.0.body');
    const wrongCount = await call(rita, 'PATCH', url, {
      version: message.version,
      steps: [
        { subject: 'a', body: 'b' },
        { subject: 'c', body: 'd' },
      ],
    });
    expect(wrongCount.statusCode).toBe(400);
    expect((await detail(rita, flow.id)).messages[0]).toEqual(message);
  });

  it('retry writes every message again, overwriting edits', async () => {
    script = null;
    const { flow, messages } = await writtenFlow(rita);
    const message = messages[0] as FlowMessage;
    const original = message.steps[0]?.body;
    await call(rita, 'PATCH', `/api/flows/${flow.id}/messages/${message.id}`, {
      version: message.version,
      steps: [{ subject: 'Mine', body: 'My own words' }],
    });
    const retried = await call(rita, 'POST', `/api/flows/${flow.id}/retry`);
    expect(retried.json()).toMatchObject({ status: 'flow_not_started', generated_count: 0 });
    await t.app.jobRunner.drain();
    const after = await detail(rita, flow.id);
    expect(after.flow.status).toBe('flow_ready_for_review');
    expect(after.messages[0]).toMatchObject({ edited: false, status: 'generated' });
    expect(after.messages[0]?.steps[0]?.body).toBe(original);
  });

  it('refuses edits, deletion and retry while the flow is in progress, and an edit before it is written', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => undefined;
    const writing = new Promise<void>((resolve) => {
      started = resolve;
    });
    script = async (context) => {
      started();
      await held;
      return builtIn.write(context);
    };
    const flow = await startFlow(rita);
    const before = await detail(rita, flow.id);
    const early = await call(rita, 'PATCH', `/api/flows/${flow.id}/messages/${before.messages[0]?.id}`, {
      version: 0,
      approved: true,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('flow_not_ready');
    const run = t.app.jobRunner.drain();
    await writing;
    expect((await detail(rita, flow.id)).flow.status).toBe('flow_in_progress');
    for (const [method, url] of [
      ['DELETE', `/api/flows/${flow.id}`],
      ['POST', `/api/flows/${flow.id}/retry`],
      ['POST', `/api/flows/${flow.id}/approve-all`],
    ] as const) {
      const res = await call(rita, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().error).toEqual({
        code: 'flow_in_progress',
        message: 'A flow cannot be edited or deleted while it is in progress',
      });
    }
    release();
    await run;
    script = null;
    expect((await detail(rita, flow.id)).flow.status).toBe('flow_ready_for_review');
    expect((await call(rita, 'DELETE', `/api/flows/${flow.id}`)).statusCode).toBe(204);
    expect((await call(rita, 'GET', `/api/flows/${flow.id}`)).statusCode).toBe(404);
  });
});

describe('sending to the download destination', () => {
  it('sends only approved messages, completes the flow and answers them as a CSV that spreadsheets read as text', async () => {
    script = null;
    const { flow, messages } = await writtenFlow(rita);
    const nothing = await call(rita, 'POST', `/api/flows/${flow.id}/send`, { destination: 'download' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.code).toBe('nothing_approved');
    const [first, second] = messages as [FlowMessage, FlowMessage];
    await call(rita, 'PATCH', `/api/flows/${flow.id}/messages/${first.id}`, {
      version: first.version,
      steps: [{ subject: '=HYPERLINK("http://evil.example","Open")', body: 'Hi Cora,\nLine two, with "quotes".' }],
      approved: true,
    });
    const engagement = await call(rita, 'POST', `/api/flows/${flow.id}/send`, { destination: 'engagement' });
    expect(engagement.statusCode).toBe(400);
    expect(engagement.json().error.code).toBe('destination_unavailable');
    expect(engagement.json().error.details.fields).toMatchObject([{ field: 'integration', reason: 'required' }]);
    const sent = await call(rita, 'POST', `/api/flows/${flow.id}/send`, { destination: 'download' });
    expect(sent.json()).toMatchObject({
      // One of two sent: the other still waits for review, so the flow is not completed yet.
      status: 'flow_ready_for_review',
      destination_type: 'download',
      destination_status: 'destination_completed',
      delivered_count: 1,
      approved_count: 0,
    });
    const after = await detail(rita, flow.id);
    expect(after.messages.find((m) => m.id === second.id)?.status).toBe('generated');
    const csv = await call(rita, 'GET', `/api/flows/${flow.id}/download`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="quarry-flow-.*\.csv"$/);
    const text = csv.rawPayload.toString('utf8');
    // Records end in CRLF (RFC 4180); a line break inside a message stays as written.
    expect(text.startsWith('\uFEFFAccount,Contact,Email,Title,Step 1 day,Step 1 subject,Step 1 body\r\n')).toBe(true);
    expect(text).toContain(
      `Flowtest Logistics,Cora Tester,cora@flowtest.example,Chief Financial Officer,0,"'=HYPERLINK(""http://evil.example"",""Open"")","Hi Cora,\nLine two, with ""quotes""."`,
    );
    expect(text).not.toContain('Vik Tester');
    // The column names in the reader's language; an unknown language is refused, naming the field.
    const french = await call(rita, 'GET', `/api/flows/${flow.id}/download?language=fr`);
    expect(
      french.rawPayload
        .toString('utf8')
        .startsWith('\uFEFFCompte,Contact,E-mail,Fonction,Étape 1 jour,Étape 1 objet,Étape 1 message\r\n'),
    ).toBe(true);
    const unknown = await call(rita, 'GET', `/api/flows/${flow.id}/download?language=xx`);
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('language');
    const edit = await call(rita, 'PATCH', `/api/flows/${flow.id}/messages/${first.id}`, {
      version: first.version + 2,
      steps: [{ subject: 'Too late', body: 'Already sent' }],
    });
    expect(edit.statusCode).toBe(409);
    // A reason the web translates, so a reader of another language is not shown the English (#14).
    expect(edit.json().error).toMatchObject({ code: 'conflict', details: { reason: 'message_delivered' } });
    // Writing a sent flow again would erase the record that its message went out: refused, and the
    // delivered message, its CSV and the flow's state are as they were.
    const retry = await call(rita, 'POST', `/api/flows/${flow.id}/retry`);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toMatchObject({ code: 'conflict', details: { reason: 'flow_delivered' } });
    const kept = await detail(rita, flow.id);
    expect(kept.flow).toMatchObject({ status: 'flow_ready_for_review', delivered_count: 1 });
    expect(kept.messages.find((m) => m.id === first.id)?.status).toBe('delivered');
    expect((await call(rita, 'GET', `/api/flows/${flow.id}/download`)).rawPayload.toString('utf8')).toContain(
      'Cora Tester',
    );
    // The second approved and sent too: every message is out, and the flow is completed.
    const rest = (await detail(rita, flow.id)).messages.find((m) => m.id === second.id) as FlowMessage;
    await call(rita, 'PATCH', `/api/flows/${flow.id}/messages/${second.id}`, { version: rest.version, approved: true });
    const last = await call(rita, 'POST', `/api/flows/${flow.id}/send`, { destination: 'download' });
    expect(last.json()).toMatchObject({ status: 'flow_completed', delivered_count: 2, approved_count: 0 });
  });

  it('refuses to send a flow again while it is being sent, with a reason the web translates', async () => {
    script = null;
    const { flow, messages } = await writtenFlow(rita);
    const first = messages[0] as FlowMessage;
    await call(rita, 'PATCH', `/api/flows/${flow.id}/messages/${first.id}`, { version: first.version, approved: true });
    await acrossTenants(t.handle.db)
      .updateTable('flows')
      .set({ destination_status: 'sending_to_destination' })
      .where('id', '=', flow.id)
      .execute();
    const again = await call(rita, 'POST', `/api/flows/${flow.id}/send`, { destination: 'download' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'conflict',
      message: 'This flow is being sent; wait until it is done',
      details: { reason: 'flow_being_sent' },
    });
    expect((await detail(rita, flow.id)).flow.destination_status).toBe('sending_to_destination');
  });
});

describe('a writer that fails', () => {
  it('leaves a flow failed with the reason when the writer cannot be reached, and Retry then works', async () => {
    script = () => ({ ok: false, reason: 'provider_error', detail: 'connect ECONNREFUSED 127.0.0.1:9' });
    const { flow } = await writtenFlow(rita);
    expect(flow.status).toBe('flow_failed');
    expect(flow.error).toBe('The message writer could not be reached: connect ECONNREFUSED 127.0.0.1:9');
    expect(flow.error_code).toBe('writer_unreachable');
    script = null;
    await call(rita, 'POST', `/api/flows/${flow.id}/retry`);
    await t.app.jobRunner.drain();
    expect((await detail(rita, flow.id)).flow.status).toBe('flow_ready_for_review');
  });

  it('marks a refused message as needing review; a person writing it clears that and may approve it', async () => {
    let calls = 0;
    script = (context) => {
      calls += 1;
      return calls === 1
        ? { ok: false, reason: 'provider_refused', detail: 'I cannot help with that' }
        : builtIn.write(context);
    };
    const { flow, messages } = await writtenFlow(rita);
    expect(flow.status).toBe('flow_needs_review');
    const refused = messages.find((m) => m.status === 'needs_review') as FlowMessage;
    expect(refused).toMatchObject({
      review_reason: 'provider_refused',
      review_detail: 'I cannot help with that',
      steps: [],
    });
    // Approving it unwritten is refused with a reason each reader's language translates.
    const unwritten = await call(rita, 'PATCH', `/api/flows/${flow.id}/messages/${refused.id}`, {
      version: refused.version,
      approved: true,
    });
    expect(unwritten.statusCode).toBe(400);
    expect(unwritten.json().error.details.fields).toEqual([
      { field: 'approved', message: 'Write this message before approving it', reason: 'not_written' },
    ]);
    const res = await call(rita, 'PATCH', `/api/flows/${flow.id}/messages/${refused.id}`, {
      version: refused.version,
      steps: [{ subject: 'Written by hand', body: 'Hello there' }],
      approved: true,
    });
    expect(res.json()).toMatchObject({ status: 'approved', review_reason: null });
    expect((await detail(rita, flow.id)).flow.status).toBe('flow_ready_for_review');
  });

  it('writes each message once when two workers run the same flow at the same time', async () => {
    script = null;
    writes.length = 0;
    const flow = await startFlow(rita, [CONTACTS.cfo, CONTACTS.vp, CONTACTS.locked], 'value_message_sequence');
    // A second job for the same flow, as a retry racing the first would leave.
    await t.handle.db
      .insertInto('jobs')
      .values({
        id: crypto.randomUUID(),
        tenant_id: 'tnt_acme',
        type: 'generate_flow',
        status: 'queued',
        payload: JSON.stringify({ flow_id: flow.id }),
        attempts: 0,
        max_attempts: 5,
        run_at: new Date().toISOString(),
        lease_until: null,
        locked_by: null,
        last_error: null,
        created_at: new Date().toISOString(),
        finished_at: null,
      })
      .execute();
    // Two workers claim one job each and write the same flow side by side.
    await Promise.all([t.app.jobRunner.drain(), t.app.jobRunner.drain()]);
    const { flow: done, messages } = await detail(rita, flow.id);
    // Each message moved from pending exactly once, whoever wrote it.
    expect(messages.map((m) => m.version)).toEqual([1, 1, 1]);
    expect(done).toMatchObject({ status: 'flow_needs_review', generated_count: 3, needs_review_count: 1 });
    expect(writes.length).toBeGreaterThanOrEqual(3);
    // Only the worker that finished the flow records it.
    expect((await generatedEvents(flow.id)).map((e) => e.properties.messages)).toEqual([3]);
  });
});

describe('who sees which flow', () => {
  it('shows a regular user their own flows only, managers and admins the company’s, and no other company any', async () => {
    script = null;
    const mine = await startFlow(mike, [CONTACTS.cfo]);
    expect((await call(rita, 'GET', `/api/flows/${mine.id}`)).statusCode).toBe(404);
    expect((await call(rita, 'DELETE', `/api/flows/${mine.id}`)).statusCode).toBe(404);
    expect((await call(ada, 'GET', `/api/flows/${mine.id}`)).statusCode).toBe(200);
    expect((await call(gus, 'GET', `/api/flows/${mine.id}`)).statusCode).toBe(404);
    expect((await call(gus, 'POST', `/api/flows/${mine.id}/retry`)).statusCode).toBe(404);
    const ritaList = (await call(rita, 'GET', '/api/flows')).json() as { flows: FlowSummary[] };
    expect(ritaList.flows.some((f) => f.id === mine.id)).toBe(false);
    const adaList = (await call(ada, 'GET', '/api/flows')).json() as { flows: FlowSummary[] };
    expect(adaList.flows.find((f) => f.id === mine.id)?.initiated_by.display_name).toBeTruthy();
    const gusList = (await call(gus, 'GET', '/api/flows')).json() as { flows: FlowSummary[] };
    expect(gusList.flows).toEqual([]);
  });

  it("finds the flows already writing to given contacts, the reader's own only, and answers 400 for an empty list", async () => {
    script = null;
    const toLou = await startFlow(rita, [CONTACTS.locked]);
    const toCora = await startFlow(rita, [CONTACTS.cfo]);
    const mikesToLou = await startFlow(mike, [CONTACTS.locked]);
    const ids = (body: { flows: FlowSummary[] }) => body.flows.map((f) => f.id);
    const found = (await call(rita, 'GET', `/api/flows?contact_ids=${CONTACTS.locked}`)).json() as {
      flows: FlowSummary[];
    };
    expect(ids(found)).toContain(toLou.id);
    expect(ids(found)).not.toContain(toCora.id);
    // Another user's flow stays theirs, as in the plain list.
    expect(ids(found)).not.toContain(mikesToLou.id);
    const both = (await call(rita, 'GET', `/api/flows?contact_ids=${CONTACTS.locked},${CONTACTS.cfo}`)).json() as {
      flows: FlowSummary[];
    };
    expect(ids(both)).toEqual(expect.arrayContaining([toLou.id, toCora.id]));
    // Another company never sees them, whatever ids it asks for.
    const other = (await call(gus, 'GET', `/api/flows?contact_ids=${CONTACTS.locked}`)).json() as {
      flows: FlowSummary[];
    };
    expect(other.flows).toEqual([]);
    const empty = await call(rita, 'GET', '/api/flows?contact_ids=');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('contact_ids');
  });

  it('hides flows older than 30 days unless asked, and counts them', async () => {
    const old = await startFlow(mike, [CONTACTS.vp]);
    await t.handle.db
      .updateTable('flows')
      .set({ created_at: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    const recent = (await call(mike, 'GET', '/api/flows')).json() as {
      flows: FlowSummary[];
      hidden_older_count: number;
    };
    expect(recent.flows.some((f) => f.id === old.id)).toBe(false);
    expect(recent.hidden_older_count).toBe(1);
    const all = (await call(mike, 'GET', '/api/flows?include_older=true')).json() as { flows: FlowSummary[] };
    expect(all.flows.some((f) => f.id === old.id)).toBe(true);
    const filtered = (await call(mike, 'GET', '/api/flows?type=value_message_sequence')).json() as {
      flows: FlowSummary[];
    };
    expect(filtered.flows.every((f) => f.type === 'value_message_sequence')).toBe(true);
  });
});

describe('AI email preferences', () => {
  it('lets anyone keep personal rules, only admins the organization’s, and the composer follows them', async () => {
    const rules = { rules: ['Never mention depots'], example_emails: [] };
    const refused = await call(mike, 'PUT', '/api/email-preferences/organization', rules);
    expect(refused.statusCode).toBe(403);
    const org = await call(ada, 'PUT', '/api/email-preferences/organization', {
      rules: ['Keep it under 60 words', 'Never mention depots'],
      example_emails: [],
    });
    expect(org.statusCode, org.body).toBe(200);
    const personal = await call(rita, 'PUT', '/api/email-preferences/personal', {
      rules: ['Sign off with "Cheers"'],
      example_emails: [],
    });
    expect(personal.json()).toMatchObject({
      personal: { rules: ['Sign off with "Cheers"'] },
      organization: { rules: ['Keep it under 60 words', 'Never mention depots'] },
      can_edit_organization: false,
    });
    script = null;
    const { messages } = await writtenFlow(rita, [CONTACTS.cfo]);
    const body = messages[0]?.steps[0]?.body ?? '';
    expect(body.toLowerCase()).not.toContain('depot');
    expect(body.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(60);
    expect(body).toMatch(/Cheers/);
    await call(ada, 'PUT', '/api/email-preferences/organization', { rules: [], example_emails: [] });
    await call(rita, 'PUT', '/api/email-preferences/personal', { rules: [], example_emails: [] });
  });

  it('answers 400 naming the field for too many or too long rules and examples', async () => {
    const many = await call(rita, 'PUT', '/api/email-preferences/personal', {
      rules: Array.from({ length: 21 }, (_, i) => `Rule ${i}`),
      example_emails: [],
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().error.message).toContain('rules');
    const long = await call(rita, 'PUT', '/api/email-preferences/personal', {
      rules: [],
      example_emails: ['x'.repeat(3001)],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('example_emails.0');
  });
});
