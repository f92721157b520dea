import { describe, expect, it } from 'vitest';
import { byteSizeText } from './byte-size.ts';

describe('byteSizeText', () => {
  it('says a limit in megabytes or kilobytes', () => {
    expect(byteSizeText(5 * 1_048_576)).toBe('5 MB');
    expect(byteSizeText(512 * 1024)).toBe('512 KB');
  });
});
