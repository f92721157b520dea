import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fromTheAppsPages } from './cleanup.ts';

/** A state-changing API call as the page's signed-in user; answers the JSON the server sent back. */
export async function post<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { data, headers: fromTheAppsPages() });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}
