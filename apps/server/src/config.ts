import path from 'node:path';
import type { HelpLinks } from '@quarry/shared';
import { DEFAULT_EXCHANGE_RATES, type ExchangeRates } from '@quarry/shared/languages';
import { z } from 'zod';
import { type BoardKind, DEFAULT_BOARD_APIS } from './adapters/signals/parse.ts';
import { DEFAULT_SEC_BASE_URL } from './adapters/signals/sec.ts';
import type { RateLimits } from './plugins/rate-limits.ts';

const envSchema = z.object({
  QUARRY_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  SUPPORT_EMAIL: z.email().default('support@quarry.test'),
  DEMO_PASSWORD: z.string().min(8).default('quarry-demo-2026'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Quarry <no-reply@quarry.test>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  LOGIN_IP_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_READ_PER_MINUTE: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WRITE_PER_MINUTE: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_EXPENSIVE_PER_MINUTE: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_FILES_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  /** Fastify's trustProxy: unset (the socket's address), true, or the proxies' addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  WEB_DIST: z.string().optional(),
  /** SIGTERM: how long in-flight requests and the running job get before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
  /** Set by start:cluster for each server process (1, 2, …): answered in the X-Quarry-Process header. */
  QUARRY_PROCESS: z
    .string()
    .regex(/^\d{1,3}$/)
    .optional(),
  /**
   * A claimed job whose server died goes back to the queue after this long (a server that stops
   * normally hands its job back at once). Longer than the longest job, or it may run twice.
   */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).default(300),
  /** An OpenAI-compatible chat-completions endpoint for flow messages; unset: the built-in composer. */
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  /**
   * With an AI endpoint set, the model also confirms Value Match and Value Alignment candidates
   * (the model reader); 'false' keeps that endpoint to writing messages only.
   */
  AI_MATCH_READER_ENABLED: z.enum(['true', 'false']).default('true'),
  /** 32 bytes, base64: encrypts integration credentials at rest. Required in production. */
  INTEGRATIONS_ENCRYPTION_KEY: z.string().optional(),
  /** An RSA private key (PEM) that signs connector tokens; unset: one kept in DATA_DIR. */
  CONNECTOR_SIGNING_KEY: z.string().optional(),
  /** Where each sales-engagement tool's API answers; only configuration sets them, never a user. */
  HUBSPOT_API_BASE_URL: z.url().default('https://api.hubapi.com'),
  OUTREACH_API_BASE_URL: z.url().default('https://api.outreach.io'),
  SALESLOFT_API_BASE_URL: z.url().default('https://api.salesloft.com'),
  APOLLO_API_BASE_URL: z.url().default('https://api.apollo.io'),
  /** Outreach is OAuth only: its authorize and token endpoints live under this base, with Quarry's app credentials. */
  OUTREACH_OAUTH_BASE_URL: z.url().default('https://api.outreach.io/oauth'),
  OUTREACH_CLIENT_ID: z.string().optional(),
  OUTREACH_CLIENT_SECRET: z.string().optional(),
  /** HubSpot and Salesloft take OAuth besides a key once their app is configured: consent page base, client id and secret. */
  HUBSPOT_OAUTH_BASE_URL: z.url().default('https://app.hubspot.com/oauth'),
  HUBSPOT_CLIENT_ID: z.string().optional(),
  HUBSPOT_CLIENT_SECRET: z.string().optional(),
  SALESLOFT_OAUTH_BASE_URL: z.url().default('https://accounts.salesloft.com/oauth'),
  SALESLOFT_CLIENT_ID: z.string().optional(),
  SALESLOFT_CLIENT_SECRET: z.string().optional(),
  /** Live signals (issue #18): hourly sweeps of the sources admins add; "false" turns the scheduler off. */
  SIGNALS_ENABLED: z.enum(['true', 'false']).default('true'),
  /** Hosts (or host:port) fetched although private, e.g. the local fixture server; nothing else private is. */
  SIGNALS_ALLOWED_HOSTS: z.string().default(''),
  /** Hourly automatic discovery of sources from the websites of the accounts tenants hold; "false" turns it off. */
  SIGNALS_DISCOVERY_ENABLED: z.enum(['true', 'false']).default('true'),
  SIGNALS_FETCH_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(60),
  SIGNALS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SIGNALS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  SIGNALS_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  SIGNALS_PER_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  SIGNALS_HOST_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** The job boards' public posting APIs, `{token}` standing for the board name (tests and the demo use the fixture server). */
  SIGNALS_GREENHOUSE_API: z.string().default(DEFAULT_BOARD_APIS.greenhouse),
  SIGNALS_LEVER_API: z.string().default(DEFAULT_BOARD_APIS.lever),
  SIGNALS_ASHBY_API: z.string().default(DEFAULT_BOARD_APIS.ashby),
  /** Article pages read per feed and sweep for new items that carry only a short summary; 0 reads none. */
  SIGNALS_ARTICLES_PER_SOURCE: z.coerce.number().int().min(0).max(100).default(10),
  /** Where SEC EDGAR answers: its company list (/files/company_tickers.json) and 8-K Atom feeds (/cgi-bin/browse-edgar). */
  SIGNALS_SEC_BASE_URL: z.url().default(DEFAULT_SEC_BASE_URL),
  /** The User-Agent the SEC's fair-access rules ask for: who is asking and how to reach them. Default: "Quarry Signals <SUPPORT_EMAIL>". */
  SIGNALS_SEC_USER_AGENT: z.string().optional(),
  /**
   * Units of each shown currency per US dollar, "KRW=1470,EUR=0.86,CNY=7.08,JPY=156": revenue is
   * held in dollars and shown in the reader's currency (ko KRW, fr EUR, cn CNY, ja JPY). Unset: the
   * reference rates of DEFAULT_EXCHANGE_RATES. Set, it names all four, with EXCHANGE_RATES_AS_OF.
   */
  EXCHANGE_RATES: z.string().default(''),
  /** The day EXCHANGE_RATES are of (YYYY-MM-DD), shown beside every converted figure. */
  EXCHANGE_RATES_AS_OF: z.iso.date().optional(),
  /**
   * Help hosted outside Quarry (spec section 9): support (default: an email to SUPPORT_EMAIL), the
   * change log, how actions work, the form to request a new action, and configuring a sequence's
   * variables. A link not set is not shown.
   */
  HELP_SUPPORT_URL: z.url().optional(),
  HELP_CHANGELOG_URL: z.url().optional(),
  HELP_ACTIONS_URL: z.url().optional(),
  HELP_ACTIONS_REQUEST_URL: z.url().optional(),
  HELP_SEQUENCE_VARIABLES_URL: z.url().optional(),
  /** Requests a second to the SEC from this process (its rule: at most 10 a second per client). */
  SIGNALS_SEC_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(10).default(5),
});

