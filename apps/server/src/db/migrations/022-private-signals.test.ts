import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestAccount } from '../../testing/test-account.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { acrossTenants } from '../tenant-scope.ts';
import { splitLiveSignals } from './022-private-signals.ts';

/**
 * Migration 022's data step on the engine under test: live signals written before it as global
 * rows, merged across tenants, are split into one story per tenant crediting that tenant's
 * sources only; a story no source carries any more is deleted; matches are computed again.
 */
let t: TestApp;
const ACCOUNT = 'acc_mig022';

beforeAll(async () => {
  t = await createTestApp();
  await insertTestAccount(t.handle.db, ACCOUNT, 'Migration Co');
}, 60_000);
afterAll(() => t?.close());

describe('migration 022: live signals become their tenants’', () => {
  it('splits a story two tenants shared, and drops one nobody carries', async () => {
    const db = acrossTenants(t.handle.db);
    const at = '2026-11-01T00:00:00.000Z';
    const source = (id: string, tenant: string, name: string) => ({
      id,
      tenant_id: tenant,
      kind: 'feed',
      url: `https://news.example/${id}`,
      board_token: null,
      name,
      master_account_id: ACCOUNT,
      status: 'active',
      discovered: 0,
      etag: null,
      last_modified: null,
      next_fetch_at: at,
      last_fetch_at: null,
      last_success_at: null,
      last_error: null,
      failure_count: 0,
      fetch_count: 1,
      not_modified_count: 0,
      items_found: 1,
      last_items_found: 1,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('signal_sources')
      .values([source('src_a', 'tnt_acme', 'Acme feed'), source('src_g', 'tnt_globex', 'Globex secret feed')])
      .execute();
    const item = (id: string, names: string[]) => ({
      id,
      canonical_url: `https://news.example/story/${id}`,
      simhash: '0000000000000000',
      title: `Story ${id}`,
      published_at: at,
      source_names: JSON.stringify(names),
      account_ids: JSON.stringify([ACCOUNT]),
      created_at: at,
    });
    await db
      .insertInto('signal_items')
      .values([item('aaaa00000001', ['Acme feed', 'Globex secret feed']), item('aaaa00000002', ['Gone feed'])])
      .execute();
    await db
      .insertInto('signal_item_sources')
      .values([
        { tenant_id: 'tnt_acme', item_id: 'aaaa00000001', source_id: 'src_a', url: null, seen_at: at },
        { tenant_id: 'tnt_globex', item_id: 'aaaa00000001', source_id: 'src_g', url: null, seen_at: '2026-11-02' },
      ])
      .execute();
    const hit = (itemId: string, source: string) => ({
      id: `sig_${itemId}_${ACCOUNT}`,
      master_account_id: ACCOUNT,
      type: 'news_article',
      title: `Story ${itemId}`,
      text: 'Text',
      url: null,
      source,
      published_at: at,
    });
    await db
      .insertInto('master_hits')
      .values([hit('aaaa00000001', 'Acme feed · Globex secret feed'), hit('aaaa00000002', 'Gone feed')])
      .execute();
    await db
      .insertInto('value_matches')
      .values({
        tenant_id: 'tnt_acme',
        master_account_id: ACCOUNT,
        industry: null,
        tier: 'high',
        tier_rank: 3,
        score: 1,
        top_hypothesis_id: null,
        top_hypothesis_name: null,
        top_hit_id: `sig_aaaa00000001_${ACCOUNT}`,
        top_hit_title: 'Story',
        top_hit_published_at: at,
        latest_hit_at: at,
        why_now: '',
        why_now_facts: '[]',
        spans: '[]',
        result: '{}',
        computed_at: at,
      })
      .execute();

    await splitLiveSignals(db);

    const hits = await db
      .selectFrom('master_hits')
      .select(['owner_tenant_id', 'source', 'title'])
      .where('master_account_id', '=', ACCOUNT)
      .orderBy('owner_tenant_id')
      .execute();
    expect(hits).toEqual([
      { owner_tenant_id: 'tnt_acme', source: 'Acme feed', title: 'Story aaaa00000001' },
      { owner_tenant_id: 'tnt_globex', source: 'Globex secret feed', title: 'Story aaaa00000001' },
    ]);
    const items = await db
      .selectFrom('signal_items')
      .select(['id', 'owner_tenant_id', 'source_names'])
      .orderBy('owner_tenant_id')
      .execute();
    expect(items.map((i) => [i.owner_tenant_id, JSON.parse(i.source_names)])).toEqual([
      ['tnt_acme', ['Acme feed']],
      ['tnt_globex', ['Globex secret feed']],
    ]);
    // Globex's credit moved to its own copy of the story.
    const links = await db.selectFrom('signal_item_sources').select(['tenant_id', 'item_id']).execute();
    const globexItem = items.find((i) => i.owner_tenant_id === 'tnt_globex')?.id;
    expect(links.find((l) => l.tenant_id === 'tnt_globex')?.item_id).toBe(globexItem);
    expect(globexItem).not.toBe('aaaa00000001');
    // Each tenant's newest own signal is kept apart; the reference column ignores both.
    const latest = await db.selectFrom('account_signal_latest').selectAll().orderBy('tenant_id').execute();
    expect(latest.map((r) => r.tenant_id)).toEqual(['tnt_acme', 'tnt_globex']);
    const account = await db
      .selectFrom('master_accounts')
      .select('latest_signal_at')
      .where('master_account_id', '=', ACCOUNT)
      .executeTakeFirstOrThrow();
    expect(account.latest_signal_at).toBeNull();
    // Matches computed while every tenant saw every live signal are gone (start-up computes them again).
    expect(await db.selectFrom('value_matches').select('tenant_id').execute()).toEqual([]);
  });

  it('gives every story of a table larger than one page its owner and credit', async () => {
    const db = acrossTenants(t.handle.db);
    const at = '2026-11-03T00:00:00.000Z';
    const ids = Array.from({ length: 1_100 }, (_, i) => `bbbb${i.toString(16).padStart(8, '0')}`);
    for (let i = 0; i < ids.length; i += 200) {
      const chunk = ids.slice(i, i + 200);
      await db
        .insertInto('signal_items')
        .values(
          chunk.map((id) => ({
            id,
            canonical_url: `https://news.example/many/${id}`,
            simhash: '0000000000000000',
            title: `Many ${id}`,
            published_at: at,
            source_names: '["Old credit"]',
            account_ids: JSON.stringify([ACCOUNT]),
            created_at: at,
          })),
        )
        .execute();
      await db
        .insertInto('master_hits')
        .values(
          chunk.map((id) => ({
            id: `sig_${id}_${ACCOUNT}`,
            master_account_id: ACCOUNT,
            type: 'news_article',
            title: `Many ${id}`,
            text: 'Text',
            url: null,
            source: 'Old credit',
            published_at: at,
          })),
        )
        .execute();
      await db
        .insertInto('signal_item_sources')
        .values(chunk.map((id) => ({ tenant_id: 'tnt_acme', item_id: id, source_id: 'src_a', url: null, seen_at: at })))
        .execute();
    }

    await splitLiveSignals(db);

    const items = await db
      .selectFrom('signal_items')
      .select(['owner_tenant_id', 'source_names'])
      .where('id', 'like', 'bbbb%')
      .execute();
    expect(items).toHaveLength(1_100);
    expect(new Set(items.map((i) => `${i.owner_tenant_id} ${i.source_names}`))).toEqual(
      new Set(['tnt_acme ["Acme feed"]']),
    );
    const hits = await db
      .selectFrom('master_hits')
      .select(['owner_tenant_id', 'source'])
      .where('id', 'like', 'sig_bbbb%')
      .execute();
    expect(hits).toHaveLength(1_100);
    expect(new Set(hits.map((h) => `${h.owner_tenant_id} ${h.source}`))).toEqual(new Set(['tnt_acme Acme feed']));
  });
});
