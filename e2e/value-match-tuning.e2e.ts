import type { TriggerStatsList, ValueMatchDetail } from '@quarry/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';

/** /preferences/triggers, once every trigger's counts have loaded. */
async function openTriggers(page: Page) {
  await page.goto('/preferences/triggers');
  await page.getByTestId('trigger-stats').first().waitFor({ timeout: 30_000 });
}

/** The signal on the match page (the first place it stands, when two hypotheses share it). */
const signal = (page: Page, hitId: string) => page.locator(`[data-testid="evidence"][data-hit-id="${hitId}"]`).first();

const cardOf = (page: Page, name: string) =>
  page.getByTestId('trigger').filter({ has: page.getByText(name, { exact: true }) });

/** What a trigger's card says of its precision while nobody has marked any of its `total` signals. */
const unmarkedPrecision = (total: number) =>
  total === 1
    ? "Your team's precision: not measured yet. Nobody has marked its one signal at Value Match and Value Alignment accounts not relevant."
    : `Your team's precision: not measured yet. Nobody has marked any of its ${total} signals at Value Match and Value Alignment accounts not relevant.`;

describe('value match tuning', () => {
  const b = useBrowser();

  it('shows an admin per trigger the accounts per tier and three matched sentences, and a mark from /valueMatch changes the precision', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test');
    // A Value Match signal shown on its match page, found by a trigger that has examples.
    await page.getByRole('heading', { name: 'Value Match' }).waitFor();
    const stats = (await (await page.request.get('/api/value-matches/trigger-stats')).json()) as TriggerStatsList;
    const triggers = (await (await page.request.get('/api/triggers')).json()) as {
      triggers: { id: string; name: string }[];
    };
    let chosen: { name: string; accountId: string; title: string; hitId: string; total: number } | null = null;
    for (const s of [...stats.triggers].sort((a, z) => z.accounts.tier_1 - a.accounts.tier_1)) {
      if (s.accounts.tier_1 === 0 || s.examples.length < 3 || s.marked_not_relevant > 0) continue;
      for (const e of s.examples) {
        const detail = (await (
          await page.request.get(`/api/value-matches/${e.master_account_id}`)
        ).json()) as ValueMatchDetail;
        const evidence = detail.hypotheses.flatMap((h) => h.evidence).find((x) => x.hit_id === e.hit_id);
        const name = triggers.triggers.find((t) => t.id === s.trigger_id)?.name;
        if (evidence && name) {
          chosen = {
            name,
            accountId: e.master_account_id,
            title: evidence.title,
            hitId: e.hit_id,
            total: s.top_tier_hits,
          };
          break;
        }
      }
      if (chosen) break;
    }
    if (!chosen) throw new Error('no trigger with a Value Match signal shown on its match page');
    const { name, accountId, title, hitId, total } = chosen;
    const expected = stats.triggers.find((s) => triggers.triggers.find((t) => t.id === s.trigger_id)?.name === name);

    try {
      await openTriggers(page);
      const card = cardOf(page, name);
      expect(await card.getByTestId('trigger-tier-counts').textContent()).toBe(
        `Accounts it ranks now: Value Match ${expected?.accounts.tier_1} · Value Alignment ${expected?.accounts.tier_2}`,
      );
      const foundOnly = card.getByTestId('trigger-found-only');
      if (expected?.accounts.none)
        expect(await foundOnly.textContent()).toBe(
          `Also found at ${expected.accounts.none} more account${expected.accounts.none === 1 ? '' : 's'}, left at Activity Found.`,
        );
      else expect(await foundOnly.count()).toBe(0);
      const examples = await card.getByTestId('trigger-example').allTextContents();
      expect(examples).toHaveLength(3);
      // Each example names its account and shows the matched words marked inside the sentence.
      expect(await card.getByTestId('trigger-example').locator('mark').count()).toBe(3);
      // ...and when it was published, so a sentence of 2008 is not read as this week's.
      const published = (at: string | undefined) =>
        at ? ` · ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(at))}` : '';
      // ...and the tier of the account it was found at.
      const tierNames = { tier_1: 'Value Match', tier_2: 'Value Alignment', none: 'Activity Found' } as const;
      for (const [i, e] of (expected?.examples ?? []).entries())
        expect(examples[i]).toBe(
          `${e.account_name}${e.tier ? tierNames[e.tier] : ''}: ${e.sentence}${published(e.published_at)}`,
        );
      expect(examples.every((e) => / · [A-Z][a-z]{2} \d{1,2}, \d{4}$/.test(e))).toBe(true);
      expect(await card.getByTestId('trigger-precision').textContent()).toBe(unmarkedPrecision(total));

      // On the match, the signal is marked not relevant (from the keyboard)...
      await page.goto(`/valueMatch/${accountId}`);
      await signal(page, hitId)
        .getByRole('button', { name: `Mark “${title}” not relevant` })
        .focus();
      // An admin marks herself: no note sends her to her manager.
      expect(await page.getByTestId('mark-ask-manager').count()).toBe(0);
      await page.keyboard.press('Enter');
      await signal(page, hitId)
        .getByRole('button', { name: `Undo the not relevant mark on “${title}”` })
        .waitFor();
      await page
        .getByText(/^This signal is marked not relevant for your team: it counts against the triggers/)
        .waitFor();
      // The match is computed again without it: the page follows, and the signal waits among the
      // account's other signals, marked, with its undo.
      const activity = page.getByTestId('value-match-activity');
      const movedUndo = activity
        .locator(`[data-hit-id="${hitId}"]`)
        .getByRole('button', { name: `Undo the not relevant mark on “${title}”` });
      await movedUndo.waitFor({ timeout: 30_000 });
      // The focus followed the signal: Enter on it would undo the mark.
      await expect
        .poll(() => movedUndo.evaluate((el) => el === document.activeElement), { timeout: 10_000 })
        .toBe(true);
      const detail = (await (await page.request.get(`/api/value-matches/${accountId}`)).json()) as ValueMatchDetail;
      expect(detail.hypotheses.flatMap((h) => h.evidence).some((e) => e.hit_id === hitId)).toBe(false);

      // ...and the trigger's precision on the preferences screen counts it: one rejected among the
      // signals it found (the recompute may have moved the account's other signals too).
      const precisionText = (s: TriggerStatsList['triggers'][number] | undefined) => {
        const found = s?.top_tier_hits ?? 0;
        // One mark among many never reads as 100%: a share just under it takes a decimal (99.5%).
        const share = (found - 1) / found;
        const percent =
          Math.round(share * 100) === 100
            ? `${(Math.floor(share * 1000) / 10).toFixed(1)}%`
            : `${Math.round(share * 100)}%`;
        const marked = s?.marked_not_relevant ?? 0;
        return `Your team's precision: ${percent}. ${marked} of its ${found} signals at Value Match and Value Alignment accounts ${marked === 1 ? 'is' : 'are'} marked not relevant; the others count as relevant.`;
      };
      await expect
        .poll(
          async () => {
            const now = (await (await page.request.get('/api/value-matches/trigger-stats')).json()) as TriggerStatsList;
            const mine = now.triggers.find((s) => s.trigger_id === expected?.trigger_id);
            await openTriggers(page);
            const shown = await cardOf(page, name).getByTestId('trigger-precision').textContent();
            return mine?.marked_not_relevant === 1 && shown === precisionText(mine) && !shown.includes('100%');
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(true);

      // Undo from the match takes it back into the evidence.
      await page.goto(`/valueMatch/${accountId}`);
      await signal(page, hitId)
        .getByRole('button', { name: `Undo the not relevant mark on “${title}”` })
        .focus();
      await page.keyboard.press('Enter');
      const markAgain = page
        .getByTestId('matched-hypothesis')
        .locator(`[data-hit-id="${hitId}"]`)
        .getByRole('button', { name: `Mark “${title}” not relevant` })
        .first();
      await markAgain.waitFor({ timeout: 30_000 });
      // The focus followed the signal back: it had stayed where the app put it when Undo went (the
      // contacts' Select all, far below).
      await expect
        .poll(() => markAgain.evaluate((el) => el === document.activeElement), { timeout: 10_000 })
        .toBe(true);
      await openTriggers(page);
      await cardOf(page, name).getByTestId('trigger-precision').getByText(unmarkedPrecision(total)).waitFor();

      // Marked by mistake, the message that confirms the mark undoes it: the recompute may have
      // moved the signal out of sight by the time the manager sees the slip. On a phone here: the
      // message keeps the snack's width, its buttons under it (it had been squeezed to a word a line).
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/valueMatch/${accountId}`);
      await signal(page, hitId)
        .getByRole('button', { name: `Mark “${title}” not relevant` })
        .click();
      const snack = page.getByTestId('snackbar-general');
      const message = snack.getByText(/^This signal is marked not relevant for your team/);
      await message.waitFor();
      const [messageWidth, snackWidth] = await Promise.all([
        message.evaluate((el) => el.getBoundingClientRect().width),
        snack.evaluate((el) => el.clientWidth),
      ]);
      expect(messageWidth).toBeGreaterThan(snackWidth * 0.7);
      await snack.getByRole('button', { name: 'Undo', exact: true }).click();
      await snack.getByText('Mark removed', { exact: true }).waitFor();
      await page
        .getByTestId('matched-hypothesis')
        .locator(`[data-hit-id="${hitId}"]`)
        .getByRole('button', { name: `Mark “${title}” not relevant` })
        .first()
        .waitFor({ timeout: 30_000 });
      const marks = (await (await page.request.get('/api/value-matches/trigger-stats')).json()) as TriggerStatsList;
      expect(marks.triggers.find((s) => s.trigger_id === expected?.trigger_id)?.marked_not_relevant).toBe(0);
    } finally {
      await page.request.delete(`/api/value-matches/${accountId}/marks/${hitId}`, { headers: fromTheAppsPages() });
    }
  });
});
