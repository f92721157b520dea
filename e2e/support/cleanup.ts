import type { Page } from 'playwright-core';
import { baseURL } from './browser.ts';

/*
 * Helpers for a test's clean-up in `finally`: CI runs a failed browser test once more against the
 * same database, and the retry must start from the state the first attempt started from.
 * They act through the page's own API session; the clean-ups assert nothing, so that a failure
 * inside them never hides the test's own.
 */

/**
 * The headers of a state-changing API call as the app's own pages send it: the server refuses one
 * without Origin. Given explicitly, so that these helpers work in any browser context, not only
 * in the one `useBrowser` prepares.
 */
export const fromTheAppsPages = (): Record<string, string> => ({ origin: new URL(baseURL()).origin });

/** Every account in the signed-in user's territory (My Accounts), through the API. */
export async function territoryIds(page: Page): Promise<string[]> {
  const res = await page.request.post('/api/accounts/query/ids', {
    data: { scope: 'territory' },
    headers: fromTheAppsPages(),
  });
  if (!res.ok()) throw new Error(`/api/accounts/query/ids answered ${res.status()}`);
  return ((await res.json()) as { master_account_ids: string[] }).master_account_ids;
}

/** Takes out of the signed-in user's territory every account that is in it now but was not in `before`. */
export async function removeAddedToTerritory(page: Page, before: readonly string[]): Promise<void> {
  const kept = new Set(before);
  const added = (await territoryIds(page)).filter((id) => !kept.has(id));
  // The API takes fewer than 1,000 ids at a time.
  for (let i = 0; i < added.length; i += 999) {
    await page.request.delete('/api/territory', {
      data: { master_account_ids: added.slice(i, i + 999) },
      headers: fromTheAppsPages(),
    });
  }
}

/** Deletes the signed-in user's own workspaces of these names (and the lists no other workspace holds). */
export async function deleteOwnedWorkspaces(page: Page, names: readonly string[]): Promise<void> {
  const res = await page.request.get('/api/workspaces/owned');
  if (!res.ok()) return;
  const { workspaces } = (await res.json()) as { workspaces: { id: string; name: string }[] };
  for (const workspace of workspaces.filter((w) => names.includes(w.name))) {
    await page.request.delete(`/api/workspaces/${workspace.id}`, { headers: fromTheAppsPages() });
  }
}

/**
 * Runs `walk` with the signed-in user's interface in `language`, and puts English back after,
 * whatever happens in it. Setting the language must work: a walk in English would prove nothing.
 */
export async function inLanguage(page: Page, language: string, walk: () => Promise<void>): Promise<void> {
  const set = (value: string) =>
    page.request.patch('/api/me', { headers: fromTheAppsPages(), data: { field: 'preferences.language', value } });
  const answer = await set(language);
  if (!answer.ok()) throw new Error(`The language could not be set to ${language}: ${answer.status()}`);
  try {
    await walk();
  } finally {
    await set('en');
  }
}
