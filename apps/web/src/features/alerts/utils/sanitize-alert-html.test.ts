import { describe, expect, it } from 'vitest';
import { sanitizeAlertHtml } from './sanitize-alert-html.ts';

describe('sanitizeAlertHtml', () => {
  it('shows a link whose address is not allowed as its words, and keeps allowed links', () => {
    expect(
      sanitizeAlertHtml('See <a href="javascript:alert(3)">bad</a> and <a href="https://status.example.com">ok</a>'),
    ).toBe('See bad and <a href="https://status.example.com">ok</a>');
  });

  it('drops scripts and handlers', () => {
    expect(sanitizeAlertHtml('<b onclick="x()">Bold</b><script>alert(1)</script>')).toBe('<b>Bold</b>');
  });
});
