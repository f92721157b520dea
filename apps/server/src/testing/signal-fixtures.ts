import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/**
 * The local fixture server of live signals (issue #18): news feeds (RSS 2.0, Atom, RDF), job
 * boards (Greenhouse, Lever, Ashby JSON), SEC EDGAR 8-K Atom, an account home page announcing its
 * feed, and the bad answers a sweep must survive. Dates are relative to today, so a demo shows
 * fresh signals and tests read the same stories every day. No other host is ever needed.
 */
export type SignalFixtureServer = {
  url: string;
  host: string;
  port: number;
  close: () => Promise<void>;
  hits: Map<string, number>;
  /** Answers 304 Not Modified, by path. */
  notModified: Map<string, number>;
  /** The User-Agent of the last request, by path. */
  userAgents: Map<string, string>;
};

const DAY = 86_400_000;
/** A time `days` and `hours` before now, to the hour (stable within the hour). */
const ago = (days: number, hours = 1) =>
  new Date(Math.floor((Date.now() - days * DAY - hours * 3_600_000) / 3_600_000) * 3_600_000);
const startOfToday = () => new Date(Date.now() - (Date.now() % DAY));
const rfc822 = (d: Date) => d.toUTCString();
const iso = (d: Date) => d.toISOString();

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const ACQUISITION_TEXT =
  'Walmart said on Tuesday it agreed to acquire a regional grocery delivery start-up for an undisclosed sum, ' +
  'adding same-day delivery to more than two hundred stores and bringing the company engineering team into its ' +
  'e-commerce unit, in a deal expected to close this quarter.';

function newsroomRss(base: string): string {
  const items = [
    {
      title: 'Walmart to acquire grocery delivery start-up',
      link: `${base}/news/walmart-acquires-delivery?utm_source=rss&utm_medium=feed`,
      text: ACQUISITION_TEXT,
      date: rfc822(ago(0)),
    },
    {
      title: 'Walmart opens new automated distribution centre',
      link: `${base}/news/walmart-distribution-centre`,
      text: 'Walmart opened an automated distribution centre in Texas that will serve four hundred stores with robotics and new warehouse software.',
      date: rfc822(ago(1)),
    },
    {
      title: 'Walmart <script>alert("x")</script> names new CFO',
      link: `${base}/news/walmart-cfo`,
      text: '<p>Walmart named a new chief financial officer.<script>document.title="pwned"</script><img src=x onerror=alert(1)></p>',
      date: 'not a date at all',
    },
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>Walmart Newsroom</title><link>${base}/</link><description>News</description>
${items
  .map(
    (i) => `<item><title>${esc(i.title)}</title><link>${esc(i.link)}</link><guid>${esc(i.link)}</guid>
<description><![CDATA[${i.text}]]></description><pubDate>${i.date}</pubDate></item>`,
  )
  .join('\n')}
</channel></rss>`;
}

/** A wire service's general feed: it names its companies; one story is the newsroom's, reworded. */
function wireAtom(base: string): string {
  const entries = [
    {
      title: 'Walmart agrees to buy grocery delivery start-up',
      link: `https://wire.example.com/story/12345?ref=homepage`,
      text: ACQUISITION_TEXT.replace('said on Tuesday', 'announced on Tuesday'),
      date: iso(ago(0, 2)),
    },
    {
      title: 'Exxon Mobil expands Permian drilling programme',
      link: `${base}/wire/exxon-permian`,
      text: 'Exxon Mobil said it would add rigs in the Permian Basin and hire engineers for a new data platform that monitors wells.',
      date: iso(ago(2)),
    },
    {
      title: 'Shoppers hit the target of record holiday spending',
      link: `${base}/wire/holiday-spending`,
      text: 'Retail sales reached their target as shoppers spent more online; economists said an apple a day of good news helps.',
      date: iso(ago(1)),
    },
  ];
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Example Wire: Business</title><id>urn:wire</id><updated>${iso(ago(0))}</updated>
${entries
  .map(
    (e) => `<entry><title>${esc(e.title)}</title><link rel="alternate" href="${esc(e.link)}"/><id>${esc(e.link)}</id>
<updated>${e.date}</updated><summary type="html">${esc(e.text)}</summary></entry>`,
  )
  .join('\n')}
</feed>`;
}

function rdf(base: string): string {
  return `<?xml version="1.0" encoding="ISO-8859-1"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="${base}/feeds/apple.rdf"><title>Apple Insider Notes</title><link>${base}/</link></channel>
