// Which accounts does a story mention, and which is it about? The demo's news hits and the live
// signal sweep both read account names this way.
import { sentenceBoundsAt } from '../../modules/value-match/engine/sentence-index.ts';
import { compactText } from '../compact-name.ts';
import type { MasterHitsTable } from '../schema.ts';
import type { DemoAccount } from './demo-account-rows.ts';
import type { WikinewsArticle } from './demo-data-files.ts';

export type NewsMatchStats = {
  articlesRead: number;
  /** Articles without a publication date: never shown, so never attached. */
  articlesSkipped: number;
  /** Articles attached to at least one account. */
  articlesMatched: number;
  hitsMade: number;
  accountsWithArticles: number;
};

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

type Token = {
  raw: string;
  key: string;
  exact: string;
  joinsPrevious: boolean;
  /** Joined to the token before by a hyphen ("Wal-Mart"), not a space. */
  hyphenated: boolean;
  /** Where it starts in the text. */
  at: number;
};

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
    const hyphenated = joinsPrevious && /[-‐‑]/u.test(text.slice(end, match.index));
    tokens.push({ raw, exact, key: exact.toLowerCase(), joinsPrevious, hyphenated, at: match.index });
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
   * The website's stem ("walmart", "exxonmobil", "gapinc") stands for a name written in
   * hyphenated words, in CamelCase or with its suffix ("Wal-Mart", "ExxonMobil", "Gap Inc.");
   * alone as one plain word it is too often something else ("united", "simon", "frontier"), and
   * so it is in other words apart ("South West").
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

function nameVariants(account: Pick<DemoAccount, 'account_name' | 'website'>): NameVariant[] {
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

/** The demo accounts' famous other names, as search looks them up (account_aliases). */
export function demoAccountAliases(
  accounts: Pick<DemoAccount, 'master_account_id' | 'account_name'>[],
): { alias_key: string; master_account_id: string; alias: string }[] {
  return accounts.flatMap((account) =>
    [...new Set(ALIASES[account.account_name] ?? [])].map((alias) => ({
      alias_key: compactText(alias),
      master_account_id: account.master_account_id,
      alias,
    })),
  );
}

/**
 * The names news may write an account by (its name, without suffix or aside, the aside, known
 * aliases): what the value-match engine is given as a news hit's `account_names`.
 */
export function accountNameVariants(account: Pick<DemoAccount, 'account_name'>): string[] {
  return [
    ...new Set(
      nameVariants({ account_name: account.account_name, website: null })
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
  // Written in several words, the stem is hyphenated ("Wal-Mart") or ends in the company's suffix
  // ("Gap Inc."): other words apart are as often a place ("South West Trains" is no Southwest).
  if (
    rule.joinedOnly &&
    span.length > 1 &&
    !TRAILING_SUFFIXES.has((span[span.length - 1] as Token).key) &&
    span.slice(1).some((token) => !token.hyphenated)
  )
    return false;
  if (rule.exact !== null) return span.map((t) => t.exact).join('') === rule.exact;
  return span.every((token, i) => {
    if (rule.lowercaseWords.has(token.raw)) return true;
    if (i > 0 && CONNECTORS.has(token.key)) return true;
    return /^[\p{Lu}\p{N}]/u.test(token.raw);
  });
}

/** Words after a name that make it the company's: its store, its staff, its 737. */
const COMPANY_HEADS = new Set(
  (
    'store|stores|shop|shops|plant|plants|factory|factories|office|offices|headquarters|shares|stock|' +
    'chief|executive|executives|spokesman|spokeswoman|spokesperson|employees|workers|staff|products|brand'
  ).split('|'),
);

/**
 * Whether the one-word name at `i` ends a person's name: right after a capitalised word within the
 * sentence ("US ambassador Christopher Dell", "President Gerald Ford"). A word opening a sentence
 * ("Yesterday Dell said") or written in capitals ("UK Gap stores") leaves the name a company's, and
 * so does what follows it ("the London Apple store", "a Garuda Boeing 737").
 */
function isSurname(text: string, tokens: Token[], i: number): boolean {
  const token = tokens[i] as Token;
  const before = tokens[i - 1];
  if (!before || !token.joinsPrevious || token.hyphenated || !/^\p{Lu}\p{Ll}+$/u.test(before.raw)) return false;
  const after = tokens[i + 1];
  if (after?.joinsPrevious && (/^\p{N}/u.test(after.raw) || COMPANY_HEADS.has(after.raw))) return false;
  const lead = text.slice(0, before.at).trimEnd();
  return lead.length > 0 && !/[.!?:;"“”'‘’(\n]$/u.test(lead);
}

/** Accounts named in a text, reading left to right and preferring the longest name at each word. */
function forEachName(
  index: NameIndex,
  text: string,
  inTitle: boolean,
  onName: (accountId: string, at: number) => void,
): void {
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
    if (best && best.length === 1 && isSurname(text, tokens, i)) best = null;
    if (best) {
      // One mention of each account, however many of its spellings accept the words.
      const named = new Set(best.rules.flatMap((rule) => [...rule.accountIds]));
      for (const id of named) onName(id, (tokens[i] as Token).at);
      i += best.length;
    } else {
      i++;
    }
  }
}

/** How often a story names an account before the story counts as being about it, headline and lead aside. */
const MENTIONS_OF_A_SUBJECT = 3;
/** Accounts named this close together (in characters) in the first sentence are a list. */
const LIST_REACH = 40;

/**
 * The accounts a story is about, not those it names in passing: an account named in the
 * headline, in the first sentence (not as one of a list of companies), or at least three times.
 * "Amazon.com, Walmart and … are some of the competitors" in a story of Toys R Us's bankruptcy
 * is no signal for Amazon.
 */
function storyAccounts(index: NameIndex, title: string, text: string): string[] {
  const about = new Set<string>();
  forEachName(index, title, true, (id) => about.add(id));
  const leadEnd = sentenceBoundsAt(text, 0).end;
  const mentions = new Map<string, number>();
  const inLead: { id: string; at: number }[] = [];
  forEachName(index, text, false, (id, at) => {
    const count = (mentions.get(id) ?? 0) + 1;
    mentions.set(id, count);
    if (at < leadEnd) inLead.push({ id, at });
    if (count >= MENTIONS_OF_A_SUBJECT) about.add(id);
  });
  for (const { id, at } of inLead) {
    const near = new Set(inLead.filter((m) => m.id !== id && Math.abs(m.at - at) <= LIST_REACH).map((m) => m.id));
    // One of a list ("supplier to companies like Hewlett-Packard, Dell, Sony, Apple, Motorola")
    // is named in passing, even in the first sentence.
    if (near.size < 2) about.add(id);
  }
  return [...about].sort();
}

/**
 * The accounts a story is about, by the same rules as the Wikinews import (issue #18 links live
 * news this way): built once for a set of accounts, then asked for each story.
 */
export function createAccountNamer(
  accounts: Pick<DemoAccount, 'master_account_id' | 'account_name' | 'website'>[],
): (title: string, text: string) => string[] {
  const index = buildNameIndex(accounts as DemoAccount[]);
  return (title, text) => storyAccounts(index, title, text);
}

/**
 * Wikinews articles as news hits, one per article and account it is about (named by its Fortune
 * name, the name without "Inc."/"Group"/…, spacing and hyphen variants, the website's stem,
 * famous aliases; see storyAccounts for "about").
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
    const about = storyAccounts(index, article.title, article.text);
    if (about.length === 0) continue;
    articlesMatched++;
    for (const accountId of about) {
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
