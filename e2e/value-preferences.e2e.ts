import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';

describe('value preferences', () => {
  const b = useBrowser();

  it('counts qualification signal characters against 100 and 150 and refuses over-long text', async () => {
    const { page } = b;
    await signIn(page, 'ada@acme.test');
    await page.goto('/preferences/qualificationsignals');
    await page.getByRole('heading', { name: 'Qualification signals' }).waitFor();
    await page.getByTestId('qualification-signal').first().waitFor();
    const counters = page.getByTestId('character-counter');
    expect(await counters.allTextContents()).toEqual(['0/100', '0/150']);
    await page.getByLabel('Signal', { exact: true }).fill('Sells physical goods');
    await page.getByLabel('Explanation').fill('x'.repeat(151));
    expect(await counters.allTextContents()).toEqual(['20/100', '151/150']);
    expect(await page.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await page.getByText('At most 150 characters').waitFor();
    await page.getByLabel('Explanation').fill('They ship goods');
    expect(await page.getByRole('button', { name: 'Add' }).isDisabled()).toBe(false);
  });

  it('adds a target title with Enter as a chip, with the 5-to-10 advice', async () => {
    const { page } = b;
    await signIn(page, 'gail@globex.test');
    await page.goto('/preferences/titles');
    await page.getByText('Add 5 to 10 specific roles or domains.').waitFor();
    const input = page.getByPlaceholder('Type a title and press Enter');
    await input.fill('Head of Fraud Prevention');
    await input.press('Enter');
    await page.getByText('Head of Fraud Prevention', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('Head of Fraud Prevention', { exact: true }).waitFor();
  });

  it('shows a regular user the triggers and hypotheses without edit controls', async () => {
    const { page } = b;
    await signIn(page, 'rita@acme.test');
    await page.goto('/preferences/triggers');
    await page.getByTestId('trigger').first().waitFor();
    await page.getByTestId('value-hypothesis').first().waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });
});
