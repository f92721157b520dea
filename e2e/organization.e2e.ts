import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { uniqueName } from './support/unique.ts';

type Roles = { uid: string; email: string; is_admin: boolean; is_manager: boolean };

/** A member's uid and roles, through the API as the signed-in admin. */
async function rolesOf(page: Page, email: string): Promise<Roles> {
  const res = await page.request.get('/api/organization/members');
  const { members } = (await res.json()) as { members: Roles[] };
  const member = members.find((m) => m.email === email);
  if (!member) throw new Error(`${email} is not a member`);
  return member;
}

/**
 * Puts a member's roles back as they were before the test, if it changed them: other tests (and a
 * retry of this one) count on them. A clean-up for `finally`: it asserts nothing.
 */
async function restoreRoles(page: Page, before: Roles): Promise<void> {
  const now = await rolesOf(page, before.email);
  if (now.is_admin === before.is_admin && now.is_manager === before.is_manager) return;
  await page.request.put(`/api/organization/members/${before.uid}/roles`, {
    data: { is_admin: before.is_admin, is_manager: before.is_manager },
    headers: fromTheAppsPages(),
  });
}

/** Revokes, as the signed-in admin, any pending invitation of this address (a clean-up: it asserts nothing). */
async function revokeInvitations(page: Page, email: string): Promise<void> {
  const res = await page.request.get('/api/organization/invitations');
  if (!res.ok()) return;
  const { invitations } = (await res.json()) as { invitations: { id: string; email: string }[] };
  for (const invitation of invitations.filter((i) => i.email === email)) {
    await page.request.delete(`/api/organization/invitations/${invitation.id}`, { headers: fromTheAppsPages() });
  }
}

