import fs from 'node:fs';
import path from 'node:path';
import { type AccountSummaryFacts, DAY_MS, PLACEHOLDER_EMAIL } from '@quarry/shared';
import { parse } from 'csv-parse/sync';
import { registrableDomain } from '../../lib/registrable-domain.ts';
import { normalizeWebsite } from '../../modules/accounts/normalize-website.ts';
import type { Db } from '../connection.ts';
import type { MasterAccountsTable, MasterContactsTable, MasterHitsTable } from '../schema.ts';
import { cleanWikinewsText } from './clean-wikinews-text.ts';

/** The repository's demo-data/ folder (Fortune 500 and Wikinews copies with their NOTICE.md). */
export const DEMO_DATA_DIR = path.resolve(import.meta.dirname, '../../../../../demo-data');

/** One row of demo-data/fortune500.csv, as the CSV spells its columns. */
export type Fortune500Row = {
  company_name: string;
  rank: string;
  'revenue ($M)': string;
  employees: string;
  industry: string;
  sector: string;
  ceo: string;
  ceo_title: string;
  location: string;
  website: string;
};

/** One row of demo-data/wikinews-economy.csv. */
export type WikinewsArticle = { id: string; date: string; title: string; url: string; text: string };

export type NewsMatchStats = {
  articlesRead: number;
  /** Articles without a publication date: never shown, so never attached. */
  articlesSkipped: number;
  /** Articles attached to at least one account. */
  articlesMatched: number;
  hitsMade: number;
  accountsWithArticles: number;
};

export type DemoAccountsSeedStats = {
  accounts: number;
  contacts: number;
  newsHits: number;
  jobPostings: number;
  news: NewsMatchStats;
};

/** Every generated value is fixed, so two builds (and two machines) give the same demo. */
const DEMO_CREATED_AT = '2026-01-01T00:00:00.000Z';
const JOB_REFERENCE_DATE = Date.parse('2026-11-01T00:00:00.000Z');
const DEMO_SEED = 0x51a77e;
const FORTUNE_YEAR = 2019;
/** Stays under SQLite's bound-variable limit for the widest table (11 columns). */
const INSERT_CHUNK_ROWS = 200;

/** The 2019 file gives 21st Century Fox its new owner's site; its own domain keeps accounts one per website. */
const DOMAIN_OVERRIDES: Record<string, string> = { 'Twenty-First Century Fox': '21cf.com' };

export function parseFortune500Csv(csvText: string): Fortune500Row[] {
  return parse(csvText, { columns: true, skip_empty_lines: true, bom: true }) as Fortune500Row[];
}

export function parseWikinewsCsv(csvText: string): WikinewsArticle[] {
  const rows = parse(csvText, { columns: true, skip_empty_lines: true, bom: true }) as WikinewsArticle[];
  // Headlines and texts are stored as a reader sees them, without wiki markup.
  return rows.map((row) => ({ ...row, title: cleanWikinewsText(row.title), text: cleanWikinewsText(row.text) }));
}

function domainOf(row: Fortune500Row): string {
  const domain = DOMAIN_OVERRIDES[row.company_name.trim()] ?? normalizeWebsite(row.website);
  if (!domain) throw new Error(`Fortune 500 row without a usable website: ${row.company_name}`);
  return domain;
}

function accountIdFor(domain: string): string {
  return `acc_${domain.replace(/[^a-z0-9]+/g, '_')}`;
}

/** "$514,405.0" (millions) → 514405000000. */
function millionsToDollars(money: string): number | null {
  const millions = Number(money.replace(/[$,\s]/g, ''));
  return money.trim() && Number.isFinite(millions) ? Math.round(millions * 1_000_000) : null;
}

function integerOrNull(value: string): number | null {
  const n = Number.parseInt(value.replace(/[,\s]/g, ''), 10);
  return Number.isFinite(n) ? n : null;
}

function accountDescription(row: Fortune500Row): string {
  return (
    `Ranked #${row.rank} in the ${FORTUNE_YEAR} Fortune 500 (sector: ${row.sector.trim()}; industry: ` +
    `${row.industry.trim()}). Based in ${row.location.trim()}; led by ${row.ceo.trim()}, ${row.ceo_title.trim()}.`
  );
}

/** The facts of the summary above, from which a page writes it in the reader's language. */
function accountSummaryFacts(row: Fortune500Row): AccountSummaryFacts {
  return {
    kind: 'fortune500',
    rank: Number(row.rank),
    year: FORTUNE_YEAR,
    sector: row.sector.trim(),
    industry: row.industry.trim(),
    location: row.location.trim(),
    ceo: row.ceo.trim(),
    ceo_title: row.ceo_title.trim(),
  };
}

/** A demo master account as written: its latest signal date is the database's to keep. */
export type DemoAccount = Omit<
  MasterAccountsTable,
  'latest_signal_at' | 'owner_tenant_id' | 'added_by_upload_id' | 'summary_facts'
> & { summary_facts: string | null };

