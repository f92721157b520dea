// The demo accounts' job postings: 2–4 job_posting hits each.
import { DAY_MS } from '@quarry/shared';
import type { MasterHitsTable } from '../schema.ts';
import type { DemoAccount } from './demo-account-rows.ts';
import { DEPARTMENTS, type Department } from './demo-contacts.ts';
import { pick, randomFor } from './demo-random.ts';

const JOB_REFERENCE_DATE = Date.parse('2026-11-01T00:00:00.000Z');

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

/**
 * Industries of those sectors whose companies run no plants and warehouses of goods: an airline or
 * a power utility sells a service (a walk found United Airlines opening "a new distribution center
 * near our largest plant"), a railroad or a pipeline carries others' goods (Norfolk Southern
 * cutting "freight costs"), an oil producer pumps from wells (ConocoPhillips moving "stock out of
 * two older warehouses").
 */
const SERVICE_INDUSTRIES = new Set([
  'Airlines',
  'Utilities: Gas and Electric',
  'Railroads',
  'Pipelines',
  'Mining, Crude-Oil Production',
]);

/**
 * Companies the Fortune file files under a goods sector that sell a service: Expedia is "Internet
 * Services and Retailing" in Retailing beside Amazon, and a walk found it "moving stock into" a
 * new distribution centre.
 */
const SERVICE_COMPANIES = new Set(['Expedia Group']);

/** Fewer people than run even one plant or warehouse network (A-Mark, a metals trader of 184). */
const MIN_GOODS_EMPLOYEES = 1000;

/** Whether the company makes, moves or sells physical goods. */
function sellsGoods(account: DemoAccount): boolean {
  return (
    GOODS_SECTORS.has(account.sector ?? '') &&
    !SERVICE_INDUSTRIES.has(account.industry ?? '') &&
    !SERVICE_COMPANIES.has(account.account_name) &&
    (account.employees ?? MIN_GOODS_EMPLOYEES) >= MIN_GOODS_EMPLOYEES
  );
}

/** Sectors whose companies sell goods others make: they run warehouses and stores, no plants. */
const STORE_SECTORS = new Set(['Retailing', 'Food & Drug Stores']);
const RESELLING_SECTORS = new Set([...STORE_SECTORS, 'Wholesalers']);

/** Whether the company makes goods rather than resells them (Foot Locker had written of "our New York plant"). */
const makesGoods = (account: DemoAccount) => !RESELLING_SECTORS.has(account.sector ?? '');

/**
 * An operations role at a goods company is about goods, along the company's own chain (a truck
 * maker has no stores, a retailer no plants); elsewhere it is about services.
 */
function goodsOperationsBlurb(account: DemoAccount): string {
  if (STORE_SECTORS.has(account.sector ?? '')) {
    return 'The role improves how goods move from suppliers through warehouses to our stores.';
  }
  if (!makesGoods(account)) return 'The role improves how goods move from suppliers through warehouses to customers.';
  return 'The role improves how goods move from suppliers through plants and warehouses to customers.';
}

/** Roles whose postings say more than their department's line, as such postings do. */
const ROLE_BLURBS: Record<string, string> = {
  'Cloud Infrastructure Architect':
    'The role designs the company’s infrastructure, with its firewalls and single sign-on authentication.',
  'Security Operations Analyst':
    'The role watches for intrusions, malware and phishing, and protects customer data and passwords.',
};

/**
 * What some postings say of the company before the role: a change the company is going through
 * and hires for (a new site, a migration, an acquisition being folded in, pressure felt across
 * its industry). Postings are generated, so these are kept to plausible, unremarkable changes,
 * never a scandal pinned on a real company. Most postings say nothing of the kind.
 */
