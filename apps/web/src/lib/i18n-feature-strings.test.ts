import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadFeatureStrings } from './i18n.ts';

describe('feature strings and a language chosen while they load', () => {
  // The language chosen is kept in this browser's storage: the next test files (run in the same
  // worker) must start in English again.
  afterEach(() => changeLanguage('en'));

  it("gives a route the chosen language's feature texts, not English's, when the language changes mid-load", async () => {
    await initI18n();
    // French's own strings are already here (chosen on the sign-in page), its feature strings not.
    await changeLanguage('fr');
    await changeLanguage('en');
    // A fresh sign-in: the route asks for feature strings in English, and the user's saved
    // language (French) is applied before they have arrived.
    const route = loadFeatureStrings();
    await changeLanguage('fr');
    await route;
    expect(i18n.language).toBe('fr');
    expect(i18n.t('flows.start.campaignTitle')).toBe('Lancer une campagne de correspondance de valeur\u202f?');
  });

  it('loads the chosen language when the route asked after the change began', async () => {
    await initI18n();
    const changing = changeLanguage('ja');
    const route = loadFeatureStrings();
    await Promise.all([changing, route]);
    expect(i18n.t('flows.start.campaignTitle')).toBe('バリューマッチキャンペーンを開始しますか？');
  });
  it("gives the first page of a fresh load the saved language's feature texts, though the route asked before the start", async () => {
    // French was chosen in this browser before.
    await changeLanguage('fr');
    // The router is created (and loads the first page's route) before initI18n runs.
    const route = loadFeatureStrings();
    await initI18n();
    await route;
    expect(i18n.language).toBe('fr');
    expect(i18n.t('flows.start.campaignTitle')).toBe('Lancer une campagne de correspondance de valeur\u202f?');
  });
});
