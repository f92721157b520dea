import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

const cell = (value: string | number | boolean | null) => toCsv([[value]]).replace(/\r\n$/, '');

describe('toCsv', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+1+2', `'+1+2`],
    ['-2+3+cmd|" /C calc"!A0', `"'-2+3+cmd|"" /C calc""!A0"`],
    ['@SUM(1+1)*cmd|" /C calc"!A0', `"'@SUM(1+1)*cmd|"" /C calc""!A0"`],
    ['\t=1+1', `'\t=1+1`],
    ['＝1+1', `'＝1+1`],
    ['＋1', `'＋1`],
    ['－1', `'－1`],
    ['＠SUM(A1)', `'＠SUM(A1)`],
  ])('puts a single quote before %j, which a spreadsheet would run', (text, written) => {
    expect(cell(text)).toBe(written);
  });

  it('escapes a carriage return start and quotes the cell', () => {
    expect(cell('\r=1+1')).toBe(`"'\r=1+1"`);
  });

  it.each(['Rita Rep', 'rita@acme.test', 'a=b', ' =1+1', "'=already quoted", 'Zoë 佐藤'])(
    'leaves %j alone: it does not start a formula',
    (text) => {
      expect(cell(text)).toBe(text);
    },
  );

  it('quotes a cell holding a comma, a double quote or a line break, doubling the quotes', () => {
    expect(cell('Rep, "Rita"')).toBe('"Rep, ""Rita"""');
    expect(cell('two\nlines')).toBe('"two\nlines"');
    expect(cell('plain')).toBe('plain');
  });

  it('writes numbers as they are (a negative number is no formula) and null as empty', () => {
    expect(cell(-3)).toBe('-3');
    expect(cell(1.5)).toBe('1.5');
    expect(cell(null)).toBe('');
  });

  it('writes one record per row, each ending in CRLF (RFC 4180)', () => {
    expect(
      toCsv([
        ['User', 'Events'],
        ['=HYPERLINK("http://x","y")', 3],
        ['Raj', null],
      ]),
    ).toBe(`User,Events\r\n"'=HYPERLINK(""http://x"",""y"")",3\r\nRaj,\r\n`);
  });
});
