import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fromTheAppsPages } from './cleanup.ts';

/** The id of the demo account named exactly `name`, found as the search finds it. */
export async function demoAccountId(page: Page, name: string): Promise<string> {
  const search = (await (await page.request.get(`/api/accounts/search?q=${encodeURIComponent(name)}`)).json()) as {
    hits: { master_account_id: string; account_name: string }[];
  };
  const hit = search.hits.find((h) => h.account_name === name);
  if (!hit) throw new Error(`the demo data has no ${name}`);
  return hit.master_account_id;
}

/** Adds the demo account named `name` to the signed-in user's accounts, through the API. */
export async function addToMyAccounts(page: Page, name: string): Promise<string> {
  const id = await demoAccountId(page, name);
  const added = await page.request.post('/api/territory', {
    headers: fromTheAppsPages(),
    data: { master_account_ids: [id] },
  });
  expect(added.ok()).toBe(true);
  return id;
}
