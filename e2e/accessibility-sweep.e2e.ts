import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { publishAlert } from './support/alerts.ts';
import { post } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { fromTheAppsPages, removeAddedToTerritory, territoryIds } from './support/cleanup.ts';
import { addToMyAccounts } from './support/demo-accounts.ts';
import { saveAirlinesFilter } from './support/filters.ts';
import { impersonate, stopImpersonating } from './support/impersonation.ts';
import { lastMailTo } from './support/inbox.ts';
import { uniqueName } from './support/unique.ts';

/*
 * One axe sweep over every screen of the router (apps/web/src/app/router.tsx) that a rep, a
 * manager, an admin, support and a signed-out visitor reach, and over the states #17 added, in
 * the light and the dark theme (#17: "axe runs over every screen in both themes with 0 serious
 * violations"). Each role has one browser context and moves between screens through the app's
 * router, as its links do, without loading the page again; on each screen the system theme is
 * switched so that axe reads it in both. Every axe rule runs.
 */

/** The themes every screen is read in; the app follows the reader's system setting ("auto"). */
const THEMES = ['light', 'dark'] as const;

/** A screen's findings, each named by the screen and the theme it was found in. */
class Sweep {
  readonly findings: string[] = [];
  readonly screens: string[] = [];

  constructor(private readonly page: Page) {}

  /**
   * Reads the screen once its own content has loaded (`ready`) and nothing on it is loading any
   * more, in each theme in turn: the reader's system setting is switched, as a person switching
   * their system to dark mode would, and the page is read once it shows that theme. The same
   * screen in both themes, without walking to it twice.
   */
  async check(screen: string, ...ready: Locator[]): Promise<void> {
    for (const locator of ready) await locator.waitFor();
    await this.page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
    this.screens.push(screen);
    for (const theme of THEMES) {
      await this.page.emulateMedia({ colorScheme: theme });
      await this.page.waitForFunction(
        (expected) => document.documentElement.dataset.mantineColorScheme === expected,
        theme,
      );
      for (const finding of await seriousViolations(this.page)) this.findings.push(`${screen} (${theme}) — ${finding}`);
    }
  }
}

