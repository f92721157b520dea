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