<item rdf:about="${base}/rdf/apple-caf\u00e9"><title>Apple Inc. opens caf\u00e9 research lab</title><link>${base}/rdf/apple-cafe</link>
<description>Apple Inc. opened a research lab in Z\u00fcrich to work on on-device machine learning.</description><dc:date>${iso(ago(3))}</dc:date></item>
</rdf:RDF>`;
}

/**
 * The fixture's SEC company list, shaped as EDGAR's company_tickers.json: real registrants the demo
 * accounts are (Walmart, Exxon Mobil, Apple, Target, Sysco; Alphabet under two share classes), and
 * the test companies: Northwind Traders beside a near name, Contoso under two registrants, and
 * Lakepoint Analytics, whose account is named otherwise but whose website domain is its name.
 */
export const FIXTURE_SEC_COMPANIES: { cik_str: number; ticker: string; title: string }[] = [
  { cik_str: 104169, ticker: 'WMT', title: 'Walmart Inc.' },
  { cik_str: 34088, ticker: 'XOM', title: 'EXXON MOBIL CORP' },
  { cik_str: 320193, ticker: 'AAPL', title: 'Apple Inc.' },
  { cik_str: 27419, ticker: 'TGT', title: 'TARGET CORP' },
  { cik_str: 96021, ticker: 'SYY', title: 'SYSCO CORP' },
  { cik_str: 1652044, ticker: 'GOOGL', title: 'Alphabet Inc.' },
  { cik_str: 1652044, ticker: 'GOOG', title: 'Alphabet Inc.' },
  { cik_str: 1999001, ticker: 'NWTR', title: 'NORTHWIND TRADERS, INC.' },
  { cik_str: 1999002, ticker: 'NWTH', title: 'Northwind Traders Holdings Corp' },
  { cik_str: 1999003, ticker: 'CTSO', title: 'Contoso Corp' },
  { cik_str: 1999004, ticker: 'CTSA', title: 'CONTOSO, INC.' },
  { cik_str: 1999005, ticker: 'LKPT', title: 'LAKEPOINT ANALYTICS CORP' },
];

function edgar(base: string, company: string, cik = '0000999999'): string {
  const filings = [
    { items: 'items 2.01 and 9.01', date: ago(0), acc: '0000000000-26-000101' },
    { items: 'items 5.02', date: ago(4), acc: '0000000000-26-000077' },
    { items: '', date: ago(10), acc: '0000000000-26-000050', form: '10-Q' },
  ];
  return `<?xml version="1.0" encoding="ISO-8859-1" ?>
<feed xmlns="http://www.w3.org/2005/Atom">
<company-info><conformed-name>${esc(company)}</conformed-name><cik>${cik}</cik></company-info>
<title>${esc(company)} (${cik})</title><updated>${iso(ago(0))}</updated>
${filings
  .map(
    (f) => `<entry><category label="form type" scheme="https://www.sec.gov/" term="${f.form ?? '8-K'}"/>
<content type="text/xml"><accession-number>${f.acc}</accession-number><filing-date>${iso(f.date).slice(0, 10)}</filing-date>
<filing-href>${base}/Archives/edgar/data/${Number(cik)}/${f.acc}-index.htm</filing-href><filing-type>${f.form ?? '8-K'}</filing-type>
<form-name>Current report</form-name><items-desc>${f.items}</items-desc></content>
<id>urn:tag:sec.gov,2008:accession-number=${f.acc}</id><link href="${base}/Archives/edgar/data/${Number(cik)}/${f.acc}-index.htm" rel="alternate" type="text/html"/>
<summary type="html">&lt;b&gt;Filed:&lt;/b&gt; ${iso(f.date).slice(0, 10)} ${f.items}</summary><title>${f.form ?? '8-K'} - Current report</title><updated>${iso(f.date)}</updated></entry>`,
  )
  .join('\n')}
