import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HighlightedText } from './highlighted-text.tsx';

describe('HighlightedText', () => {
  it('marks the matched stretches and leaves the rest as text', () => {
    const html = renderToStaticMarkup(
      <HighlightedText
        text="Toyota recalls cars after a supplier fault"
        highlights={[
          { start: 7, end: 14 },
          { start: 28, end: 36 },
        ]}
      />,
    );
    expect(html).toBe('Toyota <mark>recalls</mark> cars after a <mark>supplier</mark> fault');
  });

  it('never turns article text into markup', () => {
    const html = renderToStaticMarkup(
      <HighlightedText text={'<img src=x onerror=alert(1)> recall'} highlights={[{ start: 29, end: 35 }]} />,
    );
    expect(html).toBe('&lt;img src=x onerror=alert(1)&gt; <mark>recall</mark>');
  });

  it('skips spans that overlap or fall outside the text', () => {
    const html = renderToStaticMarkup(
      <HighlightedText
        text="abcdef"
        highlights={[
          { start: 0, end: 3 },
          { start: 2, end: 4 },
          { start: 5, end: 99 },
        ]}
      />,
    );
    expect(html).toBe('<mark>abc</mark>def');
  });
});
