import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn } from './browser.ts';
import { lastMailTo } from './inbox.ts';
import { uniqueName } from './unique.ts';

/**
 * Ada invites a member under an address unique to the attempt; the member then opens the mailed
 * link in the same browser with nobody signed in, and sees the joining form. Answers the address.
 */
export async function openInvitation(page: Page, context: BrowserContext): Promise<string> {
  const address = `${uniqueName('joiner').replace(' ', '-')}@acme.test`;
  await signIn(page, 'ada@acme.test');
  await page.goto('/settings?category=tenantConfiguration');
  await page.getByRole('textbox', { name: 'Email' }).fill(address);
  await page.getByRole('textbox', { name: 'Display name' }).fill(uniqueName('Jo Joiner'));
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByTestId('snackbar-general').getByText(`Invitation sent to ${address}`).waitFor();
  const link = lastMailTo(address)?.text_body.match(/https?:\/\/\S+accept-invitation\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  // Off Ada's signed-in page first: it answers its first refused request by going to sign-in
  // itself, which would cut the navigation below short.
  await page.goto('about:blank');
  await context.clearCookies();
  const url = new URL(link ?? '');
  await page.goto(url.pathname + url.search);
  await page.getByRole('heading', { name: 'Join your team on Quarry' }).waitFor();
  return address;
}

/** openInvitation, then the member chooses `password` and joins. Answers the address. */
export async function inviteAndJoin(page: Page, context: BrowserContext, password: string): Promise<string> {
  const address = await openInvitation(page, context);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole('button', { name: 'Join' }).click();
  return address;
}
