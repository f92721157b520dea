import { describe, expect, it } from 'vitest';
import {
  APOSTROPHE_UNIT,
  ASCII_CAPITAL_UNIT,
  LETTER_UNIT,
  NEEDS_LOWERING_UNIT,
  unitClass,
  WORD_UNIT,
} from './unit-class.ts';

const has = (char: string, bit: number) => (unitClass(char.charCodeAt(0)) & bit) !== 0;

describe('unitClass', () => {
  it('knows letters and digits as word units, and only letters as letters', () => {
    for (const char of ['a', 'Z', 'é', 'ß', '中', '7', '٣']) expect(has(char, WORD_UNIT)).toBe(true);
    for (const char of ['a', 'é', '中']) expect(has(char, LETTER_UNIT)).toBe(true);
    expect(has('7', LETTER_UNIT)).toBe(false);
    for (const char of [' ', '-', '&', "'", '’', '.']) expect(has(char, WORD_UNIT)).toBe(false);
  });

  it('marks ASCII capitals to lower by adding 32, and other units lower case changes', () => {
    expect(has('Q', ASCII_CAPITAL_UNIT)).toBe(true);
    expect(has('q', ASCII_CAPITAL_UNIT)).toBe(false);
    expect(has('Q', NEEDS_LOWERING_UNIT)).toBe(false);
    for (const char of ['É', 'İ', 'Σ', '\ud835']) expect(has(char, NEEDS_LOWERING_UNIT)).toBe(true);
    for (const char of ['é', 'ß', '’', '中']) expect(has(char, NEEDS_LOWERING_UNIT)).toBe(false);
  });

  it('knows both apostrophes', () => {
    expect(has("'", APOSTROPHE_UNIT)).toBe(true);
    expect(has('’', APOSTROPHE_UNIT)).toBe(true);
    expect(has('`', APOSTROPHE_UNIT)).toBe(false);
  });
});
