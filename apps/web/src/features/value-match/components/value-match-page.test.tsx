import type { ValueMatchEvidence } from '@quarry/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import type { Assigner } from './assign-menu.tsx';
import { placeEvidence, ValueMatchPage } from './value-match-page.tsx';

const assigner = {} as Assigner;

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

function renderAt(path: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p>Home feed</p>} />
        <Route path="/valueMatch/:masterAccountId" element={<ValueMatchPage assigner={assigner} />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ValueMatchPage for an account that does not exist', () => {
  it('says "Account not found" and offers a way back to Home, not a retry error', async () => {
    answer(404, { error: { code: 'not_found', message: 'Account not found' } });
    renderAt('/valueMatch/does_not_exist');
    expect(await screen.findByText('Account not found')).toBeTruthy();
    expect(screen.queryByText('Error getting value match, please try again')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByText('Home feed')).toBeTruthy();
  });

  it('still shows the retry error when the server fails', async () => {
    answer(500, { error: { code: 'internal', message: 'Internal error' } });
    renderAt('/valueMatch/acc_x');
    expect(await screen.findByText('Error getting value match, please try again')).toBeTruthy();
    expect(screen.queryByText('Account not found')).toBeNull();
  });
});

describe('placeEvidence', () => {
  const evidence = (hitId: string) => ({ hit_id: hitId, title: `Signal ${hitId}` }) as unknown as ValueMatchEvidence;
  const hypothesis = (id: string, hitIds: string[]) => ({
    hypothesis_id: id,
    name: `Hypothesis ${id}`,
    tier: 'tier_2' as const,
    score: 1,
    evidence: hitIds.map(evidence),
  });

  it('shows a signal in full once, under its first hypothesis, and names it under the later ones', () => {
    const placed = placeEvidence([
      hypothesis('a', ['h1', 'h2']),
      hypothesis('b', ['h2', 'h3']),
      hypothesis('c', ['h1']),
    ]);
    expect(placed.map((p) => p.evidence.map((e) => e.hit_id))).toEqual([['h1', 'h2'], ['h3'], []]);
    expect(placed.map((p) => p.shownAbove.map((s) => [s.evidence.hit_id, s.under]))).toEqual([
      [],
      [['h2', 'Hypothesis a']],
      [['h1', 'Hypothesis a']],
    ]);
  });
});

/** One account's match as the API answers it: a Value Match on one hypothesis, nothing else. */
const MATCH = {
  master_account_id: 'acc_x',
  account_name: 'Example Co',
  logo_url: null,
  website: null,
  industry: null,
  tier: 'tier_1',
  tier_label: 'Value Match',
  evidence_tier: 'tier_1',
  score: 3,
  why_now: 'A strong sign.',
  why_now_facts: null,
  computed_at: '2026-11-29T10:00:00.000Z',
  held_by: [],
  hypotheses: [{ hypothesis_id: 'h', name: 'Supply disruption', tier: 'tier_1', score: 3, evidence: [] }],
  activity: [],
  contacts: [],
};

describe('ValueMatchPage while the matches are computed again', () => {
  const detail = MATCH;
  const serve = (running: boolean) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const body = String(input).includes('/status') ? { last_computed_at: null, running } : detail;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );

  it('shows each tier as the one before, busy, until the new one comes (a mark or its undo had shown the old tier as final)', async () => {
    serve(true);
    renderAt('/valueMatch/acc_x');
    await screen.findByTestId('value-match-recomputing');
    const badges = screen.getAllByTestId('tier-badge');
    expect(badges).toHaveLength(2);
    for (const badge of badges) {
      expect(badge.getAttribute('aria-busy')).toBe('true');
      expect(badge.getAttribute('title')).toBe('Recomputing matches…');
    }
  });

  it('shows the tiers plainly once nothing is being computed', async () => {
    serve(false);
    renderAt('/valueMatch/acc_x');
    await screen.findByText('Example Co');
    const badges = screen.getAllByTestId('tier-badge');
    expect(badges).toHaveLength(2);
    for (const badge of badges) expect(badge.getAttribute('aria-busy')).toBeNull();
  });
});

describe('ValueMatchPage with many other signals', () => {
  const signal = (i: number, notRelevant = false): ValueMatchEvidence => ({
    hit_id: `hit_${i}`,
    type: 'news_article',
    title: `Story ${i}`,
    title_highlights: [],
    excerpt: `Text of story ${i}.`,
    excerpt_highlights: [],
    excerpt_cut_before: false,
    excerpt_cut_after: false,
    url: null,
    source: 'Wikinews',
    published_at: `2010-01-${String(10 + i).padStart(2, '0')}T00:00:00.000Z`,
    not_relevant: notRelevant,
  });
  const detail = {
    ...MATCH,
    tier: 'none',
    tier_label: 'Activity Found',
    evidence_tier: 'none',
    score: 0,
    why_now: '',
    hypotheses: [],
    // The eighth was marked not relevant and waits for its undo.
    activity: [...Array.from({ length: 7 }, (_, i) => signal(i + 1)), signal(8, true)],
  };

  it('shows the newest five and the one marked not relevant, and all of them once asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const body = String(input).includes('/status') ? { last_computed_at: null, running: false } : detail;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderAt('/valueMatch/acc_x');
    await screen.findByText('Example Co');
    const shown = () =>
      Array.from(screen.getByTestId('value-match-activity').querySelectorAll('[data-testid="evidence"]'), (e) =>
        e.getAttribute('data-hit-id'),
      );
    expect(shown()).toEqual(['hit_1', 'hit_2', 'hit_3', 'hit_4', 'hit_5', 'hit_8']);
    const more = screen.getByRole('button', { name: 'Show all 8 signals' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(shown()).toHaveLength(8);
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(shown()).toHaveLength(6);
  });
});
