import type { UserDocument, ValueMatchEvidence } from '@quarry/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null });
});

/** The page around a signal: what the match read again shows replaces the signal's element. */
let showMarked: (marked: boolean) => void = () => {};
function PageWithSignal() {
  const [marked, setMarked] = useState(false);
  showMarked = setMarked;
  return (
    <>
      <EvidenceItem key={String(marked)} evidence={evidence(marked)} language="en" masterAccountId="acc_1" />
      <input aria-label="Elsewhere" />
    </>
  );
}

/** The server's answer to a mark: the page then reads the match again, where the signal has moved. */
function answeringServer() {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

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

  it('gives the focus to the undo where the marked signal appears again, and back to the mark after the undo', async () => {
    signedInAs({ is_manager: true, is_admin: false });
    const fetch = answeringServer();
    renderWithProviders(<EvidenceItem evidence={evidence(false)} language="en" masterAccountId="acc_1" />);
    const markButton = screen.getByRole('button', { name: /^Mark “Plant closes/ });
    markButton.focus();
    fireEvent.click(markButton);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    // The match read again shows the signal under Activity Found, a new element: the button pressed is gone.
    cleanup();
    renderWithProviders(<EvidenceItem evidence={evidence(true)} language="en" masterAccountId="acc_1" />);
    const undo = screen.getByRole('button', { name: /^Undo the not relevant mark/ });
    await waitFor(() => expect(document.activeElement).toBe(undo));

    fireEvent.click(undo);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    cleanup();
    renderWithProviders(<EvidenceItem evidence={evidence(false)} language="en" masterAccountId="acc_1" />);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Mark “Plant closes/ })),
    );
  });

  it('leaves the focus where the reader moved it meanwhile', async () => {
    signedInAs({ is_manager: true, is_admin: false });
    const fetch = answeringServer();
    renderWithProviders(<PageWithSignal />);
    fireEvent.click(screen.getByRole('button', { name: /^Mark “Plant closes/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const elsewhere = screen.getByRole('textbox', { name: 'Elsewhere' });
    elsewhere.focus();
    act(() => showMarked(true));
    expect(screen.getByRole('button', { name: /^Undo the not relevant mark/ })).toBeTruthy();
    expect(document.activeElement).toBe(elsewhere);
  });
});
