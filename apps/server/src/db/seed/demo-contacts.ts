// The demo accounts' contacts: a CEO from the Fortune file and a drawn org chart.
import { PLACEHOLDER_EMAIL } from '@quarry/shared';
import type { Random } from '../../lib/seeded-random.ts';
import type { MasterContactsTable } from '../schema.ts';
import { accountIdFor, type DemoAccount, domainOf } from './demo-account-rows.ts';
import type { Fortune500Row } from './demo-data-files.ts';
import { hex, pick, randomFor } from './demo-random.ts';

export const DEPARTMENTS = ['sales', 'marketing', 'engineering', 'finance', 'operations', 'it', 'hr'] as const;
export type Department = (typeof DEPARTMENTS)[number];
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