describe('organization settings', () => {
  const b = useBrowser();

  it('lets an admin make a colleague a manager, but never remove the last admin', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test');
    // Stopped half-way, the test would leave Raj a manager (or not): `finally` puts him back.
    const rajBefore = await rolesOf(page, 'raj@acme.test');
    try {
      await page.goto('/settings?category=tenantConfiguration');
      await page.getByRole('heading', { name: 'Acme Analytics' }).waitFor();
      const rajManager = page.getByRole('switch', { name: /^Manager: Raj/ });
      await rajManager.waitFor();
      const wasManager = await rajManager.isChecked();
      await rajManager.click({ force: true });
      // The role saves at once, and the message says what changed, with a way back.
      const said = page
        .getByTestId('snackbar-general')
        .getByText(wasManager ? /^Raj.* is no longer a manager$/ : /^Raj.* is now a manager$/);
      await said.waitFor();
      await expect.poll(() => rajManager.isChecked()).toBe(!wasManager);
      // Ada is the only admin: her role is shown as text, not as a switch she could turn off.
      expect(await page.getByRole('switch', { name: 'Admin: Ada Lovelace' }).count()).toBe(0);
      const ada = page.getByRole('row').filter({ hasText: 'ada@acme.test' });
      expect(await ada.locator('[data-role="is_admin"]').textContent()).toBe('Admin');
      // Another browser test renames Raj, so he is found by the start of his name.
      // The service account's roles are not managed here: text too.
      expect(await page.getByRole('switch', { name: 'Admin: Acme Service Account' }).count()).toBe(0);
      const service = page.getByRole('row').filter({ hasText: 'admin@acme.test' });
      expect(await service.locator('[data-role="is_admin"]').textContent()).toBe('No');
      // Undo puts Raj back as he was (for the other tests too).
      await page.getByTestId('snackbar-general').getByRole('button', { name: 'Undo' }).click();
      await page
        .getByTestId('snackbar-general')
        .getByText(/^Roles of Raj.* saved$/)
        .waitFor();
      await expect.poll(() => rajManager.isChecked()).toBe(wasManager);
      expect((await rolesOf(page, 'raj@acme.test')).is_manager).toBe(wasManager);
    } finally {
      await restoreRoles(page, rajBefore);
    }
  });

  it('asks before making someone an admin, and changes nothing when the admin cancels', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test');
    // Nothing should change; if something does, `finally` undoes it for the retry and the other tests.
    const ritaBefore = await rolesOf(page, 'rita@acme.test');
    try {
      await page.goto('/settings?category=tenantConfiguration');
      const ritaAdmin = page.getByRole('switch', { name: 'Admin: Rita Rep' });
      await ritaAdmin.waitFor();
      expect(await ritaAdmin.isChecked()).toBe(false);
      await ritaAdmin.click({ force: true });
      const dialog = page.getByRole('dialog', { name: 'Make Rita Rep an admin?' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await ritaAdmin.isChecked()).toBe(false);
      const roles = await page.evaluate(async () => {
        const res = await fetch('/api/organization/members');
        return ((await res.json()) as { members: { email: string; is_admin: boolean }[] }).members.find(
          (m) => m.email === 'rita@acme.test',
        )?.is_admin;
      });
      expect(roles).toBe(false);
    } finally {
      await restoreRoles(page, ritaBefore);
    }
  });

  it('links to the organization-level preference screens, AI email preferences and Integrations among them', async () => {
    const { page } = b;
    await startSession(page, 'ada@acme.test');
    await page.goto('/settings?category=tenantConfiguration');
    await page.getByRole('link', { name: 'Triggers' }).first().waitFor();
    // AI email preferences arrived with the flows (#15), Integrations with #21 (no longer "Not available yet").
    await page.getByRole('link', { name: 'AI email preferences' }).first().click();
    await page.waitForURL((url) => url.pathname === '/preferences/email');
    await page.goto('/settings?category=tenantConfiguration');
    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await page.waitForURL((url) => url.pathname === '/preferences/integrations');
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    // The spec's catalogue: all four tools, each with a card (Outreach connects by OAuth since it landed).
    for (const type of ['apolloio', 'outreach', 'hubspot', 'salesloft'])
      await page.getByTestId(`integration-${type}`).waitFor();
    expect(await page.getByText('Not available yet').count()).toBe(0);
  });

  it('shows a manager the members without letting them change roles or invite', async () => {
    const { page } = b;
    await startSession(page, 'mike@acme.test');
    await page.goto('/settings?category=tenantConfiguration');
    // Read-only, the roles are text: no switch whose "on" looks like "off".
    await page.getByRole('row').filter({ hasText: 'rita@acme.test' }).locator('[data-role="is_manager"]').waitFor();
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
    await page.getByText('Only admins change roles and invite members.').waitFor();
  });

  it('invites a member whose pending invitation can be revoked after confirming', async () => {
    const { page } = b;
    // An address and a name unique to the attempt: a retry never meets the first attempt's invitation.
    const email = `${uniqueName('newcomer').replace(' ', '-')}@acme.test`;
    const displayName = uniqueName('Nadia Newcomer');
    await startSession(page, 'ada@acme.test');
    await page.goto('/settings?category=tenantConfiguration');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Display name' }).fill(displayName);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByTestId('snackbar-general').getByText(`Invitation sent to ${email}`).waitFor();
    await page.getByRole('cell', { name: displayName }).waitFor();
    await page.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
    await page.getByRole('dialog', { name: 'Revoke this invitation?' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('cell', { name: displayName }).waitFor({ state: 'detached' });
  });

  it("shows a refused invitation under the Email field, without the API's field key", async () => {
    const { page } = b;
    await startSession(page, 'ada@acme.test');
    await page.goto('/settings?category=tenantConfiguration');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill('rita@acme.test');
    await page.getByRole('textbox', { name: 'Display name' }).fill('Rita again');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const message = 'Someone already signs in with this email address.';
    await page.getByText(message).waitFor();
    // Mantine ties the error to its input: it is the field's description, and the field is invalid.
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    const descriptions = await Promise.all(
      describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(descriptions).toContain(message);
    expect(await page.getByText(/email:/).count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: message }).count()).toBe(0);
    // Typing again clears it.
    await email.fill('rita2@acme.test');
    await page.getByText(message).waitFor({ state: 'detached' });
  });

  it('answers an address of another company like a new one', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test');
    // The address is fixed (Gail signs in at Globex): a pending invitation left by a failed attempt is
    // revoked at the end, so that the retry starts without one.
    try {
      await page.goto('/settings?category=tenantConfiguration');
      await page.getByRole('textbox', { name: 'Email' }).fill('gail@globex.test');
      await page.getByRole('textbox', { name: 'Display name' }).fill('Gail');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByTestId('snackbar-general').getByText('Invitation sent to gail@globex.test').waitFor();
      await page.getByRole('button', { name: 'Revoke the invitation of gail@globex.test' }).click();
      await page
        .getByRole('dialog', { name: 'Revoke this invitation?' })
        .getByRole('button', { name: 'Revoke' })
        .click();
      await page
        .getByRole('button', { name: 'Revoke the invitation of gail@globex.test' })
        .waitFor({ state: 'detached' });
    } finally {
      await revokeInvitations(page, 'gail@globex.test');
    }
  });

  it('puts the tab a regular user actually sees into the address instead of tenantConfiguration', async () => {
    const { page } = b;
    await startSession(page, 'raj@acme.test');
    await page.goto('/settings?category=tenantConfiguration');
    await page.waitForURL((url) => url.searchParams.get('category') === 'userPreferences');
    expect(await page.getByRole('tab', { name: 'Personal Settings' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Organization Settings' }).count()).toBe(0);
    // Said, as other refused pages are: not a silent swap.
    await page.getByText('You don’t have access to that page.').waitFor();
    // The team's preference screens are still there to read, from Personal Settings.
    await page.getByTestId('team-preference-links').getByRole('link', { name: 'Triggers' }).click();
    await page.waitForURL('**/preferences/triggers');
    await page.getByText('Only admins and managers can change these.').first().waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/settings');
    // Replaced, not pushed: Back leaves settings instead of returning to the address it corrected.
    await page.goBack();
    await page.waitForURL((url) => url.pathname !== '/settings');
  });
});
