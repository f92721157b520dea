import type { ValueMatchCard as Card } from '@quarry/shared';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import type { Assigner } from './assign-menu.tsx';
import { ValueMatchCard } from './value-match-card.tsx';

beforeAll(prepareDom);
afterEach(cleanup);

const card = (tier: Card['tier']): Card => ({
  master_account_id: 'acc_x',
  account_name: 'Example Co',
  logo_url: null,
  website: null,
  industry: null,
  tier,
  score: 1,
  hypothesis_id: 'hyp_supply',
  hypothesis_name: 'Supply disruption puts revenue at risk',
  hit_id: null,
  hit_title: null,
  hit_published_at: null,
  hit_source: null,
  title_highlights: [],
  why_now: '',
  why_now_facts: null,
  computed_at: '2026-11-29T10:00:00.000Z',
  held_by: [],
  also_matches: null,
  also_matches_tier: null,
});

const show = (tier: Card['tier']) =>
  renderWithProviders(
    <MemoryRouter>
      <ValueMatchCard match={card(tier)} language="en" onOpen={() => {}} assigner={{ readOnly: true } as Assigner} />
    </MemoryRouter>,
  );

describe('ValueMatchCard', () => {
  it("marks the evidence's own words in the sentence its why-now quotes, not the posting's title alone", () => {
    const said = 'Supply shortages and delivery delays reached our plants this year';
    renderWithProviders(
      <MemoryRouter>
        <ValueMatchCard
          match={{
            ...card('tier_1'),
            hit_title: 'Supply Chain Manager',
            hit_published_at: '2026-09-12T05:00:00.000Z',
            why_now_facts: {
              tier: 'tier_1',
              evidence_tier: 'tier_1',
              hypothesis_name: 'Supply disruption puts revenue at risk',
              top_hit: {
                type: 'job_posting',
                title: 'Supply Chain Manager',
                published_at: '2026-09-12T05:00:00.000Z',
                age_days: 79,
                said,
              },
              top_hit_is_latest: false,
              phrases: ['plant', 'delivery delays', 'supply shortage'],
              trigger_names: [],
              target_titles: [],
              supporting_hits: 0,
              activity_hits: 0,
              good: [],
              bad: [],
              unmet_requirements: [],
            },
          }}
          language="en"
          onOpen={() => {}}
          assigner={{ readOnly: true } as Assigner}
        />
      </MemoryRouter>,
    );
    const whyNow = screen.getByTestId('value-match-why-now');
    expect(whyNow.textContent).toContain(said);
    expect([...whyNow.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'Supply shortages',
      'delivery delays',
      'plants',
    ]);
  });

  it('says "Matched hypothesis" on a Value Match only, and "Closest hypothesis" on a weaker card', () => {
    show('tier_1');
    expect(screen.getByText('Matched hypothesis:', { exact: false })).toBeTruthy();
    cleanup();
    // A Value Alignment's posting may say nothing yet of the hypothesis: it is not "matched".
    show('tier_2');
    expect(screen.getByText('Closest hypothesis:', { exact: false })).toBeTruthy();
    expect(screen.queryByText('Matched hypothesis', { exact: false })).toBeNull();
  });
});