export type Config = {
  env: string;
  isProductionDatabase: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  authSecret: string | undefined;
  supportEmail: string;
  demoPassword: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  bodyLimitBytes: number;
  loginIpLimitPerMinute: number;
  /** Requests a minute per caller for each rate-limit preset (plugins/rate-limits.ts). */
  rateLimits: RateLimits;
  trustProxy: boolean | string[];
  webDist: string | undefined;
  shutdownTimeoutMs: number;
  /** Which of start:cluster's server processes this is; undefined when running alone. */
  processLabel: string | undefined;
  jobLeaseMs: number;
  /** Rates revenue in US dollars is converted at for each interface language's currency. */
  exchangeRates: ExchangeRates;
  /** Help links shown in the app; null where none is configured. */
  helpLinks: HelpLinks;
  /** Where flow messages are written: an OpenAI-compatible endpoint when baseUrl and model are set. */
  ai: { baseUrl: string | undefined; apiKey: string | undefined; model: string | undefined; matchReader: boolean };
  /** Sales-engagement integrations (issue #21): the credential key, the connector token's key, vendor hosts. */
  integrations: {
    encryptionKey: string | undefined;
    connectorSigningKey: string | undefined;
    baseUrls: { hubspot: string; outreach: string; salesloft: string; apolloio: string };
    /** Outreach's OAuth app: unset client id or secret, and Connect answers that Outreach is not configured. */
    outreachOAuth: { baseUrl: string; clientId: string | undefined; clientSecret: string | undefined };
    /** HubSpot's consent page base (its token endpoint is on its API host); unset: key only. */
    hubspotOAuth?: { baseUrl: string; clientId: string | undefined; clientSecret: string | undefined };
    /** Salesloft's OAuth base (authorize, token); unset: key only. */
    salesloftOAuth?: { baseUrl: string; clientId: string | undefined; clientSecret: string | undefined };
  };
  /** Live signal sources: the scheduler, the fetch limits and the SSRF guard's allow-list. */
  signals: {
    enabled: boolean;
    discoveryEnabled: boolean;
    allowedHosts: string[];
    intervalMs: number;
    timeoutMs: number;
    maxBytes: number;
    concurrency: number;
    perHostConcurrency: number;
    hostDelayMs: number;
    /** Job board APIs by kind, `{token}` standing for the board name. */
    boardApis: Record<BoardKind, string>;
    /** Article pages read per feed and sweep for summary-only items (0: none). */
    articlesPerSource: number;
    /** SEC EDGAR: read by discovery and the sweep; the object is read at each use (tests point it elsewhere). */
    sec: { baseUrl: string; userAgent: string; requestsPerSecond: number };
  };
};

