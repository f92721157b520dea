import type { Account } from '@quarry/shared';
import type { TFunction } from 'i18next';
import { industryLabel } from '../../../lib/industry-label.ts';

/**
 * The account's summary in the reader's language (issue #17, item 12): the one Quarry writes is
 * built from its facts with the reader's template; any other description is shown as its source
 * wrote it. Null when there is neither.
 */
export function accountSummaryText(
  account: Pick<Account, 'description' | 'summary_facts'>,
  t: TFunction,
): string | null {
  const facts = account.summary_facts;
  if (!facts) return account.description;
  return t('accounts.summary.fortune500', {
    rank: facts.rank,
    year: facts.year,
    sector: industryLabel(facts.sector, t),
    industry: industryLabel(facts.industry, t),
    location: facts.location,
    ceo: facts.ceo,
    ceoTitle: facts.ceo_title,
  });
}
