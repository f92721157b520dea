import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fromTheAppsPages } from './cleanup.ts';

/** Support, signed in on `support`, starts impersonating the member with this address, as Support Tools does. */
export async function impersonate(support: Page, address: string, reason: string): Promise<void> {
  const found = (await (await support.request.get(`/api/support/users?q=${encodeURIComponent(address)}`)).json()) as {
    users: { uid: string; email: string }[];
  };
  const member = found.users.find((u) => u.email === address);
  if (!member) throw new Error(`Support Tools do not find ${address}`);
  const started = await support.request.post('/api/support/impersonation', {
    headers: fromTheAppsPages(),
    data: { uid: member.uid, reason },
  });
  expect(started.status(), await started.text()).toBe(200);
}

/** Ends support's impersonation (a clean-up: it asserts nothing). */
export async function stopImpersonating(support: Page): Promise<void> {
  await support.request.delete('/api/support/impersonation', { headers: fromTheAppsPages() });
}
