import { describe, expect, it } from 'vitest';
import { readUploadInput } from './read-upload-input.ts';

describe('readUploadInput', () => {
  it('reads the column under the names tools give it, separated by commas, semicolons or tabs', () => {
    const cases = [
      'Name,Company Website\nAcme,acme.com\nGlobex,globex.com\n',
      'Company;Website URL\nAcme;acme.com\nGlobex;globex.com\n',
      'Company\tWeb Site\nAcme\tacme.com\nGlobex\tglobex.com\n',
      '"Account Name","Company Domain Name"\n"Acme, Inc.",acme.com\nGlobex,globex.com\n',
    ];
    for (const text of cases) {
      expect(readUploadInput(text, 'csv', 'WEBSITE').values, text).toEqual(['acme.com', 'globex.com']);
    }
  });

  it('names the columns it reads when the header holds none of them', () => {
    expect(() => readUploadInput('Name,LinkedIn URL\nAcme,linkedin.com/company/acme\n', 'csv', 'WEBSITE')).toThrow(
      /No usable column in the CSV header: name one website, domain, url, company_website, site/,
    );
  });
});

describe('readUploadInput, rows without a value', () => {
  it('keeps a row with other cells but an empty column as a line that will fail, and skips an empty row', () => {
    const read = readUploadInput(
      'Company,Website\nAcme,acme.com\n,,\nShort row\n  ,  \nGlobex,globex.com\n',
      'csv',
      'WEBSITE',
    );
    expect(read.lineCount).toBe(3);
    expect(read.values.filter(Boolean)).toHaveLength(3);
  });
});
