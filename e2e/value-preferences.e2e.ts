import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { uniqueName } from './support/unique.ts';

/** Creates a value preference through the API with the page's session and answers its id. */
async function create(page: Page, url: string, data: object): Promise<string> {
  const res = await page.request.post(url, { data });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('value preferences', () => {
  const b = useBrowser();

  it('counts qualification signal characters against 100 and 150 and refuses over-long text', async () => {
    const { page } = b;
    await startSession(page, 'ada@acme.test');
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

  it('shows a refused save under the input the server names, keeps the draft, and clears it on edit', async () => {
    const { page } = b;
    await startSession(page, 'ada@acme.test');
    await page.goto('/preferences/qualificationsignals');
    const form = page.getByTestId('signal-form');
    const signal = form.getByLabel('Signal', { exact: true });
    await signal.fill('E2E refused signal');
    await form.getByLabel('Explanation').fill('Kept as typed');
    // The server refuses the save the way its validation does: the message, and the field in details.fields.
    await page.route('**/api/qualification-signals', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                code: 'validation_failed',
                message: 'text: at most 100 characters',
                details: { fields: [{ field: 'text', message: 'at most 100 characters' }] },
              },
            }),
          })
        : route.fallback(),
    );
    await form.getByRole('button', { name: 'Add', exact: true }).click();

    const message = form.getByText('at most 100 characters', { exact: true });
    await message.waitFor();
    const messageId = await message.getAttribute('id');
    expect(messageId).toBeTruthy();
    expect((await signal.getAttribute('aria-describedby'))?.split(' ')).toContain(messageId);
    expect(await signal.getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByText('text:', { exact: false }).count()).toBe(0);
    expect(await form.getByText('Error saving, please try again').count()).toBe(0);
    expect(await signal.inputValue()).toBe('E2E refused signal');
    expect(await form.getByLabel('Explanation').inputValue()).toBe('Kept as typed');

    // Editing another input leaves the message; editing the named one clears it.
    await form.getByLabel('Explanation').fill('Kept as typed, still');
    expect(await message.count()).toBe(1);
    await signal.fill('E2E refused signal, shorter');
    await message.waitFor({ state: 'detached' });
    expect(await signal.getAttribute('aria-invalid')).not.toBe('true');
    await page.unroute('**/api/qualification-signals');

    // An error naming no input of the trigger form stays in the alert, without its key.
    await page.goto('/preferences/triggers');
    const triggerForm = page.getByTestId('trigger-form');
    await triggerForm.getByLabel('Name').fill('E2E refused trigger');
    await triggerForm.getByLabel('Phrases').fill('refused phrase');
    await page.route('**/api/triggers', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                code: 'validation_failed',
                message: 'enabled: Expected boolean',
                details: { fields: [{ field: 'enabled', message: 'Expected boolean' }] },
              },
            }),
          })
        : route.fallback(),
    );
    await triggerForm.getByRole('button', { name: 'Add', exact: true }).click();
    await triggerForm.getByRole('alert').getByText('Expected boolean', { exact: true }).waitFor();
    expect(await triggerForm.getByText('enabled:', { exact: false }).count()).toBe(0);
    expect(await triggerForm.getByLabel('Name').inputValue()).toBe('E2E refused trigger');
    await page.unroute('**/api/triggers');
  });

  it('adds a target title with Enter as a chip, a comma and all, with the 5-to-10 advice', async () => {
    const { page } = b;
    // A comma is part of a title ("VP, Logistics"): typed, it never splits the title in two.
    const title = uniqueName('VP, Fraud Prevention');
    await openSignedIn(page, 'gail@globex.test');
    // Globex's titles are put back as they were at the end: a retry starts from the same list.
    const original = ((await (await page.request.get('/api/target-titles')).json()) as { titles: string[] }).titles;
    try {
      await page.goto('/preferences/titles');
      await page.getByText('Add 5 to 10 specific roles or domains.').waitFor();
      const input = page.getByPlaceholder('Type a title and press Enter');
      // Typed once the saved titles are in: until then the field takes nothing (keys pressed
      // into it while disabled were lost on a busy machine, and the title never became a chip).
      await expect.poll(() => input.isEnabled()).toBe(true);
      await input.pressSequentially(title);
      await input.press('Enter');
      await page.getByText(title, { exact: true }).waitFor();
      expect(await page.getByText('VP', { exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved', { exact: true }).waitFor();
      await page.reload();
      await page.getByText(title, { exact: true }).waitFor();
      // Typed again, in other letter case and spacing: said to be listed already, not silently dropped.
      await expect.poll(() => input.isEnabled()).toBe(true);
      await input.pressSequentially(title.toLowerCase().replace(' ', '  '));
      await input.press('Enter');
      await page.getByText(`“${title}” is already in the list.`, { exact: true }).waitFor();
      expect(await page.getByText(title, { exact: true }).count()).toBe(1);
    } finally {
      await page.request.put('/api/target-titles', { data: { titles: original }, headers: fromTheAppsPages() });
    }
  });

  it('warns before leaving target titles with unsaved changes: Cancel stays, Leave page goes', async () => {
    const { page } = b;
    // Never saved, if all goes well; unique to the attempt, so that a retry checks its own title.
    const title = uniqueName('E2E Unsaved Title');
    await startSession(page, 'ada@acme.test');
    await page.goto('/preferences/titles');
    await page.getByText('Add 5 to 10 specific roles or domains.').waitFor();
    const input = page.getByPlaceholder('Type a title and press Enter');
    await input.fill(title);
    await input.press('Enter');
    await page.getByText(title, { exact: true }).waitFor();

    const warning = page.getByRole('dialog', { name: 'Leave without saving?' });
    const myAccounts = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My Accounts' });
    await myAccounts.click();
    await warning.getByText('Your changes on this page are not saved yet.', { exact: false }).waitFor();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/preferences/titles');
    await page.getByText(title, { exact: true }).waitFor();

    // A reload is guarded too: the page asks the browser for its own prompt.
    const prompt = page.waitForEvent('dialog');
    void page.reload().catch(() => undefined);
    const beforeUnload = await prompt;
    expect(beforeUnload.type()).toBe('beforeunload');
    await beforeUnload.dismiss();
    await page.getByText(title, { exact: true }).waitFor();

    await myAccounts.click();
    await warning.getByRole('button', { name: 'Leave page' }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/myterritory');
    // Nothing was saved.
    const saved = await page.request.get('/api/target-titles');
    expect(((await saved.json()) as { titles: string[] }).titles).not.toContain(title);
  });

  it('asks before leaving a hypothesis or an email rule typed and not saved', async () => {
    const { page } = b;
    await startSession(page, 'ada@acme.test');
    const warning = page.getByRole('dialog', { name: 'Leave without saving?' });
    const myAccounts = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My Accounts' });

    await page.goto('/preferences/triggers');
    await page.getByRole('button', { name: 'Add hypothesis' }).click();
    await page.getByRole('textbox', { name: 'Name' }).first().fill(uniqueName('E2E Unsaved hypothesis'));
    await myAccounts.click();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/preferences/triggers');
    await myAccounts.click();
    await warning.getByRole('button', { name: 'Leave page' }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/myterritory');

    await page.goto('/preferences/email');
    await page.getByRole('button', { name: 'Add rule' }).first().click();
    await page
      .getByRole('textbox', { name: /^Rule \d+$/ })
      .last()
      .fill(uniqueName('Keep it short'));
    await myAccounts.click();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/preferences/email');
    await myAccounts.click();
    await warning.getByRole('button', { name: 'Leave page' }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/myterritory');

    // A qualification signal half-written.
    await page.goto('/preferences/qualificationsignals');
    await page.getByRole('textbox', { name: 'Signal', exact: true }).fill(uniqueName('Unsaved signal'));
    await myAccounts.click();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/preferences/qualificationsignals');
    await myAccounts.click();
    await warning.getByRole('button', { name: 'Leave page' }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/myterritory');
  });

  it('shows a regular user the triggers and hypotheses without edit controls', async () => {
    const { page } = b;
    await startSession(page, 'rita@acme.test');
    await page.goto('/preferences/triggers');
    await page.getByTestId('trigger').first().waitFor();
    await page.getByTestId('value-hypothesis').first().waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });

  it('leads back from a preference page to the settings it is opened from', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test', '/preferences/triggers');
    await page.getByRole('link', { name: 'Organization Settings' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/settings' && url.searchParams.get('category') === 'tenantConfiguration',
    );
    await page.getByRole('tab', { name: 'Organization Settings', selected: true }).waitFor();
    // A rep reads the team's preferences from Personal Settings.
    const rep = await b.newContext('a rep');
    const repPage = await rep.newPage();
    await openSignedIn(repPage, 'rita@acme.test', '/preferences/titles');
    await repPage.getByRole('link', { name: 'Personal Settings' }).click();
    await repPage.waitForURL(
      (url) => url.pathname === '/settings' && url.searchParams.get('category') === 'userPreferences',
    );
    await repPage.getByTestId('team-preference-links').waitFor();
  });

  it('asks before deleting a qualification signal: Cancel keeps it, Delete removes it and closes its edit form', async () => {
    const { page } = b;
    const text = uniqueName('E2E doomed signal');
    await openSignedIn(page, 'ada@acme.test');
    await create(page, '/api/qualification-signals', { type: 'bad', text, explanation: '' });
    await page.goto('/preferences/qualificationsignals');
    const card = page.getByTestId('qualification-signal').filter({ hasText: text });
    await card.waitFor();
    const signalField = page.getByLabel('Signal', { exact: true });

    // Escape cancels the edit form, like Cancel.
    await card.getByRole('button', { name: `Edit “${text}”` }).click();
    expect(await signalField.inputValue()).toBe(text);
    await signalField.press('Escape');
    await page.getByRole('button', { name: 'Add', exact: true }).waitFor();
    expect(await signalField.inputValue()).toBe('');

    await card.getByRole('button', { name: `Edit “${text}”` }).click();
    await card.getByRole('button', { name: `Delete “${text}”` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Delete “${text}”?`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card.count()).toBe(1);
    expect(await signalField.inputValue()).toBe(text);

    await card.getByRole('button', { name: `Delete “${text}”` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add', exact: true }).waitFor();
    expect(await signalField.inputValue()).toBe('');
    const left = (await (await page.request.get('/api/qualification-signals')).json()) as {
      signals: { text: string }[];
    };
    expect(left.signals.map((s) => s.text)).not.toContain(text);
  });

  it('closes the hypothesis form on Escape and asks before deleting a hypothesis or a trigger', async () => {
    const { page } = b;
    const hypothesisName = uniqueName('E2E doomed hypothesis');
    const triggerName = uniqueName('E2E doomed trigger');
    await openSignedIn(page, 'ada@acme.test');
    const hypothesisId = await create(page, '/api/value-hypotheses', { name: hypothesisName });
    await create(page, '/api/triggers', {
      name: triggerName,
      hit_type: 'event',
      phrases: ['port strike'],
      hypothesis_ids: [hypothesisId],
    });
    await page.goto('/preferences/triggers');
    const hypothesis = page.getByTestId('value-hypothesis').filter({ hasText: hypothesisName });
    const trigger = page.getByTestId('trigger').filter({ hasText: triggerName });
    await trigger.getByText(hypothesisName).waitFor();

    await page.getByRole('button', { name: 'Add hypothesis' }).click();
    await page.getByTestId('hypothesis-form').getByLabel('Name').fill('Never saved');
    await page.getByTestId('hypothesis-form').getByLabel('Name').press('Escape');
    await page.getByTestId('hypothesis-form').waitFor({ state: 'detached' });

    const dialog = page.getByRole('dialog');
    await hypothesis.getByRole('button', { name: `Delete “${hypothesisName}”` }).click();
    await dialog.getByText(`Delete “${hypothesisName}”?`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await hypothesis.count()).toBe(1);

    await hypothesis.getByRole('button', { name: `Delete “${hypothesisName}”` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await hypothesis.waitFor({ state: 'detached' });
    await page.getByTestId('snackbar-general').getByText(`Hypothesis “${hypothesisName}” deleted`).waitFor();
    // The trigger no longer names the deleted hypothesis, neither by name nor by id.
    await expect.poll(() => trigger.getByTestId('trigger-hypotheses').count()).toBe(0);
    expect(await trigger.textContent()).not.toContain(hypothesisId);

    await trigger.getByRole('button', { name: `Delete “${triggerName}”` }).click();
    await dialog.getByText(`Delete “${triggerName}”?`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await trigger.count()).toBe(1);
    await trigger.getByRole('button', { name: `Delete “${triggerName}”` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await trigger.waitFor({ state: 'detached' });
    // Deleted as saved: said (a save had a message, a delete none).
    await page.getByTestId('snackbar-general').getByText(`Trigger “${triggerName}” deleted`).waitFor();
  });

  it('lets Escape close an open dropdown first, then the trigger edit form; deleting the edited trigger closes its form', async () => {
    const { page } = b;
    const triggerName = uniqueName('E2E edited trigger');
    await openSignedIn(page, 'ada@acme.test');
    await create(page, '/api/triggers', { name: triggerName, hit_type: 'event', phrases: ['recall'] });
    await page.goto('/preferences/triggers');
    const trigger = page.getByTestId('trigger').filter({ hasText: triggerName });
    const form = page.getByTestId('trigger-form');
    const name = form.getByLabel('Name');

    await trigger.getByRole('button', { name: `Edit “${triggerName}”` }).click();
    expect(await name.inputValue()).toBe(triggerName);
    await form.getByLabel('Supports').click();
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    await form.getByLabel('Supports').press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    expect(await name.inputValue()).toBe(triggerName);
    await form.getByLabel('Supports').press('Escape');
    await form.getByRole('button', { name: 'Add', exact: true }).waitFor();
    expect(await name.inputValue()).toBe('');

    await trigger.getByRole('button', { name: `Edit “${triggerName}”` }).click();
    await form.getByRole('button', { name: 'Save' }).waitFor();
    await trigger.getByRole('button', { name: `Delete “${triggerName}”` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await trigger.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Add', exact: true }).waitFor();
    expect(await name.inputValue()).toBe('');
  });

  it("shows a regular user a colleague's private hypothesis as a label, never its id, and says why nothing is editable", async () => {
    const { page } = b;
    const triggerName = uniqueName('E2E private-backed trigger');
    await openSignedIn(page, 'ada@acme.test');
    const privateId = await create(page, '/api/value-hypotheses', {
      name: uniqueName('Ada private note'),
      visibility: 'private',
    });
    await create(page, '/api/triggers', {
      name: triggerName,
      hit_type: 'event',
      phrases: ['warehouse'],
      hypothesis_ids: [privateId],
    });

    const context = await b.newContext('rita');
    const rita = await context.newPage();
    await startSession(rita, 'rita@acme.test');
    await rita.goto('/preferences/triggers');
    const trigger = rita.getByTestId('trigger').filter({ hasText: triggerName });
    await trigger.getByText('Supports the hypothesis: Private hypothesis', { exact: true }).waitFor();
    expect(await trigger.textContent()).not.toContain(privateId);
    await rita.getByText('Only admins and managers can change these.').waitFor();

    await rita.goto('/preferences/titles');
    await rita.getByText('Only admins and managers can change these.').waitFor();
    expect(await rita.getByText('Add 5 to 10 specific roles or domains.').count()).toBe(0);
  });
});
