import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fromTheAppsPages } from './cleanup.ts';

/** Publishes, as the support account, an alert to Acme's users now; answers its id. */
export async function publishAlert(
  support: Page,
  title: string,
  color: string,
  message = 'Quarry is read-only on <b>Sunday</b> from 02:00 to 04:00 while we move to a larger database.',
): Promise<string> {
  const res = await support.request.post('/api/support/alerts', {
    headers: fromTheAppsPages(),
    data: {
      title,
      message,
      color,
      action_text: 'Details',
      action: '/reporting',
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      tenant_id: 'tnt_acme',
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { id: string }).id;
}
