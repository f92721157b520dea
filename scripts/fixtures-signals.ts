/**
 * npm run fixtures:signals — the local fixture server of live signals (issue #18): news feeds
 * (RSS, Atom, RDF), Greenhouse/Lever/Ashby boards, SEC EDGAR 8-K Atom and a home page announcing
 * its feed, dated relative to today, plus the bad answers a sweep must survive. For the demo:
 *
 *   npm run fixtures:signals            # listens on 127.0.0.1:4110 (SIGNALS_FIXTURE_PORT)
 *   SIGNALS_ALLOWED_HOSTS=127.0.0.1:4110 SIGNALS_SEC_BASE_URL=http://127.0.0.1:4110 npm start
 *
 * then, as an admin, add e.g. http://127.0.0.1:4110/feeds/walmart.rss for Walmart under
 * Organization Settings → Signal sources.
 */
import { startSignalFixtureServer } from '../apps/server/src/testing/signal-fixtures.ts';

const port = Number(process.env.SIGNALS_FIXTURE_PORT ?? 4110);
const host = process.env.SIGNALS_FIXTURE_HOST ?? '127.0.0.1';
const server = await startSignalFixtureServer({
  port,
  host,
  delayMs: Number(process.env.SIGNALS_FIXTURE_DELAY_MS ?? 0),
});
const paths = [
  '/feeds/walmart.rss (RSS 2.0, ETag/Last-Modified)',
  '/feeds/wire.atom (Atom, general news)',
  '/feeds/apple.rdf (RSS 1.0/RDF, ISO-8859-1)',
  '/boards/greenhouse/<token>, /boards/lever/<token>, /boards/ashby/<token>',
  '/edgar/<cik>?company=<NAME> (8-K Atom with items)',
  '/files/company_tickers.json (the SEC company list, ETag) and /cgi-bin/browse-edgar?action=getcompany&CIK=<cik>&type=8-K&output=atom',
  '/home/<name> (a home page with <link rel="alternate">)',
  '/bad/not-xml, /bad/500, /bad/loop, /bad/to-metadata, /bad/huge, /bad/never-ends',
];
console.log(`Signal fixtures on ${server.url}`);
for (const p of paths) console.log(`  ${server.url}${p}`);
console.log(
  `Start Quarry with SIGNALS_ALLOWED_HOSTS=${server.host} SIGNALS_SEC_BASE_URL=${server.url} to let it read them.`,
);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
