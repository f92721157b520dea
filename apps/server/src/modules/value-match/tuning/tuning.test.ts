import type { AccountMatch, TriggerStatsList, ValueMatchDetail } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../../db/seed/demo-accounts.ts';
import { seedDemoValuePreferences } from '../../../db/seed/demo-value-preferences.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createTuningRepository } from './tuning.repository.ts';

let t: TestApp;
let ada: string;
let rita: string;
let mike: string;
let gail: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.handle.db);
  await seedDemoValuePreferences(t.handle.db);
  await t.app.recomputeTenantsWithoutMatches();
  await t.app.jobRunner.drain();
  [ada, rita, mike, gail] = await Promise.all([
    t.signIn('ada@acme.test'),
    t.signIn('rita@acme.test'),
    t.signIn('mike@acme.test'),
    t.signIn('gail@globex.test'),
  ]);
}, 120_000);
afterAll(() => t?.close());

const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
const stats = async () => (await call(ada, 'GET', '/api/value-matches/trigger-stats')).json() as TriggerStatsList;

async function acmeResults(): Promise<AccountMatch[]> {
  const rows = await t.handle.db
    .selectFrom('value_matches')
    .select('result')
    .where('tenant_id', '=', 'tnt_acme')
    .execute();
  return rows.map((r) => JSON.parse(r.result) as AccountMatch);
}

describe('trigger stats', () => {
  it('counts per trigger the accounts it moves to each tier, with up to three example sentences', async () => {
    const list = await stats();
    const results = await acmeResults();
    const triggers = await t.handle.db
      .selectFrom('triggers')
      .select('id')
      .where('tenant_id', '=', 'tnt_acme')
      .execute();
    expect(list.triggers.map((s) => s.trigger_id).sort()).toEqual(triggers.map((r) => r.id).sort());
    const active = list.triggers.filter((s) => s.accounts.tier_1 + s.accounts.tier_2 > 0);
    expect(active.length).toBeGreaterThan(0);
    for (const s of list.triggers) {
      // A Value Match or Alignment counts for the triggers of the signal that leads it; Activity
      // Found for any trigger in it.
      const withTrigger = results.filter((m) =>
        m.hits.some(
          (h) =>
            (m.tier === 'none' || h.hit_id === m.top_hit_id) && h.triggers.some((tr) => tr.trigger_id === s.trigger_id),
        ),
      );
      // And apart, the Value Match and Alignment accounts it is found at in a signal that does not
      // rank them, which its examples may quote: "ranks 0 · 0" beside them had read as a contradiction.
      const rankedByOthers = results.filter(
        (m) =>
          m.tier !== 'none' &&
          !withTrigger.includes(m) &&
          m.hits.some((h) => h.triggers.some((tr) => tr.trigger_id === s.trigger_id)),
      );
      expect(s.accounts).toEqual({
        tier_1: withTrigger.filter((m) => m.tier === 'tier_1').length,
        tier_2: withTrigger.filter((m) => m.tier === 'tier_2').length,
        none: withTrigger.filter((m) => m.tier === 'none').length,
        ranked_by_others: rankedByOthers.length,
      });
      expect(s.examples.length).toBeLessThanOrEqual(3);
      if (withTrigger.length > 0) expect(s.examples.length).toBeGreaterThan(0);
      // Each sentence once: many postings worded alike must not fill the three examples.
      const said = s.examples.map((e) => e.sentence.toLowerCase());
      expect(new Set(said).size).toBe(said.length);
      for (const e of s.examples) {
        // The matched words are inside the sentence, and the sentence is the signal's own text.
        expect(e.sentence.slice(e.start, e.end).trim().length).toBeGreaterThan(0);
        const hit = await t.handle.db
          .selectFrom('master_hits')
          .select(['title', 'text'])
          .where('id', '=', e.hit_id)
          .executeTakeFirstOrThrow();
        expect(`${hit.title}\n${hit.text}`).toContain(e.sentence);
        expect(e.account_name).not.toBe('');
        // The example is the signal that leads its account, or one of its other signals said to be
        // so (leads: false) after every lead's.
        const match = results.find((m) => m.account_id === e.master_account_id);
        if (match && match.tier !== 'none') {
          if (e.leads === false) expect(e.hit_id).not.toBe(match.top_hit_id);
          else expect(e.hit_id).toBe(match.top_hit_id);
        }
      }
      expect(s.marked_not_relevant).toBe(0);
      expect(s.precision).toBe(s.top_tier_hits === 0 ? null : 1);
    }
  });

  it('is for admins and managers only', async () => {
    expect((await call(rita, 'GET', '/api/value-matches/trigger-stats')).statusCode).toBe(403);
  });

  it('is replaced whole by recomputes of one tenant that run at once (two server processes)', async () => {
    const before = await stats();
    const rows = before.triggers.map((s) => ({
      trigger_id: s.trigger_id,
      tier_1_accounts: s.accounts.tier_1,
      tier_2_accounts: s.accounts.tier_2,
      none_accounts: s.accounts.none,
      beside_accounts: s.accounts.ranked_by_others,
      top_tier_hits: s.top_tier_hits,
      examples: s.examples,
    }));
    const tuning = createTuningRepository(t.handle.db, t.handle.engine);
    // On PostgreSQL both deleted, then the second's insert met the first's rows: duplicate key.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () => tuning.replaceTriggerStats('tnt_acme', rows, new Date().toISOString())),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect((await stats()).triggers.map((s) => s.trigger_id).sort()).toEqual(rows.map((r) => r.trigger_id).sort());
  });
});

