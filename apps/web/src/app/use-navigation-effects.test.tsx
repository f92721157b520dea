import type { UserDocument } from '@quarry/shared';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../lib/auth-store.ts';
import { useNavigationEffects } from './use-navigation-effects.ts';

const tracked = vi.hoisted(() => [] as string[]);
vi.mock('../lib/analytics.ts', () => ({ trackPage: (path: string) => tracked.push(path) }));

function Root() {
  useNavigationEffects();
  return <Outlet />;
}

const open = (path: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          {
            path: '/',
            element: <Root />,
            children: [
              { path: 'actions', element: <p>Actions</p> },
              { path: '*', handle: { notFound: true }, element: <p>Oops</p> },
            ],
          },
        ],
        { initialEntries: [path] },
      )}
    />,
  );

afterEach(() => {
  cleanup();
  tracked.length = 0;
  useAuthStore.setState({ user: null });
});

describe('page views', () => {
  it('records a page by its path, and any address the app has no page for as one page, "not found"', () => {
    useAuthStore.setState({ user: { uid: 'u_rita' } as UserDocument });
    open('/actions');
    cleanup();
    open('/nope-404');
    expect(tracked).toEqual(['/actions', '/not-found']);
  });
});
