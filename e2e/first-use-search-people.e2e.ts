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

  it('keeps the account of a person with a long title readable, at 390 px and at 1400 px', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1400, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await page.keyboard.press('Control+K');
      const dialog = page.getByRole('dialog', { name: 'Search accounts and people' });
      await dialog.getByRole('combobox').fill('chairman president chief executive');
      const people = dialog.getByRole('group', { name: 'People' });
      await people.getByRole('option', { name: /Steven Collis/ }).waitFor();
      await dialog.getByTestId('search-loading').waitFor({ state: 'detached' });
      // "Chairman, President & Chief Executive Officer · AmerisourceBergen": where the account's name
      // is laid out, against the box that clips it (an ellipsis does not move the text, it hides it).
      const hidden = await people.getByRole('option').evaluateAll((options) =>
        options.flatMap((option) => {
          const walker = document.createTreeWalker(option, NodeFilter.SHOW_TEXT);
          const texts: Text[] = [];
          for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
          const last = texts.at(-1);
          if (!last?.textContent) return [];
          const account = last.textContent.split(' · ').at(-1) ?? '';
          const range = document.createRange();
          range.setStart(last, last.textContent.length - account.length);
          range.setEnd(last, last.textContent.length);
          const right = range.getBoundingClientRect().right;
          let clip: Element | null = last.parentElement;
          while (clip && clip !== option && getComputedStyle(clip).overflow === 'visible') clip = clip.parentElement;
          const edge = (clip ?? option).getBoundingClientRect().right;
          return right > edge + 0.5 ? [account] : [];
        }),
      );
      expect(hidden).toEqual([]);
      // Nor is the title cut to nothing beside a long account name (" · Goodyear Tire & Rubber").
      await dialog.getByRole('combobox').fill('fidelity national information chief');
      const kramer = people.getByRole('option', { name: /Gary Norcross/ });
      await kramer.waitFor();
      await dialog.getByTestId('search-loading').waitFor({ state: 'detached' });
      const titleShown = await kramer.getByText(/^Chairman/).evaluate((title) => ({
        shown: title.clientWidth,
        whole: title.scrollWidth,
      }));
      expect(titleShown.shown).toBeGreaterThanOrEqual(Math.min(titleShown.whole, 80));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  });
});