</feed>`;
}

const greenhouse = (base: string) =>
  JSON.stringify({
    jobs: [
      {
        id: 4012345,
        title: 'Senior Data Engineer',
        absolute_url: `${base}/jobs/gh/4012345`,
        updated_at: iso(ago(1)),
        first_published: iso(ago(1)),
        location: { name: 'Bentonville, AR' },
        content: '&lt;p&gt;Build our cloud data platform and migrate the warehouse to Snowflake.&lt;/p&gt;',
      },
    ],
    meta: { total: 1 },
  });
const lever = (base: string) =>
  JSON.stringify([
    {
      id: 'a1b2c3',
      text: 'Security Operations Analyst',
      hostedUrl: `${base}/jobs/lever/a1b2c3`,
      createdAt: ago(2).getTime(),
      categories: { location: 'Remote', team: 'IT' },
      descriptionPlain: 'Watch for intrusions and phishing across the company network.',
    },
  ]);
const ashby = (base: string) =>
  JSON.stringify({
    apiVersion: '1',
    jobs: [
      {
        id: 'f00d',
        title: 'Head of Revenue Operations',
        jobUrl: `${base}/jobs/ashby/f00d`,
        publishedAt: iso(ago(0)),
        location: 'New York',
        isListed: true,
        descriptionPlain: 'Own the CRM and the forecasting process for the sales team.',
      },
    ],
  });

const BENCH_WORDS = (
  'stores logistics quarter pricing freight warehouse robotics pharmacy grocery delivery apparel supplier ' +
  'energy solar hiring layoffs cloud payments fintech advertising marketplace membership drones tariffs ' +
  'inventory recall lawsuit settlement expansion mexico canada china india union wages automation'
).split(' ');

/** The words of bench story `n`: its own, drawn from BENCH_WORDS by a seeded generator. */
function benchWords(n: string, count: number): string {
  let seed = Number(n) * 2_654_435_761;
  return Array.from({ length: count }, () => {
    seed = (Math.imul(seed ^ (seed >>> 15), 2_246_822_519) + 3_266_489_917) >>> 0;
    return BENCH_WORDS[seed % BENCH_WORDS.length];
  }).join(' ');
}

/** Every BENCH_SUMMARY_EVERY-th bench feed carries only a short summary: its story is on the linked page. */
export const BENCH_SUMMARY_EVERY = 5;

/**
 * A small feed per bench source: each its own story (its own words), all naming one account; one
 * in BENCH_SUMMARY_EVERY gives a 24-word summary (the sweep reads the article page), the others 60 words.
 */
function benchFeed(base: string, n: string): string {
  const words = benchWords(n, Number(n) % BENCH_SUMMARY_EVERY === 0 ? 24 : 60);
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Bench ${n}</title>
<item><title>Walmart bench story ${n}</title><link>${base}/bench-story/${n}</link><pubDate>${rfc822(ago(0))}</pubDate>
<description>Walmart ${words}.</description></item>
<item><title>Shared wire story</title><link>${base}/bench-shared?utm_source=${n}</link><pubDate>${rfc822(ago(0))}</pubDate>
<description>Walmart shared story every bench feed carries: ${benchWords('7', 48)}.</description></item></channel></rss>`;
}

/** The article page of bench story `n`: navigation, the story in four paragraphs, a footer. */
function benchArticle(n: string): string {
  const paragraphs = [0, 1, 2, 3].map((k) => `<p>Walmart ${benchWords(`${n}${k}`, 40)}.</p>`).join('\n');
  return `<!doctype html><html><head><title>Walmart bench story ${n}</title></head>
<body><header><nav><a href="/">Home</a> <a href="/markets">Markets</a></nav></header>
<main><article><h1>Walmart bench story ${n}</h1>
${paragraphs}
</article></main><footer>Copyright Bench Wire.</footer></body></html>`;
}

/**
 * A press wire that carries only headlines and one-line summaries: the story is on the linked page.
 * One page reads well, one is missing, one is disallowed by robots.txt, one is not HTML.
 */
