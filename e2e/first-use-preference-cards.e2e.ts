import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { uniqueName } from './support/unique.ts';

/** Where a card's Edit and Delete sit, measured from the card's top-right corner, in pixels. */
async function actionPlaces(cards: Locator): Promise<{ edit: number[]; delete: number[] }[]> {
  return cards.evaluateAll((elements) =>
    elements.map((card) => {
      const box = card.getBoundingClientRect();
      const place = (name: string) => {
        const button = [...card.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
        if (!button) return [Number.NaN, Number.NaN];
        const b = button.getBoundingClientRect();
        return [Math.round(box.right - b.right), Math.round(b.top - box.top)];
      };
      return { edit: place('Edit'), delete: place('Delete') };
    }),
  );
}

async function places(page: Page, testId: string) {
  const cards = page.getByTestId(testId);
  await cards
    .first()
    .getByRole('button', { name: /^Delete “/ })
    .waitFor();
  return actionPlaces(cards);
}

describe('Edit and Delete on preference cards (#17 item 9)', () => {
  const b = useBrowser();

  it('sit in the same place on every card, however long its text', async () => {
    const { page } = b;
    const name = uniqueName('E2E long trigger');
    await openSignedIn(page, 'ada@acme.test');
    // A trigger with many phrases: its text fills several lines of the card.
    const phrases = Array.from({ length: 14 }, (_, i) => `opens a new regional distribution centre number ${i + 1}`);
    const created = await page.request.post('/api/triggers', {
      headers: fromTheAppsPages(),
      data: { name, hit_type: 'event', phrases, enabled: false },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    try {
      await page.goto('/preferences/triggers');
      await page.getByTestId('trigger').filter({ hasText: name }).waitFor();
      const all = [...(await places(page, 'trigger')), ...(await places(page, 'value-hypothesis'))];
      await page.goto('/preferences/qualificationsignals');
      all.push(...(await places(page, 'qualification-signal')));

      expect(all.length).toBeGreaterThan(3);
      const [first] = all;
      // Top right, in the same spot on every card (to the pixel): Delete last, Edit just before it.
      const spots = (card: (typeof all)[number]) => [...card.edit, ...card.delete];
      for (const card of all) {
        spots(card).forEach((value, i) => {
          expect(Math.abs(value - (spots(first as (typeof all)[number])[i] ?? Number.NaN))).toBeLessThanOrEqual(1);
        });
      }
      const [right, top] = first?.delete ?? [];
      expect(right).toBeLessThan(40);
      expect(top).toBeLessThan(40);
      expect((first?.edit[0] ?? 0) > (first?.delete[0] ?? 0)).toBe(true);
    } finally {
      await page.request.delete(`/api/triggers/${id}`, { headers: fromTheAppsPages() });
    }
  });
});