/** TRUST_PROXY as Fastify takes it: true/false, or the proxies' addresses or CIDRs, comma-separated. */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Reads and validates the environment once at boot; a bad value stops the process with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${issues}`);
  }
  const e = parsed.data;
  // Spec section 9: production and beta use the production database, anything else a development one.
  const isProductionDatabase = e.QUARRY_ENV === 'production' || e.QUARRY_ENV === 'beta';
  const dataDir = path.resolve(e.DATA_DIR);
  const host = e.HOST;
  return {
    env: e.QUARRY_ENV,
    isProductionDatabase,
    port: e.PORT,
    host,
    publicUrl: e.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${e.PORT}`,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, isProductionDatabase ? 'quarry.db' : 'quarry-dev.db') },
    authSecret: e.AUTH_SECRET,
    supportEmail: e.SUPPORT_EMAIL.toLowerCase(),
    exchangeRates: parseExchangeRates(e.EXCHANGE_RATES, e.EXCHANGE_RATES_AS_OF),
    helpLinks: {
      support: e.HELP_SUPPORT_URL ?? `mailto:${e.SUPPORT_EMAIL.toLowerCase()}`,
      changelog: e.HELP_CHANGELOG_URL ?? null,
      actions: e.HELP_ACTIONS_URL ?? null,
      actions_request: e.HELP_ACTIONS_REQUEST_URL ?? null,
      sequence_variables: e.HELP_SEQUENCE_VARIABLES_URL ?? null,
    },
    demoPassword: e.DEMO_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL ?? (e.QUARRY_ENV === 'production' ? 'error' : 'info'),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    loginIpLimitPerMinute: e.LOGIN_IP_LIMIT_PER_MINUTE,
    rateLimits: {
      read: e.RATE_LIMIT_READ_PER_MINUTE,
      write: e.RATE_LIMIT_WRITE_PER_MINUTE,
      expensive: e.RATE_LIMIT_EXPENSIVE_PER_MINUTE,
      auth: e.RATE_LIMIT_AUTH_PER_MINUTE,
      files: e.RATE_LIMIT_FILES_PER_MINUTE,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: e.WEB_DIST,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    processLabel: e.QUARRY_PROCESS,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    ai: {
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      matchReader: e.AI_MATCH_READER_ENABLED === 'true',
    },
    integrations: {
      encryptionKey: e.INTEGRATIONS_ENCRYPTION_KEY,
      connectorSigningKey: e.CONNECTOR_SIGNING_KEY,
      baseUrls: {
        hubspot: trimSlash(e.HUBSPOT_API_BASE_URL),
        outreach: trimSlash(e.OUTREACH_API_BASE_URL),
        salesloft: trimSlash(e.SALESLOFT_API_BASE_URL),
        apolloio: trimSlash(e.APOLLO_API_BASE_URL),
      },
      outreachOAuth: {
        baseUrl: trimSlash(e.OUTREACH_OAUTH_BASE_URL),
        clientId: e.OUTREACH_CLIENT_ID,
        clientSecret: e.OUTREACH_CLIENT_SECRET,
      },
      hubspotOAuth: {
        baseUrl: trimSlash(e.HUBSPOT_OAUTH_BASE_URL),
        clientId: e.HUBSPOT_CLIENT_ID,
        clientSecret: e.HUBSPOT_CLIENT_SECRET,
      },
      salesloftOAuth: {
        baseUrl: trimSlash(e.SALESLOFT_OAUTH_BASE_URL),
        clientId: e.SALESLOFT_CLIENT_ID,
        clientSecret: e.SALESLOFT_CLIENT_SECRET,
      },
    },
    signals: {
      enabled: e.SIGNALS_ENABLED === 'true',
      discoveryEnabled: e.SIGNALS_DISCOVERY_ENABLED === 'true',
      allowedHosts: e.SIGNALS_ALLOWED_HOSTS.split(',')
        .map((h) => h.trim())
        .filter(Boolean),
      intervalMs: e.SIGNALS_FETCH_INTERVAL_MINUTES * 60_000,
      timeoutMs: e.SIGNALS_TIMEOUT_MS,
      maxBytes: e.SIGNALS_MAX_BYTES,
      concurrency: e.SIGNALS_CONCURRENCY,
      perHostConcurrency: e.SIGNALS_PER_HOST_CONCURRENCY,
      hostDelayMs: e.SIGNALS_HOST_DELAY_MS,
      boardApis: { greenhouse: e.SIGNALS_GREENHOUSE_API, lever: e.SIGNALS_LEVER_API, ashby: e.SIGNALS_ASHBY_API },
      articlesPerSource: e.SIGNALS_ARTICLES_PER_SOURCE,
      sec: {
        baseUrl: trimSlash(e.SIGNALS_SEC_BASE_URL),
        userAgent: e.SIGNALS_SEC_USER_AGENT?.trim() || `Quarry Signals ${e.SUPPORT_EMAIL.toLowerCase()}`,
        requestsPerSecond: e.SIGNALS_SEC_REQUESTS_PER_SECOND,
      },
    },
  };
}

