import { describe, expect, it } from 'vitest';
import { FIXTURE_SEC_COMPANIES } from '../../testing/signal-fixtures.ts';
import { createPacer } from './fetcher.ts';
import { matchSecCompany, normaliseCompanyName, parseCompanyTickers, secFilingsFeedUrl } from './sec.ts';

const index = parseCompanyTickers(
  JSON.stringify(Object.fromEntries(FIXTURE_SEC_COMPANIES.map((c, i) => [String(i), c]))),
);
const match = (account_name: string, website: string | null = null) => {
  const m = matchSecCompany(index, { account_name, website });
  return m.company ? `${m.company.ticker} by ${m.by}` : m.reason;
};

describe('SEC company names', () => {
  it('leaves off case, punctuation, accents and legal forms, but nothing that tells companies apart', () => {
    expect(normaliseCompanyName('MERCK & CO., INC.')).toBe('merck');
    expect(normaliseCompanyName('The Procter & Gamble Company')).toBe('procter and gamble');
    expect(normaliseCompanyName('Procter & Gamble')).toBe('procter and gamble');
    expect(normaliseCompanyName('Amazon.com, Inc.')).toBe('amazon com');
    expect(normaliseCompanyName('Amazon.com')).toBe('amazon com');
    expect(normaliseCompanyName('ALPHABET INC. /DE/')).toBe('alphabet');
    expect(normaliseCompanyName('Lowe’s Companies, Inc.')).toBe('lowes companies');
    expect(normaliseCompanyName('Nestlé S.A.')).toBe('nestle');
    expect(normaliseCompanyName('Eli Lilly and Company')).toBe('eli lilly');
    expect(normaliseCompanyName('Northwind Traders Holdings Corp')).toBe('northwind traders holdings');
    expect(normaliseCompanyName('Inc.')).toBe('');
  });

  it('reads the company list once per company, whatever its share classes', () => {
    expect(index.size).toBe(FIXTURE_SEC_COMPANIES.length - 1);
    expect(index.byName.get('alphabet')?.map((c) => c.cik)).toEqual([1652044]);
    expect(() => parseCompanyTickers('<html>')).toThrow(/not JSON/);
    expect(() => parseCompanyTickers('{"0":{"ticker":"X"}}')).toThrow(/names no company/);
  });

  it('matches an exact normalised name only, or else the website domain, and never one of two registrants', () => {
    expect(match('Walmart')).toBe('WMT by name');
    expect(match('Exxon Mobil')).toBe('XOM by name');
    expect(match('Northwind Traders')).toBe('NWTR by name');
    expect(match('Northwind Traders, Inc.')).toBe('NWTR by name');
    // Near names are not the company.
    expect(match('Northwind Trading')).toBe('No SEC registrant has this name');
    expect(match('Northwind')).toBe('No SEC registrant has this name');
    expect(match('Walmart de Mexico')).toBe('No SEC registrant has this name');
    // Two registrants answer to "Contoso": neither is chosen.
    expect(match('Contoso', 'contoso.com')).toBe('Several SEC registrants are named Contoso');
    // The name says nothing; the domain is the registrant's name without spaces.
    expect(match('Lakepoint', 'https://www.lakepointanalytics.com/about')).toBe('LKPT by website');
    expect(match('Exxon', 'http://www.exxonmobil.com')).toBe('XOM by website');
    // A domain that is only part of a name, or too short to say much, is not enough.
    expect(match('Lakepoint', 'lakepoint.com')).toBe('No SEC registrant has this name');
    expect(match('Some Apple Reseller', 'apple.com')).toBe('No SEC registrant has this name');
  });

  it("addresses a company's 8-K Atom feed by its 10-digit CIK", () => {
    expect(secFilingsFeedUrl('https://www.sec.gov/', 104169)).toBe(
      'https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=0000104169&type=8-K&dateb=&owner=include&count=40&output=atom',
    );
  });
});

describe('the SEC pacer', () => {
  it('spaces request starts by 1/rate seconds in the order asked', async () => {
    const waits: number[] = [];
    const pace = createPacer(5, async (ms) => {
      waits.push(ms);
    });
    await Promise.all([pace(), pace(), pace()]);
    // The first starts at once; the next wait 200 ms and 400 ms (less the few ms the calls took).
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(150);
    expect(waits[0]).toBeLessThanOrEqual(200);
    expect(waits[1]).toBeGreaterThan(350);
    expect(waits[1]).toBeLessThanOrEqual(400);
  });
});