function summariesRss(base: string): string {
  const items = [
    ['Harbor Freightways moves its warehouse to the cloud', `${base}/articles/harbor-cloud?utm_campaign=wire`],
    ['Harbor Freightways opens a depot in Ohio', `${base}/articles/missing-page`],
    ['Harbor Freightways restates guidance', `${base}/private/articles/guidance`],
    ['Harbor Freightways publishes a price list', `${base}/articles/price-list.json`],
  ];
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Harbor Wire</title>
${items
  .map(
    ([title, link]) => `<item><title>${esc(title as string)}</title><link>${esc(link as string)}</link>
<pubDate>${rfc822(ago(0))}</pubDate><description>${esc(title as string)}. Read more.</description></item>`,
  )
  .join('\n')}
</channel></rss>`;
}

/** The article page a summary links to: navigation, an aside, a footer, script, and the story itself. */
function articlePage(): string {
  const paragraphs = [
    'Harbor Freightways said on Monday that it will migrate its warehouse management system to Snowflake and retire two data centres by the end of next year.',
    'The logistics company has hired a new chief data officer to lead the programme, which covers forty distribution sites and the software its drivers use every day.',
    'Executives said the move would let planners see inventory across the network in real time, and that the company expects to add two hundred engineers over the next eighteen months.',
    'Analysts said the shift reflects a wider push among freight carriers to modernise ageing systems that were built before online ordering took hold.',
  ];
  return `<!doctype html><html><head><title>Harbor Freightways moves its warehouse to the cloud | Harbor Wire</title>
<script>window.tracker = "load";</script><style>body { color: red }</style></head>
<body><header><nav><a href="/">Home</a> <a href="/markets">Markets</a> <a href="/subscribe">Subscribe now</a></nav></header>
<main><article><h1>Harbor Freightways moves its warehouse to the cloud</h1>
${paragraphs.map((p, i) => `<p>${p}${i === 1 ? '<script>document.title="pwned"</script><img src=x onerror="alert(1)">' : ''}</p>`).join('\n')}
</article><aside>Most read: ten ways to save on shipping</aside></main>
<footer>Copyright Harbor Wire. All rights reserved. Cookie settings.</footer></body></html>`;
}

/** A company's own newsroom feed, found by discovery from its home page. */
function siteFeed(base: string, slug: string): string {
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${esc(slug)} newsroom</title>
<item><title>${esc(slug)} opens a new research campus</title><link>${base}/site/${slug}/news/campus</link>
<pubDate>${rfc822(ago(0))}</pubDate><description>The company said its new research campus will employ four hundred engineers.</description></item>
</channel></rss>`;
}