/** Opens `path` through the app's router, as one of its links does: no page load. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });

describe('every screen in the light and the dark theme', () => {
  const b = useBrowser({ colorScheme: 'light', reducedMotion: 'reduce' });

  it('signed out, then as a member who has just accepted an invitation: no serious or critical axe violation', async () => {
    const { page, context } = b;
    const sweep = new Sweep(page);
    await page.goto('/login');
    await sweep.check('/login', page.getByRole('button', { name: 'Sign in' }));
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await sweep.check('/login, forgot password', page.getByRole('button', { name: 'Send reset link' }));
    await navigate(page, '/reset-password?token=a-link-from-a-mail-0000000000');
    await sweep.check(
      '/reset-password, a link that cannot be used',
      h1(page, 'Choose a new password'),
      page.getByText('This reset link is invalid or has expired'),
    );
    await navigate(page, '/sorry');
    await sweep.check('/sorry', h1(page, 'Navigation Error'));

    // Ada invites a member; the member opens the mailed link with nobody signed in and joins.
    const address = `${uniqueName('axe-joiner').replace(' ', '-')}@acme.test`;
    await startSession(page, 'ada@acme.test');
    await post(page, '/api/organization/invitations', { email: address, display_name: uniqueName('Axe Joiner') });
    await context.clearCookies();
    const link = lastMailTo(address)?.text_body.match(/https?:\/\/\S+(\/accept-invitation\?token=[\w-]+)/)?.[1];
    expect(link, 'the invitation mail').toBeTruthy();
    await page.goto(link ?? '');
    await sweep.check('/accept-invitation', h1(page, 'Join your team on Quarry'));
    await page.getByLabel(/^Password/).fill('a-long-password');
    await page.getByLabel(/^Confirm password/).fill('a-long-password');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await sweep.check('Home with the first-run guide', page.getByRole('region', { name: 'Welcome to Quarry' }));
    await navigate(page, '/MyTerritory');
    await sweep.check('/MyTerritory, empty', page.getByRole('region', { name: 'Your accounts will appear here' }));

    expect(sweep.findings).toEqual([]);
  });

  it('as a rep (Home, search, /valueMatch, an account, My Accounts, saved filters, lists, a workspace, flows, Add Accounts, 404): no serious or critical axe violation', async () => {
    const { page } = b;
    const sweep = new Sweep(page);
    await openSignedIn(page, 'rita@acme.test');
    const workspaceName = uniqueName('Axe sweep');
    const filterName = uniqueName('Axe filter');
    const workspace = await post<{ id: string }>(page, '/api/workspaces', {
      name: workspaceName,
      description: 'Accessibility',
    });
    // Walmart in her accounts for the time of the test: My Accounts then has a row and its filters.
    const territoryBefore = await territoryIds(page);
    const walmart = await addToMyAccounts(page, 'Walmart');
    let flowId: string | null = null;
    let filterId: string | null = null;
    try {
      const list = await post<{ id: string }>(page, `/api/workspaces/${workspace.id}/lists`, {
        name: 'Axe list',
        type: 'accounts',
      });
      const search = (await (await page.request.get('/api/accounts/search?q=ford')).json()) as {
        hits: { master_account_id: string }[];
      };
      await post(page, `/api/lists/${list.id}/members`, { ids: search.hits.map((h) => h.master_account_id) });
      filterId = await saveAirlinesFilter(page, filterName, { private: true });

      await sweep.check('Home', h1(page, 'Value Match'), page.getByTestId('value-match-card').first());

      await page.keyboard.press('Control+K');
      const dialog = page.getByRole('dialog', { name: 'Search accounts and people' });
      await dialog.getByRole('combobox').fill('the CEO of Edison International');
      await sweep.check(
        'Search (Ctrl+K) with its People group',
        dialog.getByRole('group', { name: 'People' }).getByRole('option', { name: /Pedro Pizarro/ }),
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.getByTestId('value-match-card').first().getByTestId('value-match-open').click();
      await page.waitForURL(/\/valueMatch\//);
      await sweep.check(
        '/valueMatch/:id',
        page.getByTestId('matched-hypothesis').first(),
        page.getByTestId('ranked-contact').first(),
      );

      // A flow of Walmart's, written to two of its contacts.
      const detail = (await (await page.request.get(`/api/accounts/${walmart}`)).json()) as {
        contacts: { id: string }[];
      };
      flowId = (
        await post<{ id: string }>(page, '/api/flows', {
          type: 'create_value_message',
          initiated_from: `/accounts/${walmart}`,
          accounts: [{ master_account_id: walmart, contact_ids: detail.contacts.slice(0, 2).map((c) => c.id) }],
        })
      ).id;

      await navigate(page, `/accounts/${walmart}`);
      await sweep.check('/accounts/:id', h1(page, 'Walmart'), page.getByText('Revenue', { exact: true }));
      await page.getByRole('tab', { name: /Contacts/ }).click();
      await sweep.check('/accounts/:id, Contacts', page.getByRole('tabpanel').getByRole('row').nth(1));
      await page.getByRole('tab', { name: /Comments/ }).click();
      await sweep.check('/accounts/:id, Comments', page.getByLabel('Add a comment for your colleagues'));

      await navigate(page, '/MyTerritory');
      await sweep.check('/MyTerritory', h1(page, 'My Accounts'), page.getByRole('table').getByRole('link').first());
      await page.getByRole('button', { name: 'Filters' }).click();
      await page
        .locator('input')
        .and(page.getByLabel('Saved filters', { exact: true }))
        .click();
      await sweep.check('/MyTerritory, saved filters', page.getByRole('option', { name: filterName }));
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Lists' }).click();
      const drawer = page.getByRole('dialog', { name: 'Lists' });
      await sweep.check('Lists panel', drawer.getByRole('link', { name: workspaceName }));
      await drawer.getByRole('link', { name: workspaceName }).click();
      await drawer.waitFor({ state: 'detached' });
      await sweep.check('/workspaces/:id', h1(page, workspaceName));
      // Its people picker: the list of colleagues had no name.
      await page.getByRole('button', { name: 'Add people' }).click();
      await sweep.check('/workspaces/:id, Add people', page.getByRole('option', { name: /raj@acme\.test/ }));
      await page.keyboard.press('Escape');
      await navigate(page, `/lists/${list.id}`);
      await sweep.check('/lists/:id', page.getByTestId('list-members').getByRole('link').first());

      await navigate(page, '/actions');
      await sweep.check('/actions', page.locator(`[data-testid="flow-row"][data-flow-id="${flowId}"]`));
      await navigate(page, `/action/${flowId}`);
      await sweep.check('/action/:id', page.getByTestId('flow-account').first());

      await navigate(page, '/upload');
      await sweep.check('/upload', h1(page, 'Add Accounts'));
      await navigate(page, '/no/such/page');
      await sweep.check('404', h1(page, 'Oops'));
    } finally {
      if (flowId) await page.request.delete(`/api/flows/${flowId}`, { headers: fromTheAppsPages() });
      if (filterId) await page.request.delete(`/api/filters/${filterId}`, { headers: fromTheAppsPages() });
      await page.request.delete(`/api/workspaces/${workspace.id}`, { headers: fromTheAppsPages() });
      await removeAddedToTerritory(page, territoryBefore);
    }
    expect(sweep.findings).toEqual([]);
  }, 120_000);

  it('as a manager (Reporting, Organization Settings read-only): no serious or critical axe violation', async () => {
    const { page } = b;
    const sweep = new Sweep(page);
    await openSignedIn(page, 'mike@acme.test', '/reporting');
    await sweep.check(
      '/reporting',
      page.getByTestId('report-users'),
      page.getByTestId('report-daily-chart').locator('.recharts-surface'),
    );
    await navigate(page, '/settings?category=tenantConfiguration');
    await sweep.check(
      '/settings?category=tenantConfiguration, as a manager',
      page.getByRole('heading', { name: 'Acme Analytics' }),
      page.getByText('rita@acme.test').first(),
    );
    // The user menu with its Language menu open: their choices are menu items, and nothing else
    // in them takes the focus (a select, a segmented control and Mantine's focus placeholder had).
    await page.getByTestId('user-menu').click();
    await page.getByTestId('language-menu').click();
    await sweep.check('the user menu and its Language menu', page.getByRole('menuitemradio', { name: 'Français' }));
    expect(sweep.findings).toEqual([]);
  });

  it('as an admin (every settings tab, every /preferences page): no serious or critical axe violation', async () => {
    const { page } = b;
    const sweep = new Sweep(page);
    await openSignedIn(page, 'ada@acme.test', '/settings?category=tenantConfiguration');
    await sweep.check(
      '/settings?category=tenantConfiguration, as an admin',
      page.getByRole('button', { name: 'Send invitation' }),
      page.getByText('rita@acme.test').first(),
    );
    await page.getByRole('tab', { name: 'Signal sources' }).click();
    await sweep.check(
      '/settings?category=signalSources',
      page.getByRole('heading', { name: 'Signal sources', level: 2 }),
    );
    await page.getByRole('tab', { name: 'Personal Settings' }).click();
    await sweep.check(
      '/settings?category=userPreferences',
      page.locator('input').and(page.getByLabel('Language', { exact: true })),
    );

    await navigate(page, '/preferences/user');
    await sweep.check('/preferences/user', page.locator('input').and(page.getByLabel('Language', { exact: true })));
    await navigate(page, '/preferences/email');
    await sweep.check('/preferences/email', page.getByRole('tab').first());
    await navigate(page, '/preferences/integrations');
    await sweep.check('/preferences/integrations', page.getByTestId('integration-hubspot'));
    await navigate(page, '/preferences/qualificationsignals');
    await sweep.check('/preferences/qualificationsignals', page.getByTestId('qualification-signal').first());
    await navigate(page, '/preferences/titles');
    await sweep.check('/preferences/titles', page.getByText('Add 5 to 10 specific roles or domains.'));
    await navigate(page, '/preferences/triggers');
    await sweep.check(
      '/preferences/triggers, its cards',
      page.getByTestId('trigger').first(),
      page.getByTestId('value-hypothesis').first(),
    );
    expect(sweep.findings).toEqual([]);
  });

  it('as support (Support Tools, Global alerts, an open alert on a 390 px phone while impersonating): no serious or critical axe violation', async () => {
    const { page } = b;
    const sweep = new Sweep(page);
    await openSignedIn(page, 'support@quarry.test');
    const title = uniqueName('Scheduled maintenance');
    const alertId = await publishAlert(page, title, 'warning');
    let impersonating = false;
    try {
      await page.getByRole('textbox', { name: 'Search users by name, email or company' }).fill('rita');
      await sweep.check(
        '/support-impersonation',
        h1(page, 'Support Tools'),
        page.getByTestId('support-users').getByText('rita@acme.test'),
      );
      // Chosen, her row turns blue: her name on it had read at 4.06:1.
      await page.getByRole('button', { name: 'Choose Rita Rep' }).click();
      await sweep.check('/support-impersonation, Rita chosen', page.getByRole('button', { name: /^Impersonate/ }));
      await navigate(page, '/support-alerts');
      await sweep.check('/support-alerts', h1(page, 'Global alerts'), page.getByRole('row').filter({ hasText: title }));

      await impersonate(page, 'rita@acme.test', 'Ticket 17: accessibility sweep');
      impersonating = true;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      await sweep.check(
        'Home on a 390 px phone, impersonating, with an open global alert',
        page.getByTestId('impersonation-banner'),
        page.getByTestId('alert-banner').getByText(title),
        page.getByTestId('value-match-card').first(),
      );
    } finally {
      if (impersonating) await stopImpersonating(page);
      await page.request.delete(`/api/support/alerts/${alertId}`, { headers: fromTheAppsPages() });
    }
    expect(sweep.findings).toEqual([]);
  });
});
