import type { UserDocument, ValueMatchEvidence } from '@quarry/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { EvidenceItem } from './evidence-item.tsx';

const evidence = (notRelevant: boolean): ValueMatchEvidence => ({
  hit_id: 'hit_1',
  type: 'news_article',
  title: 'Plant closes after a parts shortage',
  title_highlights: [],
  excerpt: 'A shortage of parts closed the plant.',
  excerpt_highlights: [],
  excerpt_cut_before: false,
  excerpt_cut_after: false,
  url: null,
  source: 'Wikinews',
  published_at: '2026-11-01T00:00:00.000Z',
  not_relevant: notRelevant,
});

const signedInAs = (roles: Partial<UserDocument>) =>
  useAuthStore.setState({ user: { uid: 'u_1', display_name: 'Someone', ...roles } as UserDocument });

beforeAll(prepareDom);
afterEach(() => {
  cleanup();
  useAuthStore.setState({ user: null });
});

describe('EvidenceItem: Not relevant', () => {
  it('offers a manager the mark and, once marked, its undo', () => {
    signedInAs({ is_manager: true, is_admin: false });
    renderWithProviders(<EvidenceItem evidence={evidence(false)} language="en" masterAccountId="acc_1" />);
    expect(screen.getByRole('button', { name: /^Mark “Plant closes/ })).toBeTruthy();
    cleanup();
    renderWithProviders(<EvidenceItem evidence={evidence(true)} language="en" masterAccountId="acc_1" />);
    expect(screen.getByRole('button', { name: /^Undo the not relevant mark/ })).toBeTruthy();
  });

  it('shows a rep the team’s mark but neither the mark nor the undo, which move the account for everyone', () => {
    signedInAs({ is_manager: false, is_admin: false });
    renderWithProviders(<EvidenceItem evidence={evidence(false)} language="en" masterAccountId="acc_1" />);
    expect(screen.queryByTestId('mark-not-relevant')).toBeNull();
    cleanup();
    renderWithProviders(<EvidenceItem evidence={evidence(true)} language="en" masterAccountId="acc_1" />);
    expect(screen.getByTestId('not-relevant-mark').textContent).toBe('Marked not relevant');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
