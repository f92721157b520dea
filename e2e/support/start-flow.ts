import type { Page, Response } from 'playwright-core';

/**
 * Presses a start button ("Create value message", "Quick Prospect") for the ticked contacts and
 * answers the server's answer to the start. When a flow not sent yet already writes to them (one an
 * earlier test or attempt left), the app asks first: the test starts another, as a rep who meant it.
 */
export async function startFlowFor(page: Page, button: string): Promise<Response> {
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/flows') && r.request().method() === 'POST');
  await page.getByRole('button', { name: button }).click();
  // Answered if it comes; left waiting (and dropped with the page) if the start went straight through.
  const dialog = page.getByRole('dialog', { name: 'Already being written to' });
  void dialog
    .waitFor({ timeout: 20_000 })
    .then(() => dialog.getByRole('button', { name: 'Start another' }).click())
    .catch(() => undefined);
  return posted;
}
