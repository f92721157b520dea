import { describe, expect, it } from 'vitest';
import { countUploadLines } from './count-upload-lines.ts';

describe('countUploadLines', () => {
  it('counts lines with something on them, ignoring empty and blank ones', () => {
    expect(countUploadLines('ge.com\n\n  \r\nbbc.co.uk\r\n', 'lines')).toBe(2);
  });

  it('leaves a CSV header out', () => {
    expect(countUploadLines('website\nge.com\nbbc.co.uk\n', 'csv')).toBe(2);
    expect(countUploadLines('', 'csv')).toBe(0);
  });
});

describe('countUploadLines on rows the server will refuse', () => {
  it('counts a CSV row of junk as a line (it fails on the server), not one of separators only', () => {
    expect(countUploadLines('website\nnot a site\n!!!\n===\n', 'csv')).toBe(3);
    expect(countUploadLines('website,name\n,,\n , \n"",""\nge.com,GE\n', 'csv')).toBe(1);
    // A semicolon in a comma CSV is a cell's text, as the server reads it: a line that fails.
    expect(countUploadLines('website,name\n ; \nge.com,GE\n', 'csv')).toBe(2);
    expect(countUploadLines('website;name\n;;\n , \nge.com;GE\n', 'csv')).toBe(2);
  });
});

describe('countUploadLines on cells that hold line breaks', () => {
  it('counts a CSV row whose quoted cell runs over several lines once, as the server does', () => {
    const csv = 'website,notes\nge.com,"Met at the fair.\nCall in May."\n"bbc.co.uk","Two\r\nlines\nthree"\n';
    expect(countUploadLines(csv, 'csv')).toBe(2);
  });
});
