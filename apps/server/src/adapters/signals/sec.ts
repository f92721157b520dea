import type { SignalReasonCode } from '@quarry/shared';
import { registrableDomain } from '../../lib/registrable-domain.ts';
import { ParseError } from './parse.ts';

/**
 * SEC EDGAR for signal discovery (issue #18). EDGAR publishes every registrant with a ticker in
 * `/files/company_tickers.json` ({"0": {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}, …})
 * and each company's filings as Atom (`/cgi-bin/browse-edgar?action=getcompany&CIK=…&type=8-K&output=atom`).
 * Accounts carry no CIK or ticker, so an account is matched to a registrant by name: both names
 * normalised (case, accents, punctuation, "&", legal suffixes such as Inc., Corp., Co., & Co.), and
 * only an exact normalised match that names one registrant counts. Where the name matches none,
 * the account's website domain is tried against the registrant's name written without spaces
 * ("exxonmobil.com" → EXXON MOBIL CORP), since the SEC list gives no website, when the account's
 * name begins with the registrant's first word.
 */

export type SecCompany = { cik: number; ticker: string; title: string };

export type SecIndex = {
  size: number;
  byName: Map<string, SecCompany[]>;
  byCompactName: Map<string, SecCompany[]>;
};

/** Legal forms left off the end of a name (after punctuation is gone), longest first where they overlap. */
const LEGAL_SUFFIXES = [
  'and company',
  'and co',
  'incorporated',
  'corporation',
  'company',
  'limited',
  'inc',
  'corp',
  'co',
  'ltd',
  'llc',
  'lp',
  'llp',
  'plc',
  'sa',
  'ag',
  'nv',
  'se',
];

/**
 * A company name as compared for SEC matching: "The Procter & Gamble Company" → "procter and gamble",
 * "MERCK & CO., INC." → "merck", "Amazon.com, Inc." → "amazon com", "ALPHABET INC. /DE/" → "alphabet".
 * Answers "" when nothing but a legal form is left.
 */
export function normaliseCompanyName(name: string): string {
  let text = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    // EDGAR's state of incorporation after a slash: "/DE/", "\DE\".
    .replace(/\s*[/\\][a-z]{2}[/\\]?\s*$/, '')
    .replace(/['’`]/g, '')
    // Initials: "S.A." is "SA", "N.V." is "NV" (a dot between longer words is a space: "Amazon.com").
    .replace(/(?<![\p{L}\p{N}])(?:\p{L}\.){2,}/gu, (initials) => initials.replace(/\./g, ''))
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
  for (let changed = true; changed; ) {
    changed = false;
    for (const suffix of LEGAL_SUFFIXES) {
      if (text.endsWith(` ${suffix}`)) {
        text = text.slice(0, -suffix.length - 1).trim();
        changed = true;
        break;
      }
    }
  }
  return LEGAL_SUFFIXES.includes(text) ? '' : text;
}

const compact = (normalised: string) => normalised.replace(/ /g, '');

/** EDGAR's company_tickers.json as an index by normalised name; a company listed per share class counts once. */
export function parseCompanyTickers(body: string): SecIndex {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    throw new ParseError('the SEC company list is not JSON', 'sec_list_unreadable');
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new ParseError('the SEC company list is not an object of companies', 'sec_list_unreadable');
  }
  const byCik = new Map<number, SecCompany>();
  for (const row of Object.values(doc as Record<string, unknown>)) {
    if (!row || typeof row !== 'object') continue;
    const { cik_str: cik, ticker, title } = row as Record<string, unknown>;
    const cikNumber = typeof cik === 'number' ? cik : Number(cik);
    if (!Number.isInteger(cikNumber) || cikNumber <= 0 || typeof title !== 'string' || !title.trim()) continue;
    if (!byCik.has(cikNumber))
      byCik.set(cikNumber, { cik: cikNumber, ticker: typeof ticker === 'string' ? ticker : '', title: title.trim() });
  }
  if (byCik.size === 0) throw new ParseError('the SEC company list names no company', 'sec_list_unreadable');
  const byName = new Map<string, SecCompany[]>();
  const byCompactName = new Map<string, SecCompany[]>();
  const add = (map: Map<string, SecCompany[]>, key: string, company: SecCompany) => {
    if (!key) return;
    const list = map.get(key);
    if (list) list.push(company);
    else map.set(key, [company]);
  };
  for (const company of byCik.values()) {
    const key = normaliseCompanyName(company.title);
    add(byName, key, company);
    add(byCompactName, compact(key), company);
  }
  return { size: byCik.size, byName, byCompactName };
}

export type SecMatch =
  | { company: SecCompany; by: 'name' | 'website' }
  | { company: null; reason: string; code: SignalReasonCode };

/**
 * The one registrant an account is: its normalised name exactly, else its website's domain (without
 * its suffix) against the registrant's name without spaces. Two registrants under one name: none.
 */
export function matchSecCompany(index: SecIndex, account: { account_name: string; website: string | null }): SecMatch {
  const name = normaliseCompanyName(account.account_name);
  const byName = name ? (index.byName.get(name) ?? []) : [];
  if (byName.length === 1) return { company: byName[0] as SecCompany, by: 'name' };
  if (byName.length > 1) {
    return {
      company: null,
      reason: `Several SEC registrants are named ${account.account_name}`,
      code: 'sec_name_ambiguous',
    };
  }
  const domain = account.website ? registrableDomain(account.website) : null;
  const label = domain?.split('.')[0] ?? '';
  // A short label ("ge", "hp") says too little on its own.
  // And the account's own name must begin as the registrant's does (a second clue: "Exxon" at
  // exxonmobil.com is EXXON MOBIL CORP; "Some Apple Reseller" at apple.com is not Apple Inc.).
  const firstWord = name.split(' ')[0] ?? '';
  const byDomain = (label.length >= 5 ? (index.byCompactName.get(label.replace(/-/g, '')) ?? []) : []).filter(
    (c) => firstWord !== '' && normaliseCompanyName(c.title).split(' ')[0] === firstWord,
  );
  if (byDomain.length === 1) return { company: byDomain[0] as SecCompany, by: 'website' };
  return { company: null, reason: 'No SEC registrant has this name', code: 'sec_name_unknown' };
}

/** The 10-digit CIK EDGAR's addresses use. */
export const paddedCik = (cik: number) => String(cik).padStart(10, '0');

/** Where the SEC answers (SIGNALS_SEC_BASE_URL), without a trailing slash. */
export const DEFAULT_SEC_BASE_URL = 'https://www.sec.gov';

export const companyTickersUrl = (base: string) => `${base.replace(/\/+$/, '')}/files/company_tickers.json`;

/** A company's 8-K filings as EDGAR's Atom feed. */
export function secFilingsFeedUrl(base: string, cik: number): string {
  const params = new URLSearchParams({
    action: 'getcompany',
    CIK: paddedCik(cik),
    type: '8-K',
    dateb: '',
    owner: 'include',
    count: '40',
    output: 'atom',
  });
  return `${base.replace(/\/+$/, '')}/cgi-bin/browse-edgar?${params}`;
}
