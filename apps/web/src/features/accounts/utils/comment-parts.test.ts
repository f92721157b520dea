import { describe, expect, it } from 'vitest';
import { commentParts } from './comment-parts.ts';

describe('commentParts', () => {
  it('turns http and https addresses into links, leaving closing punctuation as text', () => {
    expect(commentParts('Deck: https://acme.example/deck?id=1. Call Monday')).toEqual([
      { kind: 'text', text: 'Deck: ' },
      { kind: 'link', text: 'https://acme.example/deck?id=1', href: 'https://acme.example/deck?id=1' },
      { kind: 'text', text: '. Call Monday' },
    ]);
    expect(commentParts('(see http://a.example)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'http://a.example', href: 'http://a.example/' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never links another scheme, and keeps markup as text', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="https://x.example">x</a>']) {
      const parts = commentParts(text);
      expect(parts.filter((p) => p.kind === 'link').every((p) => p.kind === 'link' && /^https?:/.test(p.href))).toBe(
        true,
      );
      expect(parts.map((p) => p.text).join('')).toBe(text);
    }
    expect(commentParts('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });
});
