import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadFeatureStrings } from './i18n.ts';

describe('plural texts through i18next', () => {
  it('says "its 1 list" and "its 2 lists" in English, and a form of each language for 1, never the English', async () => {
    await initI18n();
    // Its texts are feature strings: asked for here, as a route asks, not left to an earlier test.
    await loadFeatureStrings();
    await changeLanguage('en');
    const deleting = (count: number) => i18n.t('workspaces.deleteMessage', { name: 'Q3', count });
    expect(deleting(1)).toBe(
      '"Q3" and its 1 list will be deleted for everyone it is shared with. This cannot be undone.',
    );
    expect(deleting(2)).toContain('its 2 lists');
    // No list: said as such, not "its 0 lists" (French would read "sa liste (0)").
    expect(deleting(0)).toBe(
      '"Q3" will be deleted for everyone it is shared with. It holds no list. This cannot be undone.',
    );
    expect(i18n.t('workspaces.sharedWith', { count: 1 })).toBe('Shared with 1 person');

    // A list's size groups its digits as the page's other counts do.
    expect(i18n.t('lists.memberCount', { count: 3003 })).toBe('Members: 3,003');

    await changeLanguage('fr');
    expect(i18n.t('lists.memberCount', { count: 3003 })).toMatch(/^Membres\u00a0: 3\s003$/u);
    // A label before its value takes each language's colon: a space before it in French, a full-width one in Chinese.
    expect(i18n.t('common.labelled', { label: i18n.t('valueMatch.matchedHypothesis') })).toBe(
      'Hypothèse correspondante\u00a0: ',
    );
    expect(i18n.t('myAccounts.removed', { count: 1 })).toBe('1 compte retiré de Mes comptes');
    expect(i18n.t('myAccounts.removed', { count: 3 })).toBe('3 comptes retirés de Mes comptes');
    expect(i18n.t('workspaces.deleteMessage', { name: 'Q3', count: 0 })).toContain('ne contient aucune liste');

    await changeLanguage('cn');
    expect(i18n.t('common.labelled', { label: '匹配的假设' })).toBe('匹配的假设：');
    for (const language of ['cn', 'ja', 'ko'] as const) {
      await changeLanguage(language);
      const english = i18n.getFixedT('en');
      expect(i18n.t('myAccounts.removed', { count: 1 }), language).not.toBe(
        english('myAccounts.removed', { count: 1 }),
      );
      expect(i18n.t('myAccounts.removed', { count: 1 }), language).toContain('1');
    }
    await changeLanguage('en');
  });
});
