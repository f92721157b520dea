import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignalFixtureServer, startSignalFixtureServer } from '../../testing/signal-fixtures.ts';
import { FetchError, type FetchOptions, fetchSignalUrl } from './fetcher.ts';
import { discoverFeeds, parseAshby, parseFeed, parseGreenhouse, parseLever, parseSecAtom } from './parse.ts';
import { isPublicAddress, refuseUrl } from './ssrf-guard.ts';

let fixtures: SignalFixtureServer;
let options: FetchOptions;
const none = { etag: null, lastModified: null };

beforeAll(async () => {
  fixtures = await startSignalFixtureServer();
  options = {
    allowedHosts: [fixtures.host],
    timeoutMs: 2_000,
    maxBytes: 1024 * 1024,
    maxRedirects: 3,
    userAgent: 'test',
  };
});
afterAll(() => fixtures.close());

const get = async (path: string, o: Partial<FetchOptions> = {}) =>
  fetchSignalUrl(`${fixtures.url}${path}`, none, { ...options, ...o });
const body = async (path: string) => {
  const r = await get(path);
  if (r.status !== 'ok') throw new Error('expected a body');
  return r.body;
};

describe('SSRF guard', () => {
  it('knows public from private, loopback, link-local and mapped addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
      'fc00::1',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses private targets, other schemes and odd ports unless the host is allow-listed', () => {
    expect(refuseUrl('http://127.0.0.1/feed', [])).toBe(
      'Quarry reads only public web addresses: 127.0.0.1 is not a public address',
    );
    expect(refuseUrl('http://169.254.169.254/latest/meta-data/', [])).toMatch(/not a public address/);
    expect(refuseUrl('http://[::1]:8080/', [])).toMatch(/not a public address/);
    expect(refuseUrl('http://localhost/', [])).toMatch(/not a public host/);
    expect(refuseUrl('file:///etc/passwd', [])).toBe('Quarry reads only http:// and https:// addresses');
    expect(refuseUrl('http://user:pw@example.com/', [])).toBe('Leave the user name and password out of the address');
    expect(refuseUrl('http://example.com:6379/', [])).toBe(
      'Quarry reads only the standard web ports (80 and 443), not port 6379',
    );
    expect(refuseUrl('https://example.com/feed.xml', [])).toBeNull();
    expect(refuseUrl(`${fixtures.url}/feeds/wire.atom`, [fixtures.host])).toBeNull();
    expect(refuseUrl(`${fixtures.url}/feeds/wire.atom`, ['127.0.0.1:1'])).toMatch(/not a public address/);
  });

  it('refuses a name that resolves to a private address, after DNS, without connecting', async () => {
    // This machine's own name resolves (through /etc/hosts) to a loopback or private address.
    const error = await fetchSignalUrl(`http://${os.hostname()}/feed.xml`, none, {
      ...options,
      allowedHosts: [],
    }).catch((e) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect(String(error.message)).toMatch(/resolves to .*not a public address/);
    // Reserved names are refused without a DNS query at all.
    await expect(fetchSignalUrl('http://feeds.invalid/', none, { ...options, allowedHosts: [] })).rejects.toThrow(
      /not a public host/,
    );
  });

  it('checks each redirect like the first URL: metadata address refused, loops cut off', async () => {
    await expect(get('/bad/to-metadata')).rejects.toThrow(/169\.254\.169\.254 is not a public address/);
    await expect(get('/bad/loop')).rejects.toThrow(/too many redirects/);
  });
});

describe('fetcher', () => {
  it('caps the size, times out a feed that never ends, and reports HTTP errors', async () => {
    await expect(get('/bad/huge')).rejects.toThrow(/^too large: more than \d+ (MB|KB)$/);
    await expect(get('/bad/never-ends', { timeoutMs: 600 })).rejects.toThrow(/timed out/);
    await expect(get('/bad/500')).rejects.toThrow(/HTTP 500/);
  });

  it('sends ETag and Last-Modified back and takes 304 as not modified; decompresses gzip', async () => {
    const first = await get('/feeds/walmart.rss');
    expect(first.status).toBe('ok');
    if (first.status !== 'ok') return;
    expect(first.etag).toMatch(/walmart/);
    expect(first.body).toContain('Walmart Newsroom');
    const second = await fetchSignalUrl(
      `${fixtures.url}/feeds/walmart.rss`,
      { etag: first.etag, lastModified: first.lastModified },
      options,
    );
    expect(second.status).toBe('not_modified');
  });
});

describe('parsers', () => {
  it('reads RSS 2.0 with scripts neutralised and a malformed date left to the fetch time', async () => {
    const feed = parseFeed(await body('/feeds/walmart.rss'));
    expect(feed.title).toBe('Walmart Newsroom');
    expect(feed.items).toHaveLength(3);
    const cfo = feed.items[2];
    expect(cfo?.title).not.toMatch(/<script|alert/);
    expect(cfo?.text).toBe('Walmart named a new chief financial officer.');
    expect(cfo?.publishedAt).toBeNull();
    expect(feed.items[0]?.publishedAt).toMatch(/^\d{4}-/);
  });

  it('reads Atom and RDF (ISO-8859-1)', async () => {
    const atom = parseFeed(await body('/feeds/wire.atom'));
    expect(atom.items[0]?.url).toBe('https://wire.example.com/story/12345?ref=homepage');
    const rdf = parseFeed(await body('/feeds/apple.rdf'));
    expect(rdf.items[0]?.title).toBe('Apple Inc. opens café research lab');
    expect(rdf.items[0]?.text).toContain('Zürich');
  });

  it('refuses what is not a feed', () => {
    expect(() => parseFeed('Hello, this is not a feed.')).toThrow(/not XML/);
    expect(() => parseFeed('<html><body>hi</body></html>')).toThrow(/not a feed/);
  });

  it('reads EDGAR 8-K entries with their items, skipping other forms', async () => {
    const sec = parseSecAtom(await body('/edgar/999999?company=FIXTURE%20DYNAMICS'));
    expect(sec.items).toHaveLength(2);
    expect(sec.items[0]?.title).toBe('8-K FIXTURE DYNAMICS: Completion of Acquisition or Disposition of Assets');
    expect(sec.items[0]?.text).toMatch(/^FIXTURE DYNAMICS filed an 8-K current report\. Item 2\.01/);
    expect(sec.items[1]?.title).toMatch(/executive change/);
  });

  it('reads Greenhouse, Lever and Ashby boards', async () => {
    const gh = parseGreenhouse(await body('/boards/greenhouse/acme'));
    expect(gh.items[0]).toMatchObject({ title: 'Senior Data Engineer (Bentonville, AR)', type: 'job_posting' });
    expect(gh.items[0]?.text).toBe('Build our cloud data platform and migrate the warehouse to Snowflake.');
    expect(parseLever(await body('/boards/lever/acme')).items[0]?.title).toBe('Security Operations Analyst (Remote)');
    expect(parseAshby(await body('/boards/ashby/acme')).items[0]?.title).toBe('Head of Revenue Operations (New York)');
    expect(() => parseGreenhouse('{"nope":1}')).toThrow(/Greenhouse/);
  });

  it('discovers the feeds a home page announces', async () => {
    expect(discoverFeeds(await body('/home/walmart'), `${fixtures.url}/home/walmart`)).toEqual([
      `${fixtures.url}/feeds/walmart.rss`,
    ]);
  });
});
