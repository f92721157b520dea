import type { FilterCondition, FilterGroup } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../lib/request-context.ts';
import { filterRestricts } from './filter-sql.ts';

const ctx: RequestContext = {
  uid: 'u1',
  tenantId: 't1',
  email: 'u1@quarry.test',
  isAdmin: false,
  isManager: false,
  isSupport: false,
  sessionId: 's1',
  impersonator: null,
};
const condition = (field: FilterCondition['field'], values: string[]): FilterCondition => ({
  field,
  complex: false,
  type: 'text',
  values,
  operator: 'IN',
  days_ago: null,
});
const group = (...values: FilterGroup['values']): FilterGroup => ({
  complex: true,
  operator: 'AND',
  days_ago: null,
  values,
});

// The unfiltered count of a big table is PostgreSQL's estimate: only a filter that restricts nothing may get it.
describe('filterRestricts', () => {
  it('says an empty filter, or one of conditions without values, restricts nothing', () => {
    expect(filterRestricts(ctx, group())).toBe(false);
    expect(filterRestricts(ctx, group(condition('industry', []), group(condition('location', ['  ']))))).toBe(false);
  });

  it('says a filter with one real condition, however deep, restricts', () => {
    expect(filterRestricts(ctx, group(condition('industry', ['Energy'])))).toBe(true);
    expect(filterRestricts(ctx, group(group(condition('industry', []), condition('location', ['Paris']))))).toBe(true);
    expect(filterRestricts(ctx, group(condition('news_article', ['news_article'])))).toBe(true);
  });
});
