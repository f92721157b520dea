import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { useSnackbarStore } from '../../../lib/snackbar-store.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { StartCampaignButton } from './start-campaign-button.tsx';

vi.mock('../../../components/confirm-dialog.tsx', () => ({ confirm: vi.fn(async () => true) }));

/** The flows the button asked the server to start. */
function serverStartingFlows(accountsWithContacts?: number) {
  const bodies: { accounts: { master_account_id: string }[] }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(
        JSON.stringify({
          id: 'flow_1',
          type: 'syft_value_match_campaign',
          account_count: accountsWithContacts ?? bodies[0]?.accounts.length,
        }),
        { status: 201, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  return bodies;
}

const renderButton = (ui: ReactNode) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(confirm).mockClear();
});

describe('Start a Value Match campaign', () => {
  it('counts the accounts loaded when they are all the feed has', async () => {
    const bodies = serverStartingFlows();
    renderButton(<StartCampaignButton masterAccountIds={['a', 'b']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start a Value Match campaign (2)' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.accounts.map((a) => a.master_account_id)).toEqual(['a', 'b']);
  });

  it('says which accounts were left out, for long enough to read, when some have nobody to write to', async () => {
    serverStartingFlows(2);
    renderButton(<StartCampaignButton masterAccountIds={['a', 'b', 'c']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start a Value Match campaign (3)' }));
    await waitFor(() =>
      expect(useSnackbarStore.getState().route?.message).toBe(
        'Value Match campaign started for 2 of 3 accounts: the others have nobody with one of your target titles',
      ),
    );
    // A walk had missed it in the usual 4 s.
    expect(useSnackbarStore.getState().route?.duration).toBe(10_000);
  });

  it('says "20+" while the feed has more, and loads the rest before asking: the campaign covers all of them', async () => {
    const bodies = serverStartingFlows();
    const all = Array.from({ length: 25 }, (_, i) => `acc_${i}`);
    const loadRest = vi.fn(async () => all);
    renderButton(<StartCampaignButton masterAccountIds={all.slice(0, 20)} loadRest={loadRest} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start a Value Match campaign (20+)' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(loadRest).toHaveBeenCalledTimes(1);
    expect(String(vi.mocked(confirm).mock.calls[0]?.[0].message)).toContain('each of the 25 Value Match accounts');
    expect(bodies[0]?.accounts.map((a) => a.master_account_id)).toEqual(all);
  });

  it('starts nothing on part of the accounts when the rest fail to load, and says so', async () => {
    const bodies = serverStartingFlows();
    renderButton(
      <StartCampaignButton
        masterAccountIds={['a']}
        loadRest={async () => {
          throw new Error('offline');
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start a Value Match campaign (1+)' }));
    await waitFor(() =>
      expect(useSnackbarStore.getState().general?.message).toBe(
        'Could not load all the Value Match accounts of the feed. Nothing was started: please try again.',
      ),
    );
    expect(confirm).not.toHaveBeenCalled();
    expect(bodies).toHaveLength(0);
  });
});
