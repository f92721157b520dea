import { describe, expect, it } from 'vitest';
import { displayDomain } from './display-domain.ts';

describe('displayDomain', () => {
  it('writes punycode labels back in their script', () => {
    expect(displayDomain('xn--mnchen-3ya.de')).toBe('münchen.de');
    expect(displayDomain('www.xn--fiqs8s.cn')).toBe('www.中国.cn');
    expect(displayDomain('xn--9n2bp8q.xn--9t4b11yi5a')).toBe('실례.테스트');
  });

  it('leaves ASCII domains and labels that are not valid punycode as stored', () => {
    expect(displayDomain('walmart.com')).toBe('walmart.com');
    expect(displayDomain('xn--zz.example')).toBe('xn--zz.example');
  });
});
