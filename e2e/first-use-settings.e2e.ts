import { describe, expect, it } from 'vitest';
import { startSession, useBrowser } from './support/browser.ts';

describe('Organization Settings read by a manager', () => {
  const b = useBrowser();

  it('shows who is an admin and who is a manager as text, not as disabled switches', async () => {
    const { page } = b;
    await startSession(page, 'mike@acme.test');
    await page.goto('/settings?category=tenantConfiguration');
    const row = (email: string) => page.getByRole('row').filter({ hasText: email });
    const cell = (email: string, role: 'is_admin' | 'is_manager') => row(email).locator(`[data-role="${role}"]`);
    await cell('ada@acme.test', 'is_admin').waitFor();
    expect(await cell('ada@acme.test', 'is_admin').textContent()).toBe('Admin');
    expect(await cell('mike@acme.test', 'is_manager').textContent()).toBe('Manager');
    expect(await cell('mike@acme.test', 'is_admin').textContent()).toBe('No');
    expect(await cell('rita@acme.test', 'is_admin').textContent()).toBe('No');
    expect(await page.getByRole('switch').count()).toBe(0);
  });
});