const CYBER_ATTACKS = [
  'Cyber attacks on companies like ours rose this year, and we are growing the team that keeps customer data safe.',
  'A cyberattack on one of our peers last year made us add people who protect customer data and passwords.',
  'Hacking attempts on companies in our industry keep rising, and we are strengthening how we protect passwords and customer records.',
  'Phishing emails aimed at our {city} staff rose this year, and we are strengthening how we protect passwords.',
  'We are replacing the firewalls and single sign-on of our {city} offices this year.',
  'Attempts to break into the systems of our {city} offices rose this year, and we are adding people who keep customer data safe.',
  'Our {city} security team is growing after a year of more phishing and hacking attempts on companies like ours.',
  'Hackers reached customer records at our {city} offices this spring, and we are rebuilding how we protect them.',
  'After a security breach at our {city} offices last year, we are adding people who keep customer data safe.',
];
const GOODS_CONTEXT: Partial<Record<Department, readonly (readonly string[])[]>> = {
  operations: [
    [
      'We are opening a new distribution centre near {city} next year and moving stock into it.',
      'A new distribution center opens near our largest plant next spring, and inventory moves there first.',
      'We are adding a distribution centre outside {city} and moving stock out of two older warehouses.',
      'Our {city} warehouse is giving way to a larger distribution center, and stock moves there this autumn.',
    ],
    [
      'Supply shortages and delivery delays reached our plants this year.',
      'Component shortages delayed shipments from our {city} plant and one other this year.',
      'Shortages of parts and delayed deliveries from suppliers slowed our plants this year.',
      'A shortage of packaging materials slowed our {city} plant this spring.',
      'Late deliveries from suppliers held up work at our sites around {city} this year.',
      'Suppliers delivered late to our {city} warehouses this year, and some goods ran short.',
      'Delays from suppliers left us short of stock around {city} this year.',
    ],
    [
      'Higher freight costs started a cost savings programme across our sites.',
      'Rising freight costs and fuel prices led to a cost savings plan for our plants and warehouses around {city}.',
      'Freight costs rose sharply this year, and we are looking for cost savings across our logistics.',
      'Fuel prices raised what it costs to move goods between our {city} warehouses, and we are cutting those costs.',
    ],
    [
      'We are bringing the plants and warehouses of a recent acquisition into our network, run from {city}.',
      'After a recent acquisition, we are joining its factories and warehouses to our distribution network.',
      'A recent acquisition added plants that we are now bringing into the supply chain we run from {city}.',
      'We acquired a smaller rival this year and are merging its warehouses into our network around {city}.',
    ],
  ],
  finance: [
    [
      'We are folding a recent acquisition into our planning and reporting.',
      'Our finance team in {city} is taking on the books of a company we acquired this year.',
      'The {city} finance team is folding the accounts of a business we bought this year into our reporting.',
    ],
  ],
  it: [CYBER_ATTACKS],
};
const SERVICES_CONTEXT: Partial<Record<Department, readonly (readonly string[])[]>> = {
  it: [
    CYBER_ATTACKS,
    [
      'We are moving customer records from our own data centre in {city} to the cloud.',
      'Our servers and customer data move from our own data center to the cloud over the next year.',
      'The systems our {city} offices run on move from our own servers to the cloud next year.',
    ],
  ],
  finance: [
    [
      'Card fraud and identity theft against our customers rose this year, and we are tightening how payments are checked.',
      'Our {city} team now checks payments more closely after a rise in card fraud and identity theft against our customers.',
      'Payment fraud against customers of our {city} business rose this year, and we are checking payments more closely.',
      'Identity theft and payment fraud reached more of our {city} customers this year, so we are adding checks before money moves.',
      'After more cases of fraud and identity theft at our {city} branches, we are changing how customers prove who they are.',
    ],
    [
      'New privacy rules mean we are reviewing how we keep and share personal data.',
      'Our {city} team is reviewing how we keep and share personal data under new privacy rules.',
    ],
    [
      'Fraudulent claims cost us more every year, and we are building a team to spot them earlier.',
      'Fraudulent claims cost our {city} office more every year, and we are building a team to spot them earlier.',
    ],
  ],
  engineering: [
    [
      'We are moving our platforms from our {city} data centre to the cloud.',
      'Our applications move from our own servers to the cloud this year.',
      'The applications our {city} teams build move to the cloud over the next year.',
    ],
    [
      'We are launching a new online service for customers next year.',
      'Our {city} team is building a new online service we launch for customers next year.',
    ],
    [
      'After a recent acquisition, we are bringing its website and systems onto our network.',
      'We are moving the website and systems of a company we bought this year onto our own, run from {city}.',
    ],
  ],
};
const STORES_CONTEXT = [
  'We are hiring for the new stores we open this year.',
  'We are hiring for the stores we open around {city} this year.',
  'We are staffing the new stores we open in and around {city}.',
  'Ten more stores open in the {city} area next year, and each needs a team before its first day.',
  'Our {city} region grows by several stores this year, and we are recruiting the people to run them.',
];
/** Wordings that speak of the company's own plants or factories. */
const PLANTS = /\b(?:plants?|factor(?:y|ies))\b/;
/** Sectors whose customers pay the company and hold accounts with it: where card fraud reaches them. */
const PAYING_SECTORS = new Set([
  'Financials',
  'Telecommunications',
  'Business Services',
  'Hotels, Restaurants & Leisure',
]);

