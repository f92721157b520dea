// The Fortune 500 as demo master accounts, one per website.
import type { AccountSummaryFacts } from '@quarry/shared';
import { registrableDomain } from '../../lib/registrable-domain.ts';
import { normalizeWebsite } from '../../modules/accounts/normalize-website.ts';
import type { MasterAccountsTable } from '../schema.ts';
import { type Fortune500Row, parseFortune500Csv } from './demo-data-files.ts';

/** Every generated value is fixed, so two builds (and two machines) give the same demo. */
const DEMO_CREATED_AT = '2026-01-01T00:00:00.000Z';
const FORTUNE_YEAR = 2019;

/** The 2019 file gives 21st Century Fox its new owner's site; its own domain keeps accounts one per website. */
const DOMAIN_OVERRIDES: Record<string, string> = { 'Twenty-First Century Fox': '21cf.com' };

export function domainOf(row: Fortune500Row): string {
  const domain = DOMAIN_OVERRIDES[row.company_name.trim()] ?? normalizeWebsite(row.website);
  if (!domain) throw new Error(`Fortune 500 row without a usable website: ${row.company_name}`);
  return domain;
}

export function accountIdFor(domain: string): string {
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
