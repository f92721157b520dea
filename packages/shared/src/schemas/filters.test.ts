import { describe, expect, it } from 'vitest';
import {
  createSavedFilterBodySchema,
  emptyFilter,
  FILTER_DEPTH_MESSAGE,
  type FilterCondition,
  type FilterGroup,
  filterGroupSchema,
  isFilterApplied,
  rewriteFilterForRequest,
  withoutEmptyConditions,
} from './filters.ts';

const condition = (
  field: FilterCondition['field'],
  values: string[],
  days_ago: number | null = null,
): FilterCondition => ({ field, complex: false, type: 'text', values, operator: 'IN', days_ago });
const group = (values: FilterGroup['values'], operator: FilterGroup['operator'] = 'AND'): FilterGroup => ({
  complex: true,
  values,
  operator,
  days_ago: null,
});

describe('rewriteFilterForRequest', () => {
  it('turns news_article and job_posting into master_hit_id with the hit type as the value, keeping days_ago', () => {
    const rewritten = rewriteFilterForRequest(
      group([condition('news_article', [], 7), condition('job_posting', ['ignored'], 30)]),
    );
    expect(rewritten.values).toEqual([
      condition('master_hit_id', ['news_article'], 7),
      condition('master_hit_id', ['job_posting'], 30),
    ]);
  });

  it('turns territory_list_id into list_id with its values', () => {
    expect(rewriteFilterForRequest(group([condition('territory_list_id', ['mine'])])).values).toEqual([
      condition('list_id', ['mine']),
    ]);
  });

  it('leaves the other fields, the operators and the group shape as they were', () => {
    const filter = group([condition('industry', ['Commercial Banks']), condition('employees', ['1-1000'])], 'OR');
    expect(rewriteFilterForRequest(filter)).toEqual(filter);
  });

  it('rewrites inside nested groups at every depth', () => {
    const filter = group([
      condition('industry', ['Retailing']),
      group([condition('news_article', [], 14), group([condition('territory_list_id', ['mine'])], 'OR')], 'OR'),
    ]);
    expect(rewriteFilterForRequest(filter)).toEqual(
      group([
        condition('industry', ['Retailing']),
        group([condition('master_hit_id', ['news_article'], 14), group([condition('list_id', ['mine'])], 'OR')], 'OR'),
      ]),
    );
  });

  it('answers a new filter and leaves its input untouched', () => {
    const filter = group([
      condition('job_posting', []),
      group([condition('territory_list_id', ['mine']), condition('sector', ['Retailing'])]),
    ]);
    const before = structuredClone(filter);
    const rewritten = rewriteFilterForRequest(filter);
    expect(filter).toEqual(before);
    expect(rewritten).not.toBe(filter);
    expect(rewritten.values[1]).not.toBe(filter.values[1]);
    const inner = rewritten.values[1] as FilterGroup;
    (inner.values[1] as FilterCondition).values.push('Energy');
    expect(filter).toEqual(before);
  });
});

describe('isFilterApplied', () => {
  it('is false for an empty filter', () => {
    expect(isFilterApplied(emptyFilter())).toBe(false);
  });

  it('is true once the top-level values list holds anything, even an empty group', () => {
    expect(isFilterApplied(group([condition('industry', ['Retailing'])]))).toBe(true);
    expect(isFilterApplied(group([group([])]))).toBe(true);
  });
});

describe('filterGroupSchema', () => {
  it('fills operator AND and days_ago null on a group', () => {
    expect(filterGroupSchema.parse({ complex: true, values: [] })).toEqual(emptyFilter());
  });

  it('accepts groups four deep and refuses a fifth with a message naming the group', () => {
    const nest = (levels: number): FilterGroup => (levels === 1 ? group([]) : group([nest(levels - 1)]));
    expect(filterGroupSchema.safeParse(nest(4)).success).toBe(true);
    const result = filterGroupSchema.safeParse(nest(5));
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        message: FILTER_DEPTH_MESSAGE,
        path: ['values', 0, 'values', 0, 'values', 0, 'values', 0],
      }),
    ]);
  });

  it('refuses an absurdly deep body with the depth message rather than overflowing the stack', () => {
    let deep: unknown = { complex: true, values: [] };
    for (let i = 0; i < 50_000; i++) deep = { complex: true, values: [deep] };
    expect(filterGroupSchema.safeParse(deep).error?.issues[0]?.message).toBe(FILTER_DEPTH_MESSAGE);
  });

  it('refuses employee ranges, hit types and lists it does not know', () => {
    for (const bad of [
      condition('employees', ['5-10']),
      condition('master_hit_id', ['tweet']),
      condition('list_id', ['someone-elses']),
    ]) {
      expect(filterGroupSchema.safeParse(group([bad])).success).toBe(false);
    }
  });

  it('refuses unknown fields in conditions and groups', () => {
    expect(filterGroupSchema.safeParse({ ...group([]), extra: 1 }).success).toBe(false);
    expect(
      filterGroupSchema.safeParse(group([{ ...condition('industry', []), sql: 'x' } as FilterCondition])).success,
    ).toBe(false);
  });
});

describe('createSavedFilterBodySchema', () => {
  it('says "Filter name is required" for a missing or blank name', () => {
    for (const name of [undefined, '   ']) {
      const result = createSavedFilterBodySchema.safeParse({ name, filter: emptyFilter() });
      expect(result.error?.issues[0]?.message).toBe('Filter name is required');
    }
  });

  it('makes a filter private by default', () => {
    const banks = group([condition('industry', ['Commercial Banks'])]);
    expect(createSavedFilterBodySchema.parse({ name: ' Banks ', filter: banks })).toEqual({
      name: 'Banks',
      description: '',
      filter: banks,
      sort: '',
      private: true,
    });
  });

  it('refuses a filter without any condition: saved, it would filter nothing', () => {
    const result = createSavedFilterBodySchema.safeParse({ name: 'Nothing', filter: emptyFilter() });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['filter', 'Add at least one condition'],
    ]);
  });
});

describe('withoutEmptyConditions', () => {
  it('leaves out conditions waiting for a value and the groups they empty, keeping signal conditions', () => {
    const filter = group([
      condition('industry', []),
      condition('industry', ['Retailing']),
      group([condition('sector', []), group([condition('location', [])])], 'OR'),
      condition('news_article', [], 7),
    ]);
    expect(withoutEmptyConditions(filter)).toEqual(
      group([condition('industry', ['Retailing']), condition('news_article', [], 7)]),
    );
    expect(isFilterApplied(withoutEmptyConditions(group([condition('industry', [])])))).toBe(false);
  });
});