/**
 * Whether a wording can be the company's own: a company that makes nothing has no plant; card
 * fraud against customers is a bank's, an insurer's or a payment business's (an oil producer had
 * written of it), fraudulent claims an insurer's, branches a bank's (Amgen's "Thousand Oaks
 * branches").
 */
function fitsCompany(wording: string, account: DemoAccount, goods: boolean): boolean {
  const industry = account.industry ?? '';
  if (goods && !makesGoods(account) && PLANTS.test(wording)) return false;
  if (/\bbranches\b/.test(wording)) return /Bank/i.test(industry);
  if (/fraudulent claims/i.test(wording)) return /Insurance/i.test(industry);
  if (/card fraud|identity theft|payment fraud/i.test(wording)) {
    return PAYING_SECTORS.has(account.sector ?? '') || /Insurance/i.test(industry);
  }
  return true;
}

/** About one posting in three tells of such a change. */
const CONTEXT_SHARE = 0.35;

function companyContext(
  department: Department,
  account: DemoAccount,
  random: () => number,
  quoted: Quoted,
): string | null {
  if (random() >= CONTEXT_SHARE) return null;
  const goods = sellsGoods(account);
  const themes =
    department === 'hr' && goods && STORE_SECTORS.has(account.sector ?? '')
      ? [STORES_CONTEXT]
      : (goods ? GOODS_CONTEXT : SERVICES_CONTEXT)[department];
  // A change the company is going through, in one of several wordings: companies do not all write
  // the same sentence, and a feed quoting one sentence at several companies reads as made up. Some
  // wordings name the company's own city ("near Bentonville"); a sentence another company already
  // wrote is taken only when every wording has been.
  // Of the wordings, one used least so far is taken (a wording naming the city read as the same
  // sentence six times in a row on Globex's Home, with only the city changed).
  if (!themes) return null;
  const city = account.location?.split(',')[0]?.trim();
  // Of the change drawn, the wordings that can be this company's (fitsCompany); none, and its
  // posting tells of no change, rather than all such companies telling of the one left.
  const wordings = pick(random, themes)
    .filter((w) => fitsCompany(w, account, goods))
    .filter((w) => city || !w.includes('{city}'))
    .map((wording) => ({ wording, sentence: wording.replace('{city}', city ?? '') }));
  const cost = (w: { wording: string; sentence: string }) =>
    (quoted.sentences.has(w.sentence) ? 1_000_000 : 0) + (quoted.wordings.get(w.wording) ?? 0);
  const least = Math.min(...wordings.map(cost));
  const chosen = pick(
    random,
    wordings.filter((w) => cost(w) === least),
  );
  if (!chosen) return null;
  quoted.sentences.add(chosen.sentence);
  quoted.wordings.set(chosen.wording, (quoted.wordings.get(chosen.wording) ?? 0) + 1);
  return chosen.sentence;
}

/** The sentences of companyContext written so far, and how often each wording was taken. */
type Quoted = { sentences: Set<string>; wordings: Map<string, number> };

/** What a posting says of the role, true to the role and to the kind of company posting it. */
function jobBlurb(title: string, department: Department, account: DemoAccount): string {
  const role = ROLE_BLURBS[title];
  if (role) return role;
  if (department === 'operations' && sellsGoods(account)) return goodsOperationsBlurb(account);
  return JOB_BLURBS[department];
}

/** 2–4 job_posting hits per account, published in the 90 days before 2026-11-01. */
export function buildJobPostings(accounts: DemoAccount[]): MasterHitsTable[] {
  const hits: MasterHitsTable[] = [];
  const quoted: Quoted = { sentences: new Set(), wordings: new Map() };
  for (const account of accounts) {
    const random = randomFor('jobs', account.master_account_id);
    const count = 2 + Math.floor(random() * 3);
    // Its own stream, so the postings' titles and dates stay those of earlier demos.
    const contextRandom = randomFor('jobs-context', account.master_account_id);
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
        text: [
          `${account.account_name} is looking for a new ${title}${where}.`,
          companyContext(department, account, contextRandom, quoted),
          jobBlurb(title, department, account),
        ]
          .filter((sentence) => sentence !== null)
          .join(' '),
        url: null,
        source: 'Quarry Jobs',
        published_at: new Date(JOB_REFERENCE_DATE - daysBefore * DAY_MS + hour * 3_600_000).toISOString(),
      });
    }
  }
  return hits;
}

/** Every theme's wordings (for tests). */
export const CONTEXT_THEMES: readonly (readonly string[])[] = [
  ...new Set([...Object.values(GOODS_CONTEXT), ...Object.values(SERVICES_CONTEXT)].flat()),
  STORES_CONTEXT,
];
