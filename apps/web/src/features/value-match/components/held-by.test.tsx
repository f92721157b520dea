import type { UserDocument, UserSummary } from '@quarry/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { HeldBy } from './held-by.tsx';

const rita = { uid: 'u_rita', display_name: 'Rita Rep' };
const mike = { uid: 'u_mike', display_name: 'Mike Manager' };

beforeAll(async () => {
  await prepareDom();
});
beforeEach(() => {
  useAuthStore.setState({
    user: { uid: rita.uid, display_name: rita.display_name } as UserDocument,
    viewAsUserData: null,
  });
});
afterEach(() => {
  cleanup();
  // The files share one window: no other file's screens are a preview.
  useAuthStore.setState({ viewAsUserData: null });
});

const heldBy = () => screen.getByTestId('value-match-held-by').textContent;

it('says "In your accounts" to Rita for an account in her own territory, not her name', () => {
  renderWithProviders(<HeldBy holders={[rita]} />);
  expect(heldBy()).toBe('In your accounts');
});

it('names the colleagues beside the reader', () => {
  renderWithProviders(<HeldBy holders={[mike, rita]} />);
  expect(heldBy()).toBe('In your accounts and those of Mike Manager');
});

it("names a colleague's territory as before", () => {
  renderWithProviders(<HeldBy holders={[mike]} />);
  expect(heldBy()).toBe('In the accounts of Mike Manager');
});

it("in Mike's preview of Rita's screens, her territory is the one called yours, and his is named", () => {
  useAuthStore.setState({
    user: { uid: mike.uid, display_name: mike.display_name } as UserDocument,
    viewAsUserData: { uid: rita.uid, display_name: rita.display_name } as UserSummary,
  });
  renderWithProviders(<HeldBy holders={[mike, rita]} />);
  expect(heldBy()).toBe('In your accounts and those of Mike Manager');
  cleanup();
  renderWithProviders(<HeldBy holders={[mike]} />);
  expect(heldBy()).toBe('In the accounts of Mike Manager');
});
