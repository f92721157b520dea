import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { addToMyAccounts } from './support/demo-accounts.ts';
import { inviteAndJoin } from './support/invite.ts';
import { chooseLanguage } from './support/language.ts';

/** "Oct 23, 2026": the month named, so that 10/23/26 and 23/10/26 are never confused. */
const DATA_DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

describe("dates, revenue and the account summary in the reader's style (#17 item 12)", () => {
  const b = useBrowser({ reducedMotion: 'reduce' });

  it("writes a signal's date alike on My Accounts and the account page, revenue short, and the summary in French", async () => {
    const { page, context } = b;
    // A member of this attempt, with Walmart in their accounts.
    await inviteAndJoin(page, context, 'a-long-password');
    await page.waitForURL((url) => url.pathname === '/');
    await addToMyAccounts(page, 'Walmart');

    await page.goto('/MyTerritory');
    const row = page.getByTestId('my-accounts-scroll').getByRole('row').filter({ hasText: 'Walmart' });
    await row.waitFor();
    const date = ((await row.getByRole('cell').last().textContent()) ?? '').trim();
    expect(date).toMatch(DATA_DATE);

    await row.getByRole('link', { name: 'Walmart' }).click();
    await page.getByRole('heading', { level: 1, name: 'Walmart' }).waitFor();
    // The same date, written the same way, among the account's signals.
    await page
      .getByTestId('signal')
      .getByText(new RegExp(`^${date} · `))
      .first()
      .waitFor();
    // Revenue in the account's facts is short ("$514.4B"), with the full figure as its title.
    const revenue = page.getByText(/^\$\d{1,3}(\.\d)?[KMBT]$/);
    await revenue.waitFor();
    expect(await revenue.getAttribute('title')).toMatch(/^\$\d{1,3}(,\d{3})+$/);
    expect(await page.getByText(/^converted from/).count()).toBe(0);

    // In French, the summary Quarry writes is French, its sector and industry too, and the revenue
    // in euros (issue #2), its title saying the dollars and the rate it was converted at.
    await chooseLanguage(page, 'Français');
    const summary = page.getByTestId('account-summary');
    await summary
      .filter({
        hasText:
          /^Classée n° 1 au Fortune 500 de 2019 \(secteur\s: Commerce de détail\s; industrie\s: Grande distribution\)/,
      })
      .waitFor();
    expect(await page.getByTestId('account-industry').textContent()).toBe('Grande distribution');
    expect(await page.getByTestId('account-sector').textContent()).toBe('Commerce de détail');
    expect(await summary.textContent()).toMatch(/Siège\s: Bentonville, Ark\.\s; dirigée par C\. Douglas McMillon, /);
    expect(await page.getByText(/^Ranked #/).count()).toBe(0);
    const euros = page.getByText(/^\d{1,3}(,\d)?\sMd\s€$/);
    await euros.waitFor();
    expect(await euros.getAttribute('title')).toMatch(
      /^[\d\s]+\s€ \(514\s405\s000\s000\s\$US au taux de 0,\d+\s€ pour un dollar US, cours du \d{1,2} \S+ \d{4}\)$/,
    );
    // Said on the page too, not only on hover: a rep quoting it knows it was dollars.
    await page.getByText(/^converti de 514,4\sMd\s\$US$/).waitFor();
  });
});