describe('"not relevant" marks', () => {
  it('lowers the tenant’s precision for the triggers of the marked signal, shows on the match, and undoes', async () => {
    const match = (await acmeResults()).find(
      (m) => m.tier === 'tier_1' && m.hits.some((h) => h.triggers.length > 0),
    ) as AccountMatch;
    const hit = match.hits.find((h) => h.triggers.length > 0) as AccountMatch['hits'][number];
    const triggerIds = new Set(hit.triggers.map((tr) => tr.trigger_id));
    const before = new Map((await stats()).triggers.map((s) => [s.trigger_id, s]));

    const marked = await call(mike, 'POST', `/api/value-matches/${match.account_id}/marks`, { hit_id: hit.hit_id });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ master_account_id: match.account_id, hit_id: hit.hit_id, not_relevant: true });
    // Marking twice counts once.
    expect(
      (await call(mike, 'POST', `/api/value-matches/${match.account_id}/marks`, { hit_id: hit.hit_id })).statusCode,
    ).toBe(200);

    const after = new Map((await stats()).triggers.map((s) => [s.trigger_id, s]));
    for (const [id, s] of after) {
      const old = before.get(id);
      if (triggerIds.has(id)) {
        expect(s.marked_not_relevant).toBe(1);
        expect(s.precision).toBeCloseTo((s.top_tier_hits - 1) / s.top_tier_hits, 10);
        expect(s.precision as number).toBeLessThan(old?.precision as number);
      } else expect(s).toEqual(old);
    }
    const detail = (await call(rita, 'GET', `/api/value-matches/${match.account_id}`)).json() as ValueMatchDetail;
    const evidence = detail.hypotheses.flatMap((h) => h.evidence);
    expect(evidence.filter((e) => e.not_relevant).map((e) => e.hit_id)).toEqual(
      evidence.filter((e) => e.hit_id === hit.hit_id).map((e) => e.hit_id),
    );

    const undone = await call(mike, 'DELETE', `/api/value-matches/${match.account_id}/marks/${hit.hit_id}`);
    expect(undone.json()).toEqual({ master_account_id: match.account_id, hit_id: hit.hit_id, not_relevant: false });
    expect(new Map((await stats()).triggers.map((s) => [s.trigger_id, s]))).toEqual(before);
  });

  it('takes a marked signal out of its account’s evidence at the recompute the mark queues, and back on undo', async () => {
    // A Value Match led by one signal alone: marking it leaves the account nothing to stand on.
    const match = (await acmeResults()).find(
      (m) => m.tier === 'tier_1' && m.hits.filter((h) => h.triggers.length > 0).length === 1,
    ) as AccountMatch;
    expect(match, 'a Value Match with one signal').toBeTruthy();
    const hit = match.hits.find((h) => h.triggers.length > 0) as AccountMatch['hits'][number];
    const tierOf = async () => (await acmeResults()).find((m) => m.account_id === match.account_id)?.tier;
    const before = new Map((await stats()).triggers.map((s) => [s.trigger_id, s.precision]));

    await call(mike, 'POST', `/api/value-matches/${match.account_id}/marks`, { hit_id: hit.hit_id });
    await t.app.jobRunner.drain();
    expect(await tierOf()).not.toBe('tier_1');
    const detail = (await call(rita, 'GET', `/api/value-matches/${match.account_id}`)).json() as ValueMatchDetail;
    expect(detail.hypotheses.flatMap((h) => h.evidence).some((e) => e.hit_id === hit.hit_id)).toBe(false);
    // Still on the page, among the other signals, marked, so that the mark can be undone.
    expect(detail.activity.find((e) => e.hit_id === hit.hit_id)?.not_relevant).toBe(true);
    // Precision counts the rejected signal whether or not the recompute has run.
    for (const s of (await stats()).triggers)
      if (hit.triggers.some((tr) => tr.trigger_id === s.trigger_id)) {
        expect(s.marked_not_relevant).toBe(1);
        expect(s.precision as number).toBeLessThan(before.get(s.trigger_id) as number);
      }
    // Marking it again, gone from the evidence, changes nothing.
    expect(
      (await call(mike, 'POST', `/api/value-matches/${match.account_id}/marks`, { hit_id: hit.hit_id })).statusCode,
    ).toBe(200);

    await call(mike, 'DELETE', `/api/value-matches/${match.account_id}/marks/${hit.hit_id}`);
    await t.app.jobRunner.drain();
    expect(await tierOf()).toBe('tier_1');
    expect(new Map((await stats()).triggers.map((s) => [s.trigger_id, s.precision]))).toEqual(before);
  });

  it('answers 404 for an account the caller’s company has no match of, and 400 naming hit_id for bad input', async () => {
    const match = (await acmeResults()).find((m) => m.tier === 'tier_1') as AccountMatch;
    const hitId = match.hits[0]?.hit_id as string;
    // Globex has no match of this account: its row is removed.
    await t.handle.db
      .deleteFrom('value_matches')
      .where('tenant_id', '=', 'tnt_globex')
      .where('master_account_id', '=', match.account_id)
      .execute();
    const foreign = await call(gail, 'POST', `/api/value-matches/${match.account_id}/marks`, { hit_id: hitId });
    expect(foreign.statusCode).toBe(404);
    expect((await call(gail, 'DELETE', `/api/value-matches/${match.account_id}/marks/${hitId}`)).statusCode).toBe(404);
    // A rep neither marks nor unmarks for the team: that is the tuning of managers and admins.
    expect(
      (await call(rita, 'POST', `/api/value-matches/${match.account_id}/marks`, { hit_id: hitId })).statusCode,
    ).toBe(403);
    expect((await call(rita, 'DELETE', `/api/value-matches/${match.account_id}/marks/${hitId}`)).statusCode).toBe(403);

    const missing = await call(mike, 'POST', `/api/value-matches/${match.account_id}/marks`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('hit_id');
    const notEvidence = await call(mike, 'POST', `/api/value-matches/${match.account_id}/marks`, {
      hit_id: 'hit_elsewhere',
    });
    expect(notEvidence.statusCode).toBe(400);
    expect(notEvidence.body).toContain('hit_id');
    const marks = await t.handle.db
      .selectFrom('value_match_marks')
      .selectAll()
      .where('tenant_id', 'in', ['tnt_acme', 'tnt_globex'])
      .execute();
    expect(marks).toEqual([]);
  });
});