export async function startSignalFixtureServer({
  port = 0,
  host = '127.0.0.1',
  delayMs = 0,
}: {
  port?: number;
  host?: string;
  delayMs?: number;
} = {}): Promise<SignalFixtureServer> {
  const hits = new Map<string, number>();
  const notModified = new Map<string, number>();
  const userAgents = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const base = `http://${req.headers.host}`;
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    userAgents.set(url.pathname, String(req.headers['user-agent'] ?? ''));
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      const wantsGzip = /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
      const raw = Buffer.from(body, type.includes('ISO-8859-1') ? 'latin1' : 'utf8');
      const data = wantsGzip ? zlib.gzipSync(raw) : raw;
      res.writeHead(status, {
        'content-type': type,
        'content-length': String(data.length),
        ...(wantsGzip ? { 'content-encoding': 'gzip' } : {}),
        ...headers,
      });
      res.end(data);
    };
    const answer = () => {
      const p = url.pathname;
      if (p === '/robots.txt') return send(200, 'text/plain', 'User-agent: *\nDisallow: /private/\n');
      if (p === '/feeds/walmart.rss') {
        // Conditional GET: the same ETag and Last-Modified all day.
        const etag = `"walmart-${new Date().toISOString().slice(0, 10)}"`;
        const lastModified = rfc822(startOfToday());
        if (req.headers['if-none-match'] === etag || req.headers['if-modified-since'] === lastModified) {
          res.writeHead(304, { etag });
          return res.end();
        }
        return send(200, 'application/rss+xml; charset=utf-8', newsroomRss(base), {
          etag,
          'last-modified': lastModified,
        });
      }
      if (p === '/feeds/summaries.rss') return send(200, 'application/rss+xml', summariesRss(base));
      if (p === '/articles/harbor-cloud') return send(200, 'text/html; charset=utf-8', articlePage());
      if (p === '/articles/price-list.json') return send(200, 'application/json', '{"prices":[1,2,3]}');
      if (p === '/feeds/wire.atom') return send(200, 'application/atom+xml', wireAtom(base));
      if (p === '/feeds/apple.rdf') return send(200, 'application/rdf+xml; charset=ISO-8859-1', rdf(base));
      // EDGAR as SEC_BASE_URL points at it: the company list (conditional GET) and 8-K Atom per CIK.
      if (p === '/files/company_tickers.json') {
        const etag = '"company-tickers-fixture-1"';
        if (req.headers['if-none-match'] === etag) {
          notModified.set(p, (notModified.get(p) ?? 0) + 1);
          res.writeHead(304, { etag });
          return res.end();
        }
        const list = Object.fromEntries(FIXTURE_SEC_COMPANIES.map((c, i) => [String(i), c]));
        return send(200, 'application/json', JSON.stringify(list), { etag });
      }
      if (p === '/cgi-bin/browse-edgar') {
        const cik = url.searchParams.get('CIK') ?? '';
        const company = FIXTURE_SEC_COMPANIES.find((c) => c.cik_str === Number(cik));
        if (!company || url.searchParams.get('output') !== 'atom') return send(404, 'text/html', 'No matching CIK.');
        return send(200, 'application/atom+xml', edgar(base, company.title.toUpperCase(), cik.padStart(10, '0')));
      }
      if (p.startsWith('/edgar/'))
        return send(
          200,
          'application/atom+xml',
          edgar(base, decodeURIComponent(url.searchParams.get('company') ?? 'WALMART INC.')),
        );
      if (p.startsWith('/boards/greenhouse/')) return send(200, 'application/json', greenhouse(base));
      if (p.startsWith('/boards/lever/')) return send(200, 'application/json', lever(base));
      if (p.startsWith('/boards/ashby/')) return send(200, 'application/json', ashby(base));
      if (p.startsWith('/home/')) {
        return send(
          200,
          'text/html; charset=utf-8',
          `<!doctype html><html><head><title>Home</title>
<link rel="alternate" type="application/rss+xml" title="Newsroom" href="/feeds/walmart.rss">
<link rel="stylesheet" href="/style.css"></head><body>Welcome</body></html>`,
        );
      }
      // A company site for automatic discovery: its home page announces a feed (and one at the
      // metadata address, which must be refused) and links to its careers page, which links to
      // its Greenhouse board and embeds its Lever board. /site/plain/ offers neither.
      const site = /^\/site\/([\w-]+)\/(.*)$/.exec(p);
      if (site) {
        const [, slug, rest] = site;
        if (slug === 'plain' && rest === '')
          return send(200, 'text/html', '<!doctype html><html><head><title>Plain</title></head><body>Hi</body></html>');
        if (rest === '')
          return send(
            200,
            'text/html; charset=utf-8',
            `<!doctype html><html><head><title>${slug}</title>
<link rel="alternate" type="application/rss+xml" title="News" href="/site/${slug}/news.rss">
<link rel="alternate" type="application/rss+xml" href="http://169.254.169.254/latest/feed.rss">
</head><body><nav><a href="/site/${slug}/about">About</a> <a href="/site/${slug}/careers">Careers</a></nav></body></html>`,
          );
        if (rest === 'careers')
          return send(
            200,
            'text/html; charset=utf-8',
            `<!doctype html><html><body><h1>Join us</h1><a href="https://boards.greenhouse.io/${slug}">Open roles</a>
<iframe src="https://jobs.lever.co/${slug}?embed=1"></iframe></body></html>`,
          );
        if (rest === 'news.rss') return send(200, 'application/rss+xml', siteFeed(base, slug as string));
      }
      if (p.startsWith('/bench/')) return send(200, 'application/rss+xml', benchFeed(base, p.slice(7)));
      if (p.startsWith('/bench-story/')) return send(200, 'text/html; charset=utf-8', benchArticle(p.slice(13)));
      if (p === '/bad/not-xml') return send(200, 'text/html', 'Hello, this is not a feed.');
      if (p === '/bad/500') return send(500, 'text/plain', 'down');
      if (p === '/bad/loop') {
        res.writeHead(302, { location: '/bad/loop' });
        return res.end();
      }
      if (p === '/bad/to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      }
      if (p === '/bad/huge') {
        // 50 MB, sent until the client stops reading.
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        let sent = 0;
        const more = () => {
          while (sent < 50 && res.write(chunk)) sent++;
          if (sent >= 50) res.end();
          else res.once('drain', more);
        };
        res.on('close', () => {
          sent = 50;
        });
        return more();
      }
      if (p === '/bad/never-ends') {
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.write('<?xml version="1.0"?><rss><channel>');
        const timer = setInterval(() => res.write(' '), 200);
        res.on('close', () => clearInterval(timer));
        return;
      }
      if (p.startsWith('/private/')) return send(200, 'application/rss+xml', newsroomRss(base));
      return send(404, 'text/plain', 'not found');
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    host: `${host}:${address.port}`,
    port: address.port,
    hits,
    notModified,
    userAgents,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
