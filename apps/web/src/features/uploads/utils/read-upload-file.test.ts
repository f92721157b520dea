import { describe, expect, it } from 'vitest';
import { countUploadLines } from './count-upload-lines.ts';
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
    expect(typeof read).toBe('object');
  });

  it('reads a CSV with only its header as a CSV of no lines', async () => {
    const read = await readUploadFile(fileOf('Company,Website\n', 'header.csv'));
    if (typeof read === 'string') throw new Error(read);
    expect(read.format).toBe('csv');
    expect(countUploadLines(read.text, read.format)).toBe(0);
  });
});