/** The Fortune 500 as master accounts, one per website. */
export function buildDemoAccounts(fortuneCsvText: string): DemoAccount[] {
  const accounts: DemoAccount[] = [];
  const seen = new Set<string>();
  for (const row of parseFortune500Csv(fortuneCsvText)) {
    const website = domainOf(row);
    const id = accountIdFor(website);
    if (seen.has(id)) continue;
    seen.add(id);
    accounts.push({
      master_account_id: id,
      account_name: row.company_name.trim(),
      website,
      website_domain: registrableDomain(website),
      logo_url: null,
      industry: row.industry.trim() || null,
      sector: row.sector.trim() || null,
      employees: integerOrNull(row.employees),
      revenue: millionsToDollars(row['revenue ($M)']),
      location: row.location.trim() || null,
      description: accountDescription(row),
      summary_facts: JSON.stringify(accountSummaryFacts(row)),
      created_at: DEMO_CREATED_AT,
    });
  }
  return accounts;
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

type Random = () => number;

/** mulberry32: small, fast and good enough for demo data. */
function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each account draws from its own stream, so one account's data does not depend on the others. */
function randomFor(purpose: string, accountId: string): Random {
  return mulberry32(hashString(`${DEMO_SEED}:${purpose}:${accountId}`));
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function hex(random: Random, length: number): string {
  let out = '';
  while (out.length < length) out += Math.floor(random() * 16).toString(16);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Contacts

const DEPARTMENTS = ['sales', 'marketing', 'engineering', 'finance', 'operations', 'it', 'hr'] as const;
type Department = (typeof DEPARTMENTS)[number];
type Seniority = 'c_suite' | 'vp' | 'director' | 'manager' | 'individual_contributor';

/** Fewer chiefs than staff, as in a real org chart. */
const SENIORITY_WEIGHTS: readonly [Seniority, number][] = [
  ['c_suite', 1],
  ['vp', 2],
  ['director', 3],
  ['manager', 4],
  ['individual_contributor', 4],
];

const TITLES: Record<Department, Record<Seniority, readonly string[]>> = {
  sales: {
    c_suite: ['Chief Revenue Officer', 'Chief Sales Officer'],
    vp: ['Vice President of Sales', 'VP, Enterprise Sales'],
    director: ['Director of Sales', 'Director, Strategic Accounts'],
    manager: ['Regional Sales Manager', 'Sales Manager'],
    individual_contributor: ['Account Executive', 'Sales Development Representative', 'Account Manager'],
  },
  marketing: {
    c_suite: ['Chief Marketing Officer'],
    vp: ['Vice President of Marketing', 'VP, Brand Marketing'],
    director: ['Director of Marketing', 'Director, Demand Generation'],
    manager: ['Marketing Manager', 'Product Marketing Manager'],
    individual_contributor: ['Marketing Specialist', 'Content Strategist', 'Marketing Analyst'],
  },
  engineering: {
    c_suite: ['Chief Technology Officer'],
    vp: ['Vice President of Engineering', 'VP, Software Engineering'],
    director: ['Director of Engineering', 'Director, Platform Engineering'],
    manager: ['Engineering Manager', 'Software Development Manager'],
    individual_contributor: ['Senior Software Engineer', 'Software Engineer', 'Data Engineer'],
  },
  finance: {
    c_suite: ['Chief Financial Officer'],
    vp: ['Vice President of Finance', 'VP, Financial Planning & Analysis'],
    director: ['Director of Finance', 'Controller'],
    manager: ['Finance Manager', 'Accounting Manager'],
    individual_contributor: ['Financial Analyst', 'Senior Accountant'],
  },
  operations: {
    c_suite: ['Chief Operating Officer'],
    vp: ['Vice President of Operations', 'VP, Supply Chain'],
    director: ['Director of Operations', 'Director, Procurement'],
    manager: ['Operations Manager', 'Logistics Manager'],
    individual_contributor: ['Operations Analyst', 'Procurement Specialist'],
  },
  it: {
    c_suite: ['Chief Information Officer', 'Chief Information Security Officer'],
    vp: ['Vice President of IT', 'VP, Infrastructure'],
    director: ['Director of IT', 'Director, Enterprise Applications'],
    manager: ['IT Manager', 'Security Operations Manager'],
    individual_contributor: ['Systems Administrator', 'IT Business Analyst', 'Security Engineer'],
  },
  hr: {
    c_suite: ['Chief Human Resources Officer', 'Chief People Officer'],
    vp: ['Vice President of People', 'VP, Talent Acquisition'],
    director: ['Director of Human Resources', 'Director, Total Rewards'],
    manager: ['HR Manager', 'Recruiting Manager'],
    individual_contributor: ['HR Business Partner', 'Recruiter', 'HR Generalist'],
  },
};

const FIRST_NAMES: readonly string[] = (
  'James Maria Wei Aisha Carlos Emily Rahul Sofia Daniel Grace Kwame Hannah Luis Mei Omar Olivia Ivan ' +
  'Priya Thomas Yuki Michael Fatima David Chloe Samuel Ana Benjamin Leila Jonas Nora Andre Zoe Patrick ' +
  'Ines Ethan Amara Lucas Sara Noah Elena'
).split(' ');

const LAST_NAMES: readonly string[] = (
  'Smith Garcia Chen Johnson Patel Williams Nguyen Brown Kim Lopez Okafor Miller Rossi Davis Tanaka ' +
  'Wilson Singh Moore Haddad Clark Novak Lewis Mensah Walker Silva Young Cohen Allen Fischer King ' +
  'Murphy Scott Kowalski Green Baker Adams Ali Nelson Reyes Hughes'
).split(' ');

function asciiSlug(text: string, separator: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '');
}

const NAME_SUFFIXES = new Set(['jr.', 'jr', 'sr.', 'sr', 'ii', 'iii', 'iv']);
const SURNAME_PARTICLES = new Set(['van', 'von', 'de', 'der', 'den', 'da', 'di', 'du', 'la', 'le']);
const isInitial = (word: string) => /^(?:[A-Z]\.)+$|^[A-Z]$/.test(word);

/**
 * "C. Douglas McMillon" → C. Douglas / McMillon; "Darren W. Woods" → Darren / Woods;
 * "Dirk Van de Put" → Dirk / Van de Put; "Lawrence Culp Jr." keeps the Jr. in the last name.
 */
function splitPersonName(fullName: string): { first: string; last: string } {
  // The Fortune file spells one "III" as "lll".
  const words = fullName
    .trim()
    .replace(/\blll$/, 'III')
    .split(/\s+/);
  let lastStart = words.length - 1;
  while (lastStart > 1 && NAME_SUFFIXES.has((words[lastStart] as string).toLowerCase())) lastStart--;
  while (lastStart > 1 && SURNAME_PARTICLES.has((words[lastStart - 1] as string).toLowerCase())) lastStart--;
  const given = words.slice(0, lastStart);
  while (given.length > 1 && isInitial(given[given.length - 1] as string)) given.pop();
  return { first: given.join(' ') || (words[0] as string), last: words.slice(lastStart).join(' ') };
}

/** first.last: the first given name that is not an initial, the surname without Jr./III. */
function emailLocalPart(first: string, last: string): string {
  const given = first.split(/\s+/).find((w) => !isInitial(w)) ?? first;
  const lastWords = last.split(/\s+/).filter((w) => !NAME_SUFFIXES.has(w.toLowerCase()));
  return `${asciiSlug(given, '')}.${asciiSlug(lastWords.join(' '), '')}`;
}

function weightedSeniority(random: Random): Seniority {
  const total = SENIORITY_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  let roll = random() * total;
  for (const [seniority, weight] of SENIORITY_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return seniority;
  }
  return 'individual_contributor';
}

type EmailFields = Pick<MasterContactsTable, 'email' | 'email_status'>;

/** About 15% unusable, split evenly over the spec's three ways: empty, the placeholder, "unavailable". */
function drawEmail(random: Random, address: string): EmailFields {
  const roll = random();
  if (roll < 0.05) return { email: null, email_status: null };
  if (roll < 0.1) return { email: PLACEHOLDER_EMAIL, email_status: null };
  if (roll < 0.15) return { email: address, email_status: 'unavailable' };
  return { email: address, email_status: roll < 0.7 ? 'verified' : 'guessed' };
}

/**
 * Master contacts: each account's CEO from the Fortune file, then 6–10 generated people across
 * departments and seniorities. Even-numbered generated contacts carry an external_contact_id
 * (product-originated), odd-numbered ones only a plain id: the spec's two kinds.
 */
export function buildDemoContacts(accounts: DemoAccount[], fortuneRows: Fortune500Row[]): MasterContactsTable[] {
  const rowsByAccount = new Map(fortuneRows.map((row) => [accountIdFor(domainOf(row)), row]));
  const contacts: MasterContactsTable[] = [];
  for (const account of accounts) {
    const accountId = account.master_account_id;
    const domain = account.website ?? `${accountId}.example`;
    const random = randomFor('contacts', accountId);
    const usedLocalParts = new Set<string>();
    const uniqueAddress = (localPart: string) => {
      let candidate = localPart;
      for (let n = 2; usedLocalParts.has(candidate); n++) candidate = `${localPart}${n}`;
      usedLocalParts.add(candidate);
      return `${candidate}@${domain}`;
    };

    const row = rowsByAccount.get(accountId);
    // Co-CEOs share the cell: "Marc R. Benioff/Keith Block".
    const ceos = (row?.ceo ?? '')
      .split('/')
      .map((name) => name.trim())
      .filter(Boolean);
    const ceoRandom = randomFor('ceo', accountId);
    for (const [n, ceo] of ceos.entries()) {
      const { first, last } = splitPersonName(ceo);
      contacts.push({
        id: n === 0 ? `con_${accountId}_ceo` : `con_${accountId}_ceo${n + 1}`,
        external_contact_id: `ext_${hex(ceoRandom, 16)}`,
        master_account_id: accountId,
        first_name: first,
        last_name: last,
        title: row?.ceo_title.trim() || 'Chief Executive Officer',
        seniority: 'c_suite',
        department: 'executive',
        // A real person: the address is a pattern guess, and no profile URL is made up for them.
        email: uniqueAddress(emailLocalPart(first, last)),
        email_status: 'guessed',
        linkedin_url: null,
      });
    }

    const count = 6 + Math.floor(random() * 5);
    const chiefs = new Set<Department>();
    for (let i = 0; i < count; i++) {
      const department = pick(random, DEPARTMENTS);
      let seniority = weightedSeniority(random);
      if (seniority === 'c_suite' && chiefs.has(department)) seniority = 'vp';
      if (seniority === 'c_suite') chiefs.add(department);
      const first = pick(random, FIRST_NAMES);
      const last = pick(random, LAST_NAMES);
      const address = uniqueAddress(emailLocalPart(first, last));
      const externalId = `ext_${hex(random, 16)}`;
      contacts.push({
        id: `con_${accountId}_${String(i + 1).padStart(2, '0')}`,
        external_contact_id: i % 2 === 0 ? externalId : null,
        master_account_id: accountId,
        first_name: first,
        last_name: last,
        title: pick(random, TITLES[department][seniority]),
        seniority,
        department,
        ...drawEmail(random, address),
        linkedin_url: `https://www.linkedin.com/in/${asciiSlug(`${first} ${last}`, '-')}-${hex(random, 4)}`,
      });
    }
  }
  return contacts;
}

// ---------------------------------------------------------------------------------------------
// News: which accounts does an article mention?

/**
 * Famous names the Fortune name does not spell. Matched with their exact letter case, so short
 * ones ("GM", "UPS") only match as written.
 */
const ALIASES: Record<string, readonly string[]> = {
  Walmart: ['Wal-Mart'],
  'Exxon Mobil': ['Exxon'],
  'Amazon.com': ['Amazon'],
  'CVS Health': ['CVS', 'CVS Caremark'],
  'Ford Motor': ['Ford'],
  'General Motors': ['GM'],
  'Costco Wholesale': ['Costco'],
  Alphabet: ['Google'],
  'Walgreens Boots Alliance': ['Walgreens', 'Walgreen'],
  'JPMorgan Chase': ['JPMorgan'],
  'Verizon Communications': ['Verizon'],
  'General Electric': ['GE'],
  Citigroup: ['Citi', 'Citibank'],
  'Dell Technologies': ['Dell'],
  'DuPont de Nemours': ['DuPont'],
  'State Farm Insurance': ['State Farm'],
  'Johnson & Johnson': ['J&J'],
  'United Parcel Service': ['UPS'],
  'Procter & Gamble': ['P&G'],
  PepsiCo: ['Pepsi'],
  'Archer Daniels Midland': ['ADM'],
  'Walt Disney': ['Disney'],
  HP: ['Hewlett-Packard'],
  'Lockheed Martin': ['Lockheed'],
  AIG: ['American International Group'],
  'United Continental Holdings': ['United Airlines', 'Continental Airlines'],
  'Liberty Mutual Insurance Group': ['Liberty Mutual'],
  'New York Life Insurance': ['New York Life'],
  'Massachusetts Mutual Life Insurance': ['MassMutual'],
  Deere: ['John Deere'],
  'Capital One Financial': ['Capital One'],
  'Coca-Cola': ['Coke'],
  'Hewlett Packard Enterprise': ['HPE'],
  'Twenty-First Century Fox': ['21st Century Fox'],
  'Kraft Heinz': ['Kraft', 'Heinz'],
  Facebook: ['Meta Platforms'],
  'Booking Holdings': ['Priceline'],
  'United States Steel': ['U.S. Steel'],
  'Advanced Micro Devices': ['AMD'],
  'Activision Blizzard': ['Activision'],
  'Motorola Solutions': ['Motorola'],
  'Goodyear Tire & Rubber': ['Goodyear'],
  'Colgate-Palmolive': ['Colgate'],
  'Guardian Life Ins. Co. of America': ['Guardian Life'],
  'Laboratory Corp. of America': ['LabCorp'],
  'Expeditors Intl. of Washington': ['Expeditors'],
  'W.W. Grainger': ['Grainger'],
  'J.M. Smucker': ['Smucker'],
  'S&P Global': ["Standard & Poor's"],
  'American Express': ['AmEx'],
  'Abbott Laboratories': ['Abbott Labs'],
  'Hilton Worldwide Holdings': ['Hilton Hotels'],
  'Cisco Systems': ['Cisco'],
  'Hertz Global Holdings': ['Hertz'],
  'Jefferies Financial Group': ['Jefferies'],
  'Thermo Fisher Scientific': ['Thermo Fisher'],
  'Cognizant Technology Solutions': ['Cognizant'],
  'Micron Technology': ['Micron'],
  'Gilead Sciences': ['Gilead'],
  'Occidental Petroleum': ['Occidental'],
  'Valero Energy': ['Valero'],
  'Sempra Energy': ['Sempra'],
  'NextEra Energy': ['NextEra'],
  'Darden Restaurants': ['Darden'],
  'MGM Resorts International': ['MGM Mirage'],
  'PNC Financial Services': ['PNC'],
  'Franklin Resources': ['Franklin Templeton'],
  ConocoPhillips: ['Conoco'],
  // Names that are everyday words alone (see AMBIGUOUS_NAMES) match only in their long form.
  Southern: ['Southern Company'],
  Williams: ['Williams Companies'],
  Travelers: ['Travelers Companies'],
  Progressive: ['Progressive Corporation'],
  Ball: ['Ball Corporation'],
  Discovery: ['Discovery Communications'],
  Kellogg: ['Kellogg Company'],
  Hess: ['Hess Corporation'],
  Nationwide: ['Nationwide Mutual'],
  Apache: ['Apache Corporation', 'Apache Corp'],
  Stryker: ['Stryker Corporation', 'Stryker Corp'],
  'Baxter International': ['Baxter Healthcare'],
};

const TRAILING_SUFFIXES = new Set(
  (
    'inc incorporated corp corporation co company companies group holdings holding ' +
    'international intl worldwide plc ltd llc & and'
  ).split(' '),
);
/** Lower-case words allowed inside a capitalised name: "Bank of America", "Procter and Gamble". */
const CONNECTORS = new Set(['&', 'and', 'of', 'de', 'the', 'for']);
/** Variants shorter than this (in letters) are too likely to be something else, unless written out as aliases. */
const MIN_VARIANT_LETTERS = 4;

type Token = { raw: string; key: string; exact: string; joinsPrevious: boolean };

const TOKEN_PATTERN = /[\p{L}\p{N}&]+(?:['’.][\p{L}\p{N}&]+)*/gu;
/** Only spaces and hyphens may sit between the words of one name: "Wal-Mart", "Exxon Mobil". */
const JOINING_GAP = /^[\s\-‐‑]*$/u;

/** The spelling a token is compared by: no possessive, no dots or apostrophes, "&" read as "and". */
function exactForm(raw: string): string {
  if (!/['’.&]/.test(raw)) return raw;
  return raw.replace(/’/g, "'").replace(/'s?$/i, '').replace(/['.]/g, '').replace(/&/g, 'and');
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let end = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const raw = match[0];
    const exact = exactForm(raw);
    const gap = match.index - end;
    // Most gaps are one space: skip the pattern for them.
    const joinsPrevious =
      gap === 1 ? text[end] === ' ' || text[end] === '-' : JOINING_GAP.test(text.slice(end, match.index));
    tokens.push({ raw, exact, key: exact.toLowerCase(), joinsPrevious });
    end = match.index + raw.length;
  }
  return tokens;
}

/** Spacing and hyphens do not count: "Exxon Mobil", "ExxonMobil" and "Exxon-Mobil" share one key. */
function nameKey(tokens: Token[]): string {
  return tokens.map((t) => t.key).join('');
}

/**
 * Name forms that, standing alone, mostly mean something else in the news (Southern California,
 * the Washington Post, Tony Abbott, the UK's Nationwide, AES/PHEAA): never matched on their own.
 */
const AMBIGUOUS_NAMES = new Set(
  (
    'Southern|Williams|Travelers|Progressive|Discovery|Ball|Dover|Post|Crown|Booking|Nationwide|Dana|' +
    'Lear|Olin|Huntsman|Hess|Kellogg|Mosaic|Tapestry|Seaboard|Alleghany|Abbott|Hilton|Erie|' +
    'Global Partners|American Family|AES|NVR|VF|Masco|Dominion|Discover|News|Edison|' +
    'American Financial|United|Charter|Apache|Stryker|Baxter'
  )
    .split('|')
    .map((name) => nameKey(tokenize(name))),
);

/** Everyday words that are also company names: matched only as written, and not in (title-case) headlines. */
const COMMON_WORD_NAMES = new Set(
  ['Target', 'Apple', 'Visa', 'Gap', 'Oracle', 'Caterpillar', 'Alphabet', 'Adobe', 'Anthem', 'Amazon'].map((name) =>
    nameKey(tokenize(name)),
  ),
);

type NameRule = {
  accountIds: Set<string>;
  /** Matched letter for letter (aliases, everyday words) rather than as any capitalised spelling. */
  exact: string | null;
  /** Lower-case words the name itself is written with ("eBay", "salesforce.com"). */
  lowercaseWords: Set<string>;
  textOnly: boolean;
  /**
   * The website's stem ("walmart", "exxonmobil") stands for a name written in several words or in
   * CamelCase ("Wal-Mart", "ExxonMobil"); alone as one plain word it is too often something else
   * ("united", "simon", "frontier").
   */
  joinedOnly: boolean;
  /** Written with its "'s" ("Lowe's"): without it, it is someone's surname ("Ian Lowe"). */
  possessive: boolean;
};

type NameIndex = { rules: Map<string, NameRule[]>; prefixes: Set<string>; maxTokens: number };

function stripSuffixes(name: string): string {
  let words = name.replace(/^the\s+/i, '').split(/\s+/);
  const isSuffix = (word: string) => TRAILING_SUFFIXES.has(word.toLowerCase().replace(/\.$/, ''));
  while (words.length > 1 && isSuffix(words[words.length - 1] as string)) words = words.slice(0, -1);
  return words.join(' ').replace(/\.com$/i, '');
}

type NameVariant = { text: string; kind: 'name' | 'domain' | 'alias' };

function nameVariants(account: DemoAccount): NameVariant[] {
  const name = account.account_name.replace(/’/g, "'");
  const withoutAside = name.replace(/\s*\(([^)]*)\)\s*/g, ' ').trim();
  const aside = /\(([^)]*)\)/.exec(name)?.[1];
  const names = [name, withoutAside, stripSuffixes(withoutAside), ...(aside ? [aside] : [])];
  const stem = account.website?.replace(/\.[a-z]+$/, '');
  return [
    ...names.map((text): NameVariant => ({ text, kind: 'name' })),
    ...(stem ? [{ text: stem, kind: 'domain' } as const] : []),
    ...(ALIASES[account.account_name] ?? []).map((text): NameVariant => ({ text, kind: 'alias' })),
  ];
}

/**
 * The names news may write an account by (its name, without suffix or aside, the aside, known
 * aliases): what the value-match engine is given as a hit's `account_names`.
 */
export function accountNameVariants(account: DemoAccount): string[] {
  return [
    ...new Set(
      nameVariants(account)
        .filter((v) => v.kind !== 'domain')
        .map((v) => v.text.trim()),
    ),
  ].filter((name) => name.length >= 2);
}

/** How one spelling of a name may be matched, or null when it is too short or too common to trust. */
function ruleFor(variant: NameVariant, tokens: Token[], key: string): Omit<NameRule, 'accountIds'> | null {
  const exact = tokens.map((t) => t.exact).join('');
  const possessive = /['’]s$/i.test(variant.text);
  const plain = { exact: null, lowercaseWords: new Set<string>(), textOnly: false, joinedOnly: false, possessive };
  if (variant.kind === 'alias') return { ...plain, exact, textOnly: COMMON_WORD_NAMES.has(key) };
  if (AMBIGUOUS_NAMES.has(key)) return null;
  // The website's stem is lower case by nature: it only ever matches capitalised ("walmart" → "Wal-Mart").
  if (variant.kind === 'domain') {
    return COMMON_WORD_NAMES.has(key) || key.length < MIN_VARIANT_LETTERS ? null : { ...plain, joinedOnly: true };
  }
  // A short name such as "IBM" or "3M" counts when written as the acronym it is.
  const isAcronym = /^[A-Z0-9&]+$/.test(variant.text);
  if (isAcronym) return { ...plain, exact };
  if (key.replace(/[^\p{L}]/gu, '').length < MIN_VARIANT_LETTERS) return null;
  if (COMMON_WORD_NAMES.has(key)) return { ...plain, exact, textOnly: true };
  return { ...plain, lowercaseWords: new Set(tokens.filter((t) => /^\p{Ll}/u.test(t.raw)).map((t) => t.raw)) };
}

function buildNameIndex(accounts: DemoAccount[]): NameIndex {
  const rulesByKey = new Map<string, Map<string, NameRule>>();
  const prefixes = new Set<string>();
  let maxTokens = 1;
  for (const account of accounts) {
    for (const variant of nameVariants(account)) {
      const tokens = tokenize(variant.text);
      const key = nameKey(tokens);
      const rule = key ? ruleFor(variant, tokens, key) : null;
      if (!rule) continue;
      const signature = [rule.exact, rule.textOnly, rule.joinedOnly, rule.possessive, ...rule.lowercaseWords].join('|');
      const rules = rulesByKey.get(key) ?? new Map<string, NameRule>();
      rulesByKey.set(key, rules);
      const existing = rules.get(signature);
      if (existing) existing.accountIds.add(account.master_account_id);
      else rules.set(signature, { ...rule, accountIds: new Set([account.master_account_id]) });
      for (let i = 1; i <= key.length; i++) prefixes.add(key.slice(0, i));
      // A joined name ("Walmart") may be written as several words ("Wal-Mart"): leave room for them.
      maxTokens = Math.max(maxTokens, tokens.length + 2);
    }
  }
  const rules = new Map([...rulesByKey].map(([key, bySignature]) => [key, [...bySignature.values()]]));
  return { rules, prefixes, maxTokens };
}

function ruleAccepts(rule: NameRule, span: Token[], inTitle: boolean): boolean {
  if (rule.textOnly && inTitle) return false;
  if (rule.possessive && !/['’]s$/i.test((span[span.length - 1] as Token).raw)) return false;
  if (rule.joinedOnly && span.length === 1 && !/\p{Ll}\p{Lu}/u.test((span[0] as Token).raw)) return false;
  if (rule.exact !== null) return span.map((t) => t.exact).join('') === rule.exact;
  return span.every((token, i) => {
    if (rule.lowercaseWords.has(token.raw)) return true;
    if (i > 0 && CONNECTORS.has(token.key)) return true;
    return /^[\p{Lu}\p{N}]/u.test(token.raw);
  });
}

/** Accounts named in a text, reading left to right and preferring the longest name at each word. */
function mentionedAccounts(index: NameIndex, text: string, inTitle: boolean, found: Set<string>): void {
  const tokens = tokenize(text);
  let i = 0;
  while (i < tokens.length) {
    let best: { length: number; rules: NameRule[] } | null = null;
    let key = '';
    for (let n = 1; n <= index.maxTokens && i + n <= tokens.length; n++) {
      const token = tokens[i + n - 1] as Token;
      if (n > 1 && !token.joinsPrevious) break;
      key += token.key;
      if (!index.prefixes.has(key)) break;
      const rules = index.rules.get(key);
      if (!rules) continue;
      const span = tokens.slice(i, i + n);
      const accepted = rules.filter((rule) => ruleAccepts(rule, span, inTitle));
      if (accepted.length > 0) best = { length: n, rules: accepted };
    }
    if (best) {
      for (const rule of best.rules) for (const id of rule.accountIds) found.add(id);
      i += best.length;
    } else {
      i++;
    }
  }
}

/**
 * The accounts a story names, by the same rules as the Wikinews import (issue #18 links live news
 * this way): built once for a set of accounts, then asked for each story.
 */
export function createAccountNamer(
  accounts: Pick<DemoAccount, 'master_account_id' | 'account_name' | 'website'>[],
): (title: string, text: string) => string[] {
  const index = buildNameIndex(accounts as DemoAccount[]);
  return (title, text) => {
    const found = new Set<string>();
    mentionedAccounts(index, title, true, found);
    mentionedAccounts(index, text, false, found);
    return [...found].sort();
  };
}

/**
 * Wikinews articles as news hits, one per article and account it names (Fortune name, the name
 * without "Inc."/"Group"/…, spacing and hyphen variants, the website's stem, famous aliases).
 */
export function matchArticlesToAccounts(
  articles: WikinewsArticle[],
  accounts: DemoAccount[],
): { hits: MasterHitsTable[]; stats: NewsMatchStats } {
  const index = buildNameIndex(accounts);
  const hits: MasterHitsTable[] = [];
  const accountsWithArticles = new Set<string>();
  let articlesSkipped = 0;
  let articlesMatched = 0;
  for (const article of articles) {
    const date = (article.date ?? '').trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      articlesSkipped++;
      continue;
    }
    const found = new Set<string>();
    mentionedAccounts(index, article.title, true, found);
    mentionedAccounts(index, article.text, false, found);
    if (found.size === 0) continue;
    articlesMatched++;
    for (const accountId of [...found].sort()) {
      accountsWithArticles.add(accountId);
      hits.push({
        id: `hit_news_${article.id}_${accountId}`,
        master_account_id: accountId,
        type: 'news_article',
        title: article.title.trim().slice(0, 500),
        text: article.text.trim(),
        url: article.url.trim() || null,
        source: 'Wikinews',
        published_at: `${date}T00:00:00.000Z`,
      });
    }
  }
  return {
    hits,
    stats: {
      articlesRead: articles.length,
      articlesSkipped,
      articlesMatched,
      hitsMade: hits.length,
      accountsWithArticles: accountsWithArticles.size,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Job postings

const JOB_TITLES: Record<Department, readonly string[]> = {
  sales: ['Enterprise Account Executive', 'Sales Development Representative', 'Regional Sales Director'],
  marketing: ['Product Marketing Manager', 'Digital Marketing Specialist', 'Director of Brand Marketing'],
  engineering: ['Senior Software Engineer', 'Staff Data Engineer', 'Site Reliability Engineer'],
  finance: ['Senior Financial Analyst', 'Corporate Controller', 'FP&A Manager'],
  operations: ['Supply Chain Manager', 'Operations Analyst', 'Director of Logistics'],
  it: ['IT Service Desk Manager', 'Cloud Infrastructure Architect', 'Security Operations Analyst'],
  hr: ['Talent Acquisition Partner', 'HR Business Partner', 'Compensation Analyst'],
};

const JOB_BLURBS: Record<Department, string> = {
  sales: 'The role owns a book of enterprise customers and grows revenue with new and existing accounts.',
  marketing: 'The role shapes campaigns and messaging that bring in new demand across channels.',
  engineering: 'The role builds and runs the company’s software and data platforms.',
  finance: 'The role supports planning, reporting and decisions on spend and investment.',
  operations: 'The role improves how the company’s services are run and delivered to customers.',
  it: 'The role keeps the company’s infrastructure, applications and data secure and available.',
  hr: 'The role helps the company hire, develop and keep its people.',
};

/** Fortune 500 sectors whose companies make, move or sell physical goods. */
const GOODS_SECTORS = new Set([
  'Aerospace & Defense',
  'Apparel',
  'Chemicals',
  'Energy',
  'Food & Drug Stores',
  'Food, Beverages & Tobacco',
  'Household Products',
  'Industrials',
  'Materials',
  'Motor Vehicles & Parts',
  'Retailing',
  'Transportation',
  'Wholesalers',
]);

/** An operations role at a goods company is about goods; elsewhere it is about services. */
const GOODS_OPERATIONS_BLURB = 'The role improves how goods move from suppliers through plants, warehouses and stores.';

/** Roles whose postings say more than their department's line, as such postings do. */
const ROLE_BLURBS: Record<string, string> = {
  'Cloud Infrastructure Architect':
    'The role designs the company’s infrastructure, with its firewalls and single sign-on authentication.',
  'Security Operations Analyst':
    'The role watches for intrusions, malware and phishing, and protects customer data and passwords.',
};

/** What a posting says of the role, true to the role and to the kind of company posting it. */
function jobBlurb(title: string, department: Department, account: DemoAccount): string {
  const role = ROLE_BLURBS[title];
  if (role) return role;
  if (department === 'operations' && GOODS_SECTORS.has(account.sector ?? '')) return GOODS_OPERATIONS_BLURB;
  return JOB_BLURBS[department];
}

/** 2–4 job_posting hits per account, published in the 90 days before 2026-11-01. */
export function buildJobPostings(accounts: DemoAccount[]): MasterHitsTable[] {
  const hits: MasterHitsTable[] = [];
  for (const account of accounts) {
    const random = randomFor('jobs', account.master_account_id);
    const count = 2 + Math.floor(random() * 3);
    const titles = new Set<string>();
    for (let i = 0; i < count; i++) {
      let department = pick(random, DEPARTMENTS);
      let title = pick(random, JOB_TITLES[department]);
      while (titles.has(title)) {
        department = pick(random, DEPARTMENTS);
        title = pick(random, JOB_TITLES[department]);
      }
      titles.add(title);
      const daysBefore = 1 + Math.floor(random() * 89);
      const hour = Math.floor(random() * 24);
      const where = account.location ? ` in ${account.location.replace(/\.$/, '')}` : '';
      hits.push({
        id: `hit_job_${account.master_account_id}_${i + 1}`,
        master_account_id: account.master_account_id,
        type: 'job_posting',
        title,
        text: `${account.account_name} is looking for a new ${title}${where}. ${jobBlurb(title, department, account)}`,
        url: null,
        source: 'Quarry Jobs',
        published_at: new Date(JOB_REFERENCE_DATE - daysBefore * DAY_MS + hour * 3_600_000).toISOString(),
      });
    }
  }
  return hits;
}

// ---------------------------------------------------------------------------------------------
// Writing

function* chunksOf<T>(rows: T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Loads the Fortune 500 accounts, their contacts, Wikinews news hits and job postings into an
 * empty master_accounts table, in one transaction. Answers null (and writes nothing) when
 * accounts are already there.
 */
export async function seedDemoAccounts(
  db: Db,
  { dataDir = DEMO_DATA_DIR }: { dataDir?: string } = {},
): Promise<DemoAccountsSeedStats | null> {
  const hasAccounts = async (q: Db) =>
    (await q.selectFrom('master_accounts').select('master_account_id').limit(1).executeTakeFirst()) !== undefined;
  if (await hasAccounts(db)) return null;

  const fortuneText = fs.readFileSync(path.join(dataDir, 'fortune500.csv'), 'utf8');
  const accounts = buildDemoAccounts(fortuneText);
  const contacts = buildDemoContacts(accounts, parseFortune500Csv(fortuneText));
  const articles = parseWikinewsCsv(fs.readFileSync(path.join(dataDir, 'wikinews-economy.csv'), 'utf8'));
  const news = matchArticlesToAccounts(articles, accounts);
  const jobs = buildJobPostings(accounts);

  return db.transaction().execute(async (trx) => {
    if (await hasAccounts(trx)) return null;
    for (const chunk of chunksOf(accounts, INSERT_CHUNK_ROWS)) {
      await trx.insertInto('master_accounts').values(chunk).execute();
    }
    for (const chunk of chunksOf(contacts, INSERT_CHUNK_ROWS)) {
      await trx.insertInto('master_contacts').values(chunk).execute();
    }
    for (const chunk of chunksOf([...news.hits, ...jobs], INSERT_CHUNK_ROWS)) {
      await trx.insertInto('master_hits').values(chunk).execute();
    }
    return {
      accounts: accounts.length,
      contacts: contacts.length,
      newsHits: news.hits.length,
      jobPostings: jobs.length,
      news: news.stats,
    };
  });
}
