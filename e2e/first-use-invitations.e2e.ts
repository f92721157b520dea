import { describe, expect, it } from 'vitest';
import { startSession, useBrowser } from './support/browser.ts';
import { inviteAndJoin, openInvitation } from './support/invite.ts';

describe('invitations (#17 item 10)', () => {
  const b = useBrowser();

  it('keeps the invite row in line when the Email field shows an error', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1400, height: 900 });
    await startSession(page, 'ada@acme.test');
    await page.goto('/settings?category=tenantConfiguration');
    const email = page.getByRole('textbox', { name: 'Email' });
    const name = page.getByRole('textbox', { name: 'Display name' });
    const send = page.getByRole('button', { name: 'Send invitation' });
    await email.fill('rita@acme.test');
    await name.fill('Rita again');
    const box = async () => ({
      email: await email.boundingBox(),
      name: await name.boundingBox(),
      send: await send.boundingBox(),
    });
    const before = await box();
    await send.click();
    await page.getByText('Someone already signs in with this email address.').waitFor();
    const after = await box();
    // The error sits under the field: the field keeps its width and place, the other field and the
    // button stay where they were, on the field's line.
    expect(after.email).toEqual(before.email);
    expect(after.name).toEqual(before.name);
    expect(after.send).toEqual(before.send);
    expect(after.name?.y).toBe(after.email?.y);
    expect(after.send?.y).toBe(after.email?.y);
  });

  it('signs the new member in when they accept, and lands them on Home', async () => {
    const { page, context } = b;
    const address = await inviteAndJoin(page, context, 'a-long-password');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('user-menu').waitFor();
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(200);
    expect((await me.json()).user).toMatchObject({ email: address });
  });

  it('says every problem of the joining form under its own field, at once', async () => {
    const { page, context } = b;
    await openInvitation(page, context);

    const name = page.getByRole('textbox', { name: /^Display name/ });
    const password = page.getByLabel(/^Password/);
    const confirm = page.getByLabel(/^Confirm password/);
    await name.fill('');
    await password.fill('short');
    await page.getByRole('button', { name: 'Join' }).click();
    // Every problem, each at its field: a confirmation that differs too, though the password is short.
    await page.getByText('Display name is required').waitFor();
    await page.getByText('Use at least 8 characters').waitFor();
    await page.getByText('The two passwords do not match').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').count()).toBe(0);

    await name.fill('Fi Fielder');
    await password.fill('a-long-password');
    await confirm.fill('another-password');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByText('The two passwords do not match').waitFor();
    expect(await page.getByText('Display name is required').count()).toBe(0);

    await confirm.fill('a-long-password');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.waitForURL((u) => u.pathname === '/');
  });
});