/**
 * EXCHANGE_RATES ("KRW=1470,EUR=0.86") over the reference rates. A malformed entry stops the
 * start with the entry named: a wrong rate would misstate every revenue figure shown.
 */
export function parseExchangeRates(text: string, asOf: string | undefined): ExchangeRates {
  const perUsd = { ...DEFAULT_EXCHANGE_RATES.per_usd };
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const match = /^([A-Z]{3})\s*=\s*(\d+(?:\.\d+)?)$/.exec(entry);
    const currency = match?.[1] as keyof typeof perUsd | undefined;
    const rate = Number(match?.[2]);
    if (!currency || !(currency in perUsd) || !(rate > 0)) {
      throw new Error(
        `EXCHANGE_RATES: "${entry}" is not CODE=RATE with CODE one of ${Object.keys(perUsd).join(', ')} and RATE above 0`,
      );
    }
    perUsd[currency] = rate;
  }
  if (entries.length === 0) return DEFAULT_EXCHANGE_RATES;
  // One date stands beside every figure, so the rates given are all of that day: all or none.
  const given = new Set(entries.map((entry) => entry.split('=')[0]?.trim()));
  const missing = Object.keys(perUsd).filter((currency) => !given.has(currency));
  if (missing.length > 0) throw new Error(`EXCHANGE_RATES: give every rate or none; missing ${missing.join(', ')}`);
  if (!asOf)
    throw new Error('EXCHANGE_RATES_AS_OF: the day the rates are of (YYYY-MM-DD) is required with EXCHANGE_RATES');
  return { as_of: asOf, per_usd: perUsd };
}
