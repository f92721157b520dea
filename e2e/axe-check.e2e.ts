import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';

/*
 * The accessibility checks of the other browser tests pass when axe finds nothing; this shows that
 * it does find what it should, on the whole page and within a part of it.
 */
describe('the axe check of the browser tests', () => {
  const b = useBrowser();

  it('reports text a reader cannot read and a button without a name, on the page and within a part of it', async () => {
    const { page } = b;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.id = 'faint';
      faint.textContent = 'Barely readable';
      faint.style.cssText = 'color: #dddddd; background: #ffffff';
      const nameless = document.createElement('button');
      nameless.id = 'nameless';
      document.body.append(faint, nameless);
    });

    const whole = await seriousViolations(page);
    expect(whole).toContain('color-contrast: #faint (#dddddd on #ffffff: 1.35:1)');
    expect(whole).toContain('button-name: #nameless');
    expect(await seriousViolations(page, '#faint')).toEqual(['color-contrast: #faint (#dddddd on #ffffff: 1.35:1)']);
  });
});
