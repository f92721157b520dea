import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('follows a same-origin path with its query string', () => {
    expect(safeRedirect('/accounts/1?x=2')).toBe('/accounts/1?x=2');
    expect(safeRedirect('/')).toBe('/');
  });

  it('sends protocol-relative and absolute addresses home', () => {
    expect(safeRedirect('//evil.com')).toBe('/');
    expect(safeRedirect('/\\evil.com')).toBe('/');
    expect(safeRedirect('https://evil.com')).toBe('/');
    expect(safeRedirect('javascript:alert(1)')).toBe('/');
  });

  it('sends a redirect back to the login page home', () => {
    expect(safeRedirect('/login')).toBe('/');
    expect(safeRedirect('/login?redirect=/accounts')).toBe('/');
  });

  it('sends a missing or empty target home', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('')).toBe('/');
  });
});
