import { describe, expect, it } from 'vitest';
import { nameFromDomain } from './uploads.service.ts';

describe('nameFromDomain', () => {
  it('names a new account from its domain, word by word', () => {
    expect(nameFromDomain('acme-widgets.co.uk')).toBe('Acme Widgets');
    expect(nameFromDomain('example-new.com')).toBe('Example New');
    expect(nameFromDomain('nike.com')).toBe('Nike');
  });

  it('writes a name of three letters or fewer as initials: "BBC", not "Bbc"', () => {
    expect(nameFromDomain('bbc.co.uk')).toBe('BBC');
    expect(nameFromDomain('ibm.com')).toBe('IBM');
    expect(nameFromDomain('ge.com')).toBe('GE');
  });
});
