import { describe, expect, it } from 'vitest';
import { registrableDomain } from './registrable-domain.ts';

describe('registrableDomain', () => {
  it.each([
    ['https://www.ge.com/about', 'ge.com'],
    ['GE.COM', 'ge.com'],
    ['ge.com.', 'ge.com'],
    ['  ge.com  ', 'ge.com'],
    ['http://ge.com:8080/path?q=1#top', 'ge.com'],
    ['www2.investors.ge.com', 'ge.com'],
    // Stored websites as the reference data holds them (migration 021 reduces these the same way).
    ['investors.ge.com', 'ge.com'],
    ['https://www.ge.com/', 'ge.com'],
    ['bbc.co.uk', 'bbc.co.uk'],
    ['https://www.bbc.co.uk/news', 'bbc.co.uk'],
    ['münchen.de', 'xn--mnchen-3ya.de'],
    ['https://MÜNCHEN.de/', 'xn--mnchen-3ya.de'],
    ['xn--mnchen-3ya.de', 'xn--mnchen-3ya.de'],
    ['//cdn.example.org/x', 'example.org'],
    ['user@ge.com', 'ge.com'],
    [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`],
    ['my-shop.co.uk', 'my-shop.co.uk'],
  ])('reduces %j to %j', (input, expected) => {
    expect(registrableDomain(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'localhost',
    'not a domain',
    'acme',
    '1.2.3.4',
    'http://[::1]/',
    '<script>alert(1)</script>',
    '=HYPERLINK("http://x")',
    'co.uk',
    'example.invalidtld',
    `${'a'.repeat(64)}.com`,
    '-bad-.com',
    'bad-.com',
    'www.-bad.com',
  ])('finds no domain in %j', (input) => {
    expect(registrableDomain(input)).toBeNull();
  });
});
