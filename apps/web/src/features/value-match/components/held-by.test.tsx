import type { UserDocument } from '@quarry/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { HeldBy } from './held-by.tsx';

const rita = { uid: 'u_rita', display_name: 'Rita Rep' };
const mike = { uid: 'u_mike', display_name: 'Mike Manager' };

beforeAll(async () => {
  await prepareDom();
  useAuthStore.setState({ user: { uid: rita.uid, display_name: rita.display_name } as UserDocument });
});
afterEach(cleanup);

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
