import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import type { Assigner } from './assign-menu.tsx';
import { ValueMatchPage } from './value-match-page.tsx';

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
