import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { prepareDom } from '../../../test-support/dom.tsx';
import { translateFailuresCsv } from './failure-reason-text.ts';

beforeAll(prepareDom);
afterEach(() => changeLanguage('en'));

/** The failures CSV as the server writes it: BOM, English explanations, formulas escaped. */
const serverCsv =
  '\uFEFFline,value,reason,duplicate_of,explanation\r\n' +
  '2,"\'=HYPERLINK(""http://evil.example"")",not_a_domain,,Not a website or domain\r\n' +
  '3,"ge.com, again",duplicate,1,Same company as line 1\r\n';

describe('translateFailuresCsv', () => {
  it("writes the column names and each explanation in the reader's language, the rest as the server wrote it", async () => {
    await changeLanguage('fr');
    const csv = translateFailuresCsv(serverCsv, i18n.t.bind(i18n));
    expect(csv.startsWith('\uFEFFLigne,Valeur,Code du motif,Identique à la ligne,Motif\r\n')).toBe(true);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[1]).toBe('2,"\'=HYPERLINK(""http://evil.example"")",not_a_domain,,Ni un site web ni un domaine');
    expect(lines[2]).toBe('3,"ge.com, again",duplicate,1,Même entreprise qu’à la ligne 1');
  });
});
