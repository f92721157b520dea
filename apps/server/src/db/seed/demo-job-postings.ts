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
