import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fromTheAppsPages } from './cleanup.ts';

/**
 * Saves, through the API as the signed-in user, a filter on the Airlines industry; public unless
 * said otherwise. Answers its id.
 */
export async function saveAirlinesFilter(
  page: Page,
  name: string,
  options: { private: boolean } = { private: false },
): Promise<string> {
  const created = await page.request.post('/api/filters', {
    // Also called in a browser context of the test's own making.
    headers: fromTheAppsPages(),
    data: {
      name,
      private: options.private,
      filter: {
        complex: true,
        operator: 'AND',
        days_ago: null,
        values: [
          { field: 'industry', complex: false, type: 'text', operator: 'IN', values: ['Airlines'], days_ago: null },
        ],
      },
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}
