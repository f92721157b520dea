import { describe, expect, it } from 'vitest';
import { cleanWikinewsText } from './clean-wikinews-text.ts';

describe('cleanWikinewsText', () => {
  it('removes editors’ comments and HTML tags', () => {
    expect(cleanWikinewsText('Prices rose yesterday<!-- on Tuesday --> in Paris. See <tt>eBay.co.uk</tt> now.')).toBe(
      'Prices rose yesterday in Paris. See eBay.co.uk now.',
    );
  });

  it('removes wikitext italics and bold marks but keeps apostrophes of prose', () => {
    expect(cleanWikinewsText("told ''The Guardian '', and '''Rhapsody Radio''' launched; users' files")).toBe(
      "told The Guardian, and Rhapsody Radio launched; users' files",
    );
  });

  it('closes the gaps dropped links left, and keeps a comparison in prose', () => {
    expect(cleanWikinewsText('Wal-Mart , , Sam’s Club and Micheál Martin , said costs ( up 5% ) were < 10 .')).toBe(
      'Wal-Mart, Sam’s Club and Micheál Martin, said costs (up 5%) were < 10.',
    );
  });

  it('keeps a link’s label and drops its address and brackets', () => {
    expect(
      cleanWikinewsText('ads in [http://www.pcmag.com PC Magazine] and [http://x.org/a] night one. ]] Across'),
    ).toBe('ads in PC Magazine and night one. Across');
  });

  it('drops tables, template leftovers, bullets and switches, and keeps a heading’s words as a sentence', () => {
    expect(
      cleanWikinewsText(
        '__NOTOC__ Sales fell. == Layoffs continue == * GM cut jobs. {| class="wikitable" |- | a || b |} Shares rose. }} ' +
          '===Market data=== } | countries = {countries } | FTSE 100 = 4605.22 | FTSE 100-tl = profit',
      ),
    ).toBe('Sales fell. Layoffs continue. GM cut jobs. Shares rose. Market data.');
  });

  it('drops punctuation a dropped link left at the start', () => {
    expect(cleanWikinewsText(', a car company in Malaysia, has announced')).toBe(
      'a car company in Malaysia, has announced',
    );
  });

  it('decodes the few entities the articles use', () => {
    expect(cleanWikinewsText('Weinstein &mdash; and AT&amp;T')).toBe('Weinstein — and AT&T');
  });

  it('drops template names the sample kept as words: infoboxes, portal banners and layout switches', () => {
    expect(cleanWikinewsText('Economy and business The DVD edition sold out.')).toBe('The DVD edition sold out.');
    expect(cleanWikinewsText('2008-09 financial crisis According to the bank, rates fell.')).toBe(
      'According to the bank, rates fell.',
    );
    expect(cleanWikinewsText('Wikinews Today short infobox Stocks rose.')).toBe('Stocks rose.');
    expect(cleanWikinewsText('Apple lowercase The new version of the iPad ships.')).toBe(
      'The new version of the iPad ships.',
    );
    expect(cleanWikinewsText('left Six women in 2001 sued.')).toBe('Six women in 2001 sued.');
    expect(cleanWikinewsText('The court ruled. human rights united states infobox The suit goes on.')).toBe(
      'The court ruled. The suit goes on.',
    );
    // The same words inside prose stay: only a banner at the start is a template's.
    expect(cleanWikinewsText('Its economy and business news desk grew, the left wing said.')).toBe(
      'Its economy and business news desk grew, the left wing said.',
    );
    expect(cleanWikinewsText('Left unchecked, costs rose.')).toBe('Left unchecked, costs rose.');
    // Place and topic banners before the first sentence, when the sentence plainly starts after them.
    expect(cleanWikinewsText('USA The Service Employees International Union said.')).toBe(
      'The Service Employees International Union said.',
    );
    expect(cleanWikinewsText('Aviation On Monday, the airline said.')).toBe('On Monday, the airline said.');
    expect(cleanWikinewsText('Greece Greece has asked for loans.')).toBe('Greece has asked for loans.');
    expect(cleanWikinewsText('WikimediaMention The popularity of Websites grew.')).toBe(
      'The popularity of Websites grew.',
    );
    // A name that starts with a place stays whole.
    expect(cleanWikinewsText('US Airways said it would merge.')).toBe('US Airways said it would merge.');
    expect(cleanWikinewsText('Health Net cut 200 jobs.')).toBe('Health Net cut 200 jobs.');
    expect(cleanWikinewsText('China is now the largest consumer.')).toBe('China is now the largest consumer.');
    expect(cleanWikinewsText('Image:AtwaterHouse.jpg|left|200px|thumb|Edward Atwater House in Buffalo.')).toBe(
      'Edward Atwater House in Buffalo.',
    );
  });

  it('drops an interview line’s indentation and the image placeholder before it, not a ratio or a rule of thumb', () => {
    expect(
      cleanWikinewsText(
        "What is Heaven Sent Gaming? thumb ::'''Mario J. Lucero:''' Heaven Sent Gaming is me and Isabel.",
      ),
    ).toBe('What is Heaven Sent Gaming? Mario J. Lucero: Heaven Sent Gaming is me and Isabel.');
    expect(cleanWikinewsText('The vote was 3:1. As a rule of thumb: sell high.')).toBe(
      'The vote was 3:1. As a rule of thumb: sell high.',
    );
  });

  it('joins a demonym the dropped link split', () => {
    expect(cleanWikinewsText('The South Africa n government and the Venezuela n one said.')).toBe(
      'The South African government and the Venezuelan one said.',
    );
    expect(cleanWikinewsText('America n airline, Alaska Airlines, said.')).toBe(
      'American airline, Alaska Airlines, said.',
    );
  });
});
