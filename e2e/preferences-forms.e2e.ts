import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { uniqueName } from './support/unique.ts';

/** Creates a trigger through the API with the page's session. */
async function createTrigger(page: Page, name: string, phrases: string[]): Promise<void> {
  const res = await page.request.post('/api/triggers', { data: { name, hit_type: 'event', phrases } });
  expect(res.status()).toBe(201);
}

/** The target titles the API holds for the signed-in user's tenant. */
async function savedTitles(page: Page): Promise<string[]> {
  return ((await (await page.request.get('/api/target-titles')).json()) as { titles: string[] }).titles;
}

/** Whether `selector`'s element has its top inside the window (not above it, not below it). */
function topInView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const box = document.querySelector(sel)?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
  }, selector);
}

describe('preferences forms', () => {
  const b = useBrowser();

  it('scrolls the trigger form into view and focuses its name when Edit is clicked low in the list; Escape leaves edit mode', async () => {
    const { page } = b;
    // Names unique to the attempt: a retry would otherwise find two cards named "E2E low trigger 8".
    const names = Array.from({ length: 8 }, (_, i) => uniqueName(`E2E low trigger ${i + 1}`));
    const last = names[names.length - 1] ?? '';
    await openSignedIn(page, 'ada@acme.test');
    for (const [i, triggerName] of names.entries()) await createTrigger(page, triggerName, [`low phrase ${i + 1}`]);
    await page.goto('/preferences/triggers');
    const card = page.getByTestId('trigger').filter({ hasText: last });
    await card.scrollIntoViewIfNeeded();
    expect(await topInView(page, '[data-testid="trigger-form"]')).toBe(false);

    await card.getByRole('button', { name: `Edit “${last}”` }).click();
    const form = page.getByTestId('trigger-form');
    const name = form.getByLabel('Name');
    expect(await name.inputValue()).toBe(last);
    await expect.poll(() => topInView(page, '[data-testid="trigger-form"]')).toBe(true);
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);

    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Add', exact: true }).waitFor();
    expect(await name.inputValue()).toBe('');
  });

  it('refuses a trigger without phrases next to the phrases field, keeps what was typed, and adds a typed phrase on Add', async () => {
    const { page } = b;
    const triggerName = uniqueName('E2E phraseless trigger');
    await startSession(page, 'ada@acme.test');
    await page.goto('/preferences/triggers');
    const form = page.getByTestId('trigger-form');
    await form.getByLabel('Name').fill(triggerName);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/triggers')) posts.push(request.url());
    });
    await form.getByRole('button', { name: 'Add', exact: true }).click();

    const message = form.getByText('Add at least one phrase: a trigger without phrases never matches');
    await message.waitFor();
    const phrases = form.getByLabel('Phrases');
    expect(await phrases.getAttribute('aria-invalid')).toBe('true');
    expect((await phrases.getAttribute('aria-describedby'))?.split(' ')).toContain(await message.getAttribute('id'));
    expect(await form.getByLabel('Name').inputValue()).toBe(triggerName);
    expect(posts).toEqual([]);

    // A phrase typed but not added with Enter is not lost: Add takes it.
    await phrases.fill('harbour closure');
    await message.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    const card = page.getByTestId('trigger').filter({ hasText: triggerName });
    await card.getByText('harbour closure', { exact: true }).waitFor();
    // The form empties once the save is answered, which may be just after the card shows.
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('');
    expect(posts).toHaveLength(1);
  });

  it('counts a trigger name as the server does (trimmed), and refuses a pasted phrase over 200 characters in words', async () => {
    const { page } = b;
    // The name stays 120 t's (the length is what is tested); the phrase the saved card is found by is
    // unique to the attempt, so that a retry does not find the first attempt's card as well.
    const shortPhrase = uniqueName('short phrase');
    await startSession(page, 'ada@acme.test');
    await page.goto('/preferences/triggers');
    const form = page.getByTestId('trigger-form');
    const add = form.getByRole('button', { name: 'Add', exact: true });
    // 120 characters and trailing spaces: the server trims them, so the form does not count them.
    await form.getByLabel('Name').fill(`${'t'.repeat(120)}   `);
    expect(await form.getByTestId('character-counter').textContent()).toBe('120/120');

    // Typing stops at 200 characters; a paste split on commas can still bring a longer phrase.
    const phrases = form.getByLabel('Phrases');
    await phrases.fill('p'.repeat(250));
    expect(await phrases.inputValue()).toHaveLength(200);
    await phrases.fill('');
    await phrases.focus();
    await page.evaluate(
      (text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
      },
      `${shortPhrase}, ${'q'.repeat(201)}`,
    );
    await form.getByText('A phrase has at most 200 characters', { exact: true }).waitFor();
    expect(await phrases.getAttribute('aria-invalid')).toBe('true');
    expect(await add.isDisabled()).toBe(true);

    // Backspace in the empty input removes the last (long) phrase; the trigger can then be saved.
    await phrases.focus();
    await page.keyboard.press('Backspace');
    await form.getByText('A phrase has at most 200 characters', { exact: true }).waitFor({ state: 'detached' });
    await add.click();
    await page.getByTestId('trigger').filter({ hasText: shortPhrase }).waitFor();
  });

  it('counts hypothesis characters against 120 and 2000, says so in words, and disables Save over a limit', async () => {
    const { page } = b;
    await startSession(page, 'ada@acme.test');
    await page.goto('/preferences/triggers');
    await page.getByRole('button', { name: 'Add hypothesis' }).click();
    const form = page.getByTestId('hypothesis-form');
    const name = form.getByLabel('Name');
    await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true);
    const counters = form.getByTestId('character-counter');
    expect(await counters.allTextContents()).toEqual([
      '0/120',
      '0/2000',
      '0/2000',
      '0/2000',
      '0/2000',
      '0/2000',
      '0/2000',
    ]);

    await name.fill('n'.repeat(121));
    expect((await counters.allTextContents())[0]).toBe('121/120');
    await form.getByText('At most 120 characters', { exact: true }).waitFor();
    expect(await form.getByText('Too big', { exact: false }).count()).toBe(0);
    const add = form.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);

    await name.fill('n'.repeat(120));
    expect(await add.isDisabled()).toBe(false);
    await form.getByLabel('Observation').fill('o'.repeat(2001));
    await form.getByText('At most 2000 characters', { exact: true }).waitFor();
    expect(await add.isDisabled()).toBe(true);
    await form.getByLabel('Observation').fill('Ports are closing');
    expect(await add.isDisabled()).toBe(false);
  });

  it('saves a target title typed but not added with Enter, and warns (without blocking) outside 5 to 10 titles', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test');
    const original = await savedTitles(page);
    try {
      const five = ['E2E Title 1', 'E2E Title 2', 'E2E Title 3', 'E2E Title 4', 'E2E Title 5'];
      expect((await page.request.put('/api/target-titles', { data: { titles: five } })).status()).toBe(200);
      await page.goto('/preferences/titles');
      await page.getByText('E2E Title 5', { exact: true }).waitFor();
      const warning = page.getByTestId('titles-advice-warning');
      expect(await warning.count()).toBe(0);
      const save = page.getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);

      // Typed, not added: Save is enabled and keeps it.
      await page.getByPlaceholder('Type a title and press Enter').fill('E2E Typed Title');
      expect(await save.isDisabled()).toBe(false);
      await save.click();
      await expect.poll(() => savedTitles(page)).toEqual([...five, 'E2E Typed Title']);
      await page.getByText('Saved', { exact: true }).waitFor();

      const thirteen = Array.from({ length: 13 }, (_, i) => `E2E Many ${i + 1}`);
      expect((await page.request.put('/api/target-titles', { data: { titles: thirteen } })).status()).toBe(200);
      await page.reload();
      await warning.getByText('More than 10 titles: the advice is 5 to 10', { exact: false }).waitFor();
      const input = page.getByPlaceholder('Type a title and press Enter');
      await input.fill('E2E Many 14');
      await input.press('Enter');
      await save.click();
      await expect.poll(async () => (await savedTitles(page)).length).toBe(14);

      expect((await page.request.put('/api/target-titles', { data: { titles: ['Only one'] } })).status()).toBe(200);
      await page.reload();
      await warning.getByText('Fewer than 5 titles: the advice is 5 to 10', { exact: false }).waitFor();
    } finally {
      await page.request.put('/api/target-titles', { data: { titles: original } });
    }
  });

  it('keeps every card button on screen at 390 px wide', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    const triggerName = uniqueName('E2E narrow trigger with a rather long name for a phone');
    await openSignedIn(page, 'ada@acme.test');
    await createTrigger(page, triggerName, ['narrow']);
    /** The right edge of the widest button inside cards of `testId`, and how many buttons there are. */
    const buttonsOf = (testId: string) =>
      page.evaluate((id) => {
        const buttons = [...document.querySelectorAll(`[data-testid="${id}"] button, [data-testid="${id}"] input`)];
        return {
          count: buttons.length,
          right: Math.max(0, ...buttons.map((button) => button.getBoundingClientRect().right)),
          width: document.documentElement.clientWidth,
        };
      }, testId);

    await page.goto('/preferences/triggers');
    await page.getByTestId('trigger').filter({ hasText: triggerName }).waitFor();
    await page.getByTestId('value-hypothesis').first().waitFor();
    for (const testId of ['trigger', 'value-hypothesis']) {
      const { count, right, width } = await buttonsOf(testId);
      expect(count).toBeGreaterThan(0);
      expect(right).toBeLessThanOrEqual(width);
    }
    await page.goto('/preferences/qualificationsignals');
    await page.getByTestId('qualification-signal').first().waitFor();
    const signals = await buttonsOf('qualification-signal');
    expect(signals.count).toBeGreaterThan(0);
    expect(signals.right).toBeLessThanOrEqual(signals.width);
  });
});
