import type { UserDocument } from '@quarry/shared';
import { cleanup, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { useOrganizationActions } from './organization.ts';

const ada = {
  uid: 'u_ada',
  email: 'ada@acme.test',
  display_name: 'Ada Admin',
  company: 'tnt_acme',
  is_admin: true,
  is_manager: false,
} as unknown as UserDocument;

beforeAll(prepareDom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.getState().reset();
});

function RevokeOwnAdmin() {
  const { setRoles } = useOrganizationActions();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => setRoles.mutate({ uid: 'u_ada', roles: { is_admin: false, is_manager: true } }), []);
  return null;
}

it("reads the session's roles again when one's own change: an admin who gave up the role is one no longer", async () => {
  useAuthStore.getState().setUser(ada);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.endsWith('/api/me')
        ? { user: { ...ada, is_admin: false, is_manager: true }, company_configuration: null, impersonation: null }
        : { ...ada, is_admin: false, is_manager: true };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  renderWithProviders(<RevokeOwnAdmin />);
  await waitFor(() => expect(useAuthStore.getState().user?.is_admin).toBe(false));
  expect(useAuthStore.getState().userIsManager).toBe(true);
});
