import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { openHome } from './support/home.ts';
import { uniqueName } from './support/unique.ts';

/** What has the keyboard's focus: its tag, id and accessible-ish name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName ?? '',
      id: el?.id ?? '',
      name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      inMain: !!el && !!document.getElementById('main-content')?.contains(el),
    };
  });

/**
 * A person who works by keyboard alone keeps their place: the focus never falls to the document
 * (no ring anywhere, Tab back at "Skip to main content") when what it was on goes away or waits.
 */
describe('the keyboard keeps its place', () => {
  const b = useBrowser();

  it('a page opened from the navigation takes the focus, and the navigation folds away', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    await page.getByRole('heading', { name: 'Value Match', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // Tab from the top, as a person does, to My Accounts.
    for (let i = 0; i < 20 && (await focused(page)).name !== 'My Accounts'; i++) await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('My Accounts');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'My Accounts', level: 1 }).waitFor();
    // The focus had stayed on the link, the navigation open over the page's left column.
    await expect.poll(async () => (await focused(page)).id).toBe('main-content');
    await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeLessThan(100);
    await page.keyboard.press('Tab');
    expect((await focused(page)).inMain).toBe(true);
  });

  it('a menu opened by keyboard starts on its first item', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    const trigger = page.getByTestId('user-menu');
    /** The focused element's place among its menu's items: 0 the first, -1 when not an item. */
    const itemAt = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        const menu = el?.closest('[role="menu"]');
        return menu ? [...menu.querySelectorAll('[data-menu-item]')].indexOf(el as Element) : -1;
      });
    await trigger.focus();
    await page.keyboard.press('Enter');
    // Mantine had left the focus on the menu itself, no item shown, until an arrow was pressed.
    await expect.poll(itemAt).toBe(0);
    await page.keyboard.press('ArrowDown');
    expect(await itemAt()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(itemAt).toBe(0);
    await page.keyboard.press('Escape');
  });

  it("opens the user menu's Appearance menu on its current choice with Enter or →, and goes back to it with Escape or ←", async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    const trigger = page.getByTestId('user-menu');
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return `${el?.getAttribute('role')}: ${el?.textContent?.trim()}${el?.getAttribute('aria-checked') === 'true' ? ' (checked)' : ''}`;
      });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('menuitem: Appearance: System');
    // Enter opens it on the current choice (Mantine's opened on → only, on its first item).
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('menuitemradio: System (checked)');
    // Escape closes it alone (it had closed the whole menu) and goes back to its item.
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe('menuitem: Appearance: System');
    await page.getByRole('menuitemradio').first().waitFor({ state: 'detached' });
    expect(await page.getByRole('menuitem', { name: 'Personal Settings' }).isVisible()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(focused).toBe('menuitemradio: System (checked)');
    // ← as Escape (it had left the focus on the menu's button, the menu open and Escape dead).
    await page.keyboard.press('ArrowLeft');
    await expect.poll(focused).toBe('menuitem: Appearance: System');
    await page.keyboard.press('Escape');
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('menu').waitFor({ state: 'detached' });
  });

  it('removing ticked accounts from a list hands the focus to the rows left, not to the top of the page', async () => {
    const { page } = b;
    await openSignedIn(page, 'raj@acme.test');
    const made = await page.request.post('/api/workspaces', {
      headers: fromTheAppsPages(),
      data: { name: uniqueName('E2E keyboard workspace') },
    });
    expect(made.status()).toBe(201);
    const workspace = (await made.json()) as { id: string };
    try {
      const created = await page.request.post(`/api/workspaces/${workspace.id}/lists`, {
        headers: fromTheAppsPages(),
        data: { name: 'Keyboard list', type: 'accounts' },
      });
      const list = (await created.json()) as { id: string };
      const filled = await page.request.post(`/api/lists/${list.id}/members`, {
        headers: fromTheAppsPages(),
        data: { ids: ['acc_walmart_com', 'acc_ibm_com', 'acc_boeing_com'] },
      });
      expect(filled.status()).toBe(200);
      await page.goto(`/lists/${list.id}`);
      const boeing = page.getByRole('checkbox', { name: 'Select Boeing' });
      await boeing.focus();
      await page.keyboard.press('Space');
      const remove = page.getByRole('button', { name: 'Remove from list' });
      await remove.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('snackbar-general').getByText('1 account removed from the list').waitFor();
      // Remove, disabled with nothing ticked, had dropped the focus to the document; later the
      // keeper's fallback put it on "Select all". It goes to the first row left.
      await expect.poll(async () => (await focused(page)).name).toMatch(/^Select (?!all)/);
      expect((await focused(page)).inMain).toBe(true);
    } finally {
      await page.request.delete(`/api/workspaces/${workspace.id}`, { headers: fromTheAppsPages() });
    }
  });

  it('deleting a trigger hands the focus to its neighbour, not to the top of the page', async () => {
    const { page } = b;
    const name = uniqueName('E2E keyboard trigger');
    await openSignedIn(page, 'ada@acme.test');
    const made = await page.request.post('/api/triggers', {
      headers: fromTheAppsPages(),
      data: { name, hit_type: 'event', phrases: ['warehouse fire'] },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    try {
      await page.goto('/preferences/triggers');
      const remove = page.getByRole('button', { name: `Delete “${name}”` });
      await remove.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Delete' }).focus();
      await page.keyboard.press('Enter');
      await remove.waitFor({ state: 'detached' });
      // The new trigger was the last: the focus goes to the one before it, where the reader was.
      await expect.poll(async () => (await focused(page)).name).toMatch(/^Delete “/);
      // On the page, not in the closing dialog nor on the document. (Where it sits on the screen is
      // not asked: the trigger figures above recompute and move the page after the delete.)
      expect((await focused(page)).inMain).toBe(true);
    } finally {
      await page.request.delete(`/api/triggers/${id}`, { headers: fromTheAppsPages() });
    }
  });

  it('a role switched with Space keeps the focus while it saves', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test', '/settings?category=tenantConfiguration');
    const raj = page.getByRole('switch', { name: /^Manager: Raj/ });
    await raj.waitFor();
    const was = await raj.isChecked();
    try {
      await raj.focus();
      await page.keyboard.press('Space');
      await page
        .getByTestId('snackbar-general')
        .getByText(/^Raj.* (is now|is no longer) a manager$/)
        .waitFor();
      await expect.poll(() => raj.isChecked()).toBe(!was);
      // The switch is disabled while it saves, which had dropped the focus to the document.
      await expect.poll(async () => (await focused(page)).name).toMatch(/^Manager: Raj/);
      await page.keyboard.press('Space');
      await expect.poll(() => raj.isChecked()).toBe(was);
    } finally {
      const { members } = (await (await page.request.get('/api/organization/members')).json()) as {
        members: { uid: string; email: string; is_admin: boolean; is_manager: boolean }[];
      };
      const member = members.find((m) => m.email === 'raj@acme.test');
      if (member && member.is_manager !== was)
        await page.request.put(`/api/organization/members/${member.uid}/roles`, {
          headers: fromTheAppsPages(),
          data: { is_admin: member.is_admin, is_manager: was },
        });
    }
  });
  it('a choice made from a menu, and the confirmation it asks, hand the focus back to the button that opened it', async () => {
    const { page } = b;
    await openHome(page, 'raj@acme.test');
    const cards = page.getByTestId('value-match-card');
    // A card Raj does not hold (other tests assign some to him).
    let card = cards.nth(4);
    for (let i = 4; i < 12; i++) {
      card = cards.nth(i);
      if ((await card.getByText('In your accounts', { exact: true }).count()) === 0) break;
    }
    const name = ((await card.getByTestId('value-match-account-name').textContent()) ?? '').trim();
    const assign = card.getByRole('button', { name: `Assign ${name}` });
    const onAssign = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    /** Opens the card's menu from the keyboard and picks its item once it is in sight and focused. */
    const pick = async (item: RegExp) => {
      await page.keyboard.press('Enter');
      const option = page.getByRole('menuitem', { name: item });
      await option.waitFor();
      await expect
        .poll(async () => {
          if (await option.evaluate((el) => el === document.activeElement)) return true;
          await page.keyboard.press('ArrowDown');
          return option.evaluate((el) => el === document.activeElement);
        })
        .toBe(true);
      await page.keyboard.press('Enter');
    };
    await assign.focus();
    await pick(/Assign to me/);
    await card.getByText('In your accounts', { exact: true }).waitFor();
    // It had gone to the feed's last button, "Load more", thousands of pixels below.
    await expect.poll(onAssign).toBe(`Assign ${name}`);
    await expect.poll(() => assign.isEnabled()).toBe(true);

    await pick(/Remove/);
    const dialog = page.getByRole('dialog', { name: `Remove ${name} from your accounts?` });
    await dialog.getByRole('button', { name: 'Remove' }).focus();
    await page.keyboard.press('Enter');
    await card.getByText('In your accounts', { exact: true }).waitFor({ state: 'detached' });
    await expect.poll(onAssign).toBe(`Assign ${name}`);
  });
});
