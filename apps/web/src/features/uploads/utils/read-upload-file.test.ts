import { describe, expect, it } from 'vitest';
import { countUploadLines } from './count-upload-lines.ts';
import { csvHasColumn } from './csv-has-column.ts';
import { readUploadFile } from './read-upload-file.ts';

const fileOf = (bytes: Uint8Array<ArrayBuffer> | string, name: string) => new File([bytes], name);

describe('readUploadFile', () => {
  it('says an empty file, or one of spaces and blank lines, is empty', async () => {
    expect(await readUploadFile(fileOf('', 'empty.csv'))).toBe('emptyFile');
    expect(await readUploadFile(fileOf(' \n\n\t\n', 'blank.txt'))).toBe('emptyFile');
  });

  it('says random bytes named .csv are not text', async () => {
    // A fixed pseudo-random sequence: bytes above 0x7f that are mostly not valid UTF-8.
    const bytes = new Uint8Array(4096);
    let x = 12345;
    for (let i = 0; i < bytes.length; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      bytes[i] = 0x80 + (x % 0x80);
    }
    expect(await readUploadFile(fileOf(bytes, 'export.csv'))).toBe('notText');
  });

  it('reads a Latin-1 CSV with a few accents as text', async () => {
    const latin1 = Uint8Array.from('Company,Website\nCaf\xe9 Lumi\xe8re,cafe-lumiere.fr\nM\xfcller,mueller.de\n', (c) =>
      c.charCodeAt(0),
    );
    const read = await readUploadFile(fileOf(latin1, 'accounts.csv'));
    if (typeof read === 'string') throw new Error(read);
    // Read in the encoding it was saved in: the accents are letters, not replacement marks.
    expect(read.text).toContain('Café Lumière');
    expect(read.text).toContain('Müller');
  });

  it('reads a spreadsheet’s UTF-16 “Unicode text” as tab-separated with its header', async () => {
    const text = '\uFEFFCompany\tWebsite\nCafé Zürich\tcafe-zuerich.ch\n';
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      bytes[i * 2] = text.charCodeAt(i) & 0xff;
      bytes[i * 2 + 1] = text.charCodeAt(i) >> 8;
    }
    const read = await readUploadFile(fileOf(bytes, 'accounts.txt'));
    if (typeof read === 'string') throw new Error(read);
    expect(read.format).toBe('csv');
    expect(read.text.startsWith('Company\tWebsite')).toBe(true);
    expect(csvHasColumn(read.text, 'WEBSITE')).toBe(true);
  });

  it('finds the column under the names spreadsheets and CRMs give it, separated by commas or semicolons', () => {
    for (const header of ['Company Website', 'Website URL', 'Web Site', 'Company Domain Name', 'Account Website']) {
      expect(csvHasColumn(`Name,${header}\nAcme,acme.com\n`, 'WEBSITE'), header).toBe(true);
    }
    expect(csvHasColumn('Company;Website\nAcme;acme.com\n', 'WEBSITE')).toBe(true);
    expect(csvHasColumn('Name,LinkedIn URL\nAcme,linkedin.com/company/acme\n', 'WEBSITE')).toBe(false);
  });

  it('reads a CSV with only its header as a CSV of no lines', async () => {
    const read = await readUploadFile(fileOf('Company,Website\n', 'header.csv'));
    if (typeof read === 'string') throw new Error(read);
    expect(read.format).toBe('csv');
    expect(countUploadLines(read.text, read.format)).toBe(0);
  });
});
