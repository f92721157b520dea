import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';

describe('Cmd+K finds people too (#17 item 4)', () => {
  const b = useBrowser();

  it('finds the CEO of Edison International under the accounts and opens the account at that person', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Search accounts and people' });
    const input = dialog.getByRole('combobox');
    await input.fill('the CEO of Edison International');
    const people = dialog.getByRole('group', { name: 'People' });
    const pedro = people.getByRole('option', { name: /Pedro Pizarro/ });
    await pedro.waitFor();
    expect(await pedro.textContent()).toContain('Chief Executive Officer');
    expect(await pedro.textContent()).toContain('Edison International');

    // A name alone: the account group comes first, the people group under it.
    await input.fill('edison');
    await dialog
      .getByRole('group', { name: 'Accounts' })
      .getByRole('option', { name: /Consolidated Edison/ })
      .waitFor();
    await people.getByRole('option', { name: /McAvoy/ }).waitFor();
    const groups = dialog.getByRole('group');
    expect(await groups.nth(0).getAttribute('aria-labelledby')).toBe('search-group-accounts');
    expect(await groups.nth(1).getAttribute('aria-labelledby')).toBe('search-group-people');

    // By keyboard, as for accounts: the arrows run on from the accounts into the people.
    await input.fill('pedro pizarro');
    // Wait for this query's answer, not the last one's (Pedro is among Edison's people too):
    // no account is called so, and the spinner has gone.
    await dialog.getByRole('group', { name: 'Accounts' }).waitFor({ state: 'detached' });
    await dialog.getByTestId('search-loading').waitFor({ state: 'detached' });
    await pedro.waitFor();
    const options = dialog.getByRole('option');
    const index = await options.evaluateAll((els) => els.findIndex((el) => el.textContent?.includes('Pedro Pizarro')));
    for (let i = 0; i < index; i++) await input.press('ArrowDown');
    expect(await pedro.getAttribute('aria-selected')).toBe('true');
    await input.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Edison International' }).waitFor();
    expect(new URL(page.url()).searchParams.get('contact')).toBeTruthy();
    expect(await page.getByRole('tab', { name: /Contacts/ }).getAttribute('aria-selected')).toBe('true');
    const row = page.getByRole('row', { name: /Pedro Pizarro/ });
    expect(await row.getAttribute('aria-current')).toBe('true');
    await expect.poll(() => row.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('tr[aria-current="true"]').count()).toBe(1);
  });

  it('forgives one typing slip: "aple" finds Apple, and Enter opens it', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Search accounts and people' });
    const input = dialog.getByRole('combobox');
    await input.fill('aple');
    const apple = dialog.getByRole('group', { name: 'Accounts' }).getByRole('option', { name: /^Apple/ });
    await apple.waitFor();
    expect(await apple.getAttribute('aria-selected')).toBe('true');
    await input.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Apple' }).waitFor();
  });
});
