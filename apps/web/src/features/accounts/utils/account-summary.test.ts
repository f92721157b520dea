import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { industryLabel } from '../../../lib/industry-label.ts';
import { prepareDom } from '../../../test-support/dom.tsx';
import { accountSummaryText } from './account-summary.ts';

const walmart = {
  description: 'Ranked #1 in the 2019 Fortune 500 …',
  summary_facts: {
    kind: 'fortune500' as const,
    rank: 1,
    year: 2019,
    sector: 'Retailing',
    industry: 'General Merchandisers',
    location: 'Bentonville, Ark.',
    ceo: 'C. Douglas McMillon',
    ceo_title: 'President, Chief Executive Officer & Director',
  },
};

beforeAll(prepareDom);
afterEach(() => changeLanguage('en'));

describe('account summary and industry names', () => {
  it("names the account's sector and industry in the reader's language", async () => {
    await changeLanguage('ja');
    const t = i18n.t.bind(i18n);
    expect(industryLabel('Specialty Retailers: Other', t)).toBe('専門小売：その他');
    expect(accountSummaryText(walmart, t)).toContain('セクター：小売、業種：総合小売');
    await changeLanguage('fr');
    expect(accountSummaryText(walmart, i18n.t.bind(i18n))).toContain('Grande distribution');
  });

  it('shows an industry Quarry has no translation for as written, and English as the data writes it', async () => {
    await changeLanguage('fr');
    expect(industryLabel('Quantum Widgets', i18n.t.bind(i18n))).toBe('Quantum Widgets');
    await changeLanguage('en');
    expect(industryLabel('Engineering, Construction', i18n.t.bind(i18n))).toBe('Engineering, Construction');
    expect(industryLabel('Engineering & Construction', i18n.t.bind(i18n))).toBe('Engineering & Construction');
  });
});
