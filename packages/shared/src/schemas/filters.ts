import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from '../constants.ts';
import { TERRITORY_SORTS } from './accounts.ts';

/**
 * Fields a filter condition can name: the builder's own (spec section 3) and the forms the
 * rewriting before sending turns some of them into (spec section 5).
 */
export const FILTER_FIELDS = [
  'industry',
  'sector',
  'employees',
  'location',
  'news_article',
  'job_posting',
  'territory_list_id',
  'master_hit_id',
  'list_id',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** Fields whose values the filter builder offers from the data, and matches whatever the case typed. */
export const PICK_LIST_FIELDS = ['industry', 'sector'] as const;
export type PickListField = (typeof PICK_LIST_FIELDS)[number];
export const filterValuesParamsSchema = z.strictObject({ field: z.enum(PICK_LIST_FIELDS) });
export const filterValuesSchema = z.object({ values: z.array(z.string()) });
export type FilterValues = z.infer<typeof filterValuesSchema>;

/** Employee ranges a condition on `employees` chooses from; `max: null` has no upper bound. */
export const EMPLOYEE_BUCKET_RANGES = {
  '1-1000': { min: 1, max: 1000 },
  '1001-10000': { min: 1001, max: 10_000 },
  '10001-100000': { min: 10_001, max: 100_000 },
  '100001+': { min: 100_001, max: null },
} as const satisfies Record<string, { min: number; max: number | null }>;
export type EmployeeBucket = keyof typeof EMPLOYEE_BUCKET_RANGES;
export const EMPLOYEE_BUCKETS = Object.keys(EMPLOYEE_BUCKET_RANGES) as EmployeeBucket[];

/** Signal types a `master_hit_id` condition matches. */
export const FILTER_HIT_TYPES = ['news_article', 'job_posting'] as const;
/** The one list a `territory_list_id` / `list_id` condition names: the user's own territory. */
export const MY_TERRITORY_LIST_ID = 'mine';

export const FILTER_VALUES_MAX = 100;
export const FILTER_VALUE_MAX_LENGTH = 200;
export const FILTER_GROUP_VALUES_MAX = 50;
/** Groups nest at most this many deep, the outermost group counting as 1. */
export const FILTER_MAX_DEPTH = 4;
export const FILTER_DAYS_AGO_MAX = 3650;
export const FILTER_SORT_MAX_LENGTH = 100;
export const FILTER_DEPTH_MESSAGE = `Filter groups nest at most ${FILTER_MAX_DEPTH} deep`;

const allowedValues: Partial<Record<FilterField, readonly string[]>> = {
  employees: EMPLOYEE_BUCKETS,
  master_hit_id: FILTER_HIT_TYPES,
  territory_list_id: [MY_TERRITORY_LIST_ID],
  list_id: [MY_TERRITORY_LIST_ID],
};

/** A simple condition (spec section 3): `field IN values`, optionally within `days_ago` days. */
export const filterConditionSchema = z
  .strictObject({
    field: z.enum(FILTER_FIELDS),
    complex: z.literal(false),
    type: z.literal('text'),
    values: z
      .array(z.string().max(FILTER_VALUE_MAX_LENGTH))
      .max(FILTER_VALUES_MAX, `A condition takes at most ${FILTER_VALUES_MAX} values`),
    operator: z.literal('IN'),
    days_ago: z.number().int().min(1).max(FILTER_DAYS_AGO_MAX).nullable().default(null),
  })
  .superRefine((condition, ctx) => {
    const allowed = allowedValues[condition.field];
    if (!allowed) return;
    condition.values.forEach((value, i) => {
      if (!allowed.includes(value)) {
        ctx.addIssue({
          code: 'custom',
          path: ['values', i],
          message: `${condition.field} takes one of: ${allowed.join(', ')}`,
        });
      }
    });
  });
export type FilterCondition = z.infer<typeof filterConditionSchema>;

/** A group (spec section 3): its values combined with AND (default) or OR; days_ago is always null. */
const groupSchema = z
  .strictObject({
    complex: z.literal(true),
    // A getter makes the schema recursive (Zod 4's form of z.lazy) while keeping it discriminable.
    get values(): z.ZodArray<z.ZodDiscriminatedUnion<[typeof filterConditionSchema, typeof groupSchema], 'complex'>> {
      return z
        .array(z.discriminatedUnion('complex', [filterConditionSchema, groupSchema]))
        .max(FILTER_GROUP_VALUES_MAX, `A group takes at most ${FILTER_GROUP_VALUES_MAX} conditions`);
    },
    operator: z.enum(['AND', 'OR']).default('AND'),
    days_ago: z.null().default(null),
  })
  .meta({ id: 'FilterGroup' });
export type FilterGroup = z.infer<typeof groupSchema>;
export type FilterGroupInput = z.input<typeof groupSchema>;

/** Where the first group deeper than FILTER_MAX_DEPTH sits, looking no deeper than that. */
function tooDeepPath(value: unknown, depth = 1, path: (string | number)[] = []): (string | number)[] | null {
  if (depth > FILTER_MAX_DEPTH) return path;
  const values = (value as { values?: unknown } | null)?.values;
  if (!Array.isArray(values)) return null;
  for (const [i, child] of values.entries()) {
    if ((child as { complex?: unknown } | null)?.complex !== true) continue;
    const found = tooDeepPath(child, depth + 1, [...path, 'values', i]);
    if (found) return found;
  }
  return null;
}

/**
 * The filter of a saved filter or an accounts query. Depth is measured before parsing, so a
 * hostile, deeply nested body is refused with a 400 naming the group instead of exhausting the stack.
 */
export const filterGroupSchema = z.preprocess<unknown, typeof groupSchema, FilterGroupInput>((value, ctx) => {
  const path = tooDeepPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: FILTER_DEPTH_MESSAGE, input: value });
  return value;
}, groupSchema);

export const emptyFilter = (): FilterGroup => ({ complex: true, values: [], operator: 'AND', days_ago: null });

/** Spec section 3: a filter counts as applied when its top-level values list is non-empty. */
export const isFilterApplied = (group: FilterGroup): boolean => group.values.length > 0;

/**
 * The filter without the conditions still waiting for a value (an Industry condition with nothing
 * typed), and without the groups they leave empty: such a condition would match no account, so a
 * half-built filter read as "No accounts match" and could be saved. A signal condition needs no
 * value (its days are its value).
 */
export function withoutEmptyConditions(group: FilterGroup): FilterGroup {
  const values: FilterGroup['values'] = [];
  for (const node of group.values) {
    if (node.complex) {
      const inner = withoutEmptyConditions(node);
      if (inner.values.length > 0) values.push(inner);
    } else if (node.values.length > 0 || node.field === 'news_article' || node.field === 'job_posting') {
      values.push(node);
    }
  }
  return { ...group, values };
}

function rewriteCondition(condition: FilterCondition): FilterCondition {
  if (condition.field === 'news_article' || condition.field === 'job_posting') {
    return { ...condition, field: 'master_hit_id', values: [condition.field] };
  }
  if (condition.field === 'territory_list_id') return { ...condition, field: 'list_id', values: [...condition.values] };
  return { ...condition, values: [...condition.values] };
}

/**
 * Spec section 5: before a filter is sent, news_article and job_posting become master_hit_id (the
 * hit type as its value) and territory_list_id becomes list_id, at every depth. Answers a new filter.
 */
export function rewriteFilterForRequest(group: FilterGroup): FilterGroup {
  return {
    ...group,
    values: group.values.map((node) => (node.complex ? rewriteFilterForRequest(node) : rewriteCondition(node))),
  };
}

const filterName = z
  .string({ error: 'Filter name is required' })
  .trim()
  .min(1, 'Filter name is required')
  .max(MAX_NAME_LENGTH, `Filter name is limited to ${MAX_NAME_LENGTH} characters`);
const filterDescription = z.string().max(MAX_TEXT_LENGTH);
const filterSort = z.string().max(FILTER_SORT_MAX_LENGTH);

/** Saved filter (spec section 3). `sort` reads like `account_name:asc`. */
export const savedFilterSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  // The stored filter passed filterGroupSchema on the way in; a response is encoded, which a pre-check cannot be.
  filter: groupSchema,
  sort: z.string(),
  private: z.boolean(),
  created: z.string(),
  created_by: z.string(),
  updated: z.string(),
  updated_by: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

/** The message of a saved filter with no condition: saved, it would filter nothing (spec section 3). */
export const FILTER_CONDITIONS_REQUIRED = 'Add at least one condition';
const savedFilterGroup = filterGroupSchema.refine(isFilterApplied, { message: FILTER_CONDITIONS_REQUIRED });

export const createSavedFilterBodySchema = z.strictObject({
  name: filterName,
  description: filterDescription.default(''),
  filter: savedFilterGroup,
  sort: filterSort.default(''),
  private: z.boolean().default(true),
});
export type CreateSavedFilterBody = z.infer<typeof createSavedFilterBodySchema>;

/** Only the fields sent change. */
export const updateSavedFilterBodySchema = z.strictObject({
  name: filterName.optional(),
  description: filterDescription.optional(),
  filter: savedFilterGroup.optional(),
  sort: filterSort.optional(),
  private: z.boolean().optional(),
});
export type UpdateSavedFilterBody = z.infer<typeof updateSavedFilterBodySchema>;

export const filterIdParamsSchema = z.strictObject({ filterId: z.string().min(1).max(64) });

/** One page of accounts matching a filter (the rewritten form is accepted as is); answered as a territoryPageSchema. */
export const accountsQueryBodySchema = z.strictObject({
  filter: filterGroupSchema.default(emptyFilter),
  scope: z.enum(['all', 'territory']).default('all'),
  sort: z.enum(TERRITORY_SORTS).default('account_name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(100).default(50),
  /** Narrows to names or websites containing this text. */
  q: z.string().max(200).optional(),
});
export type AccountsQuery = z.infer<typeof accountsQueryBodySchema>;

/** "Select all matching" answers at most this many ids; anything at or above the territory cap is refused anyway. */
export const SELECT_ALL_MAX_IDS = 10_000;

export const accountIdsQueryBodySchema = accountsQueryBodySchema.omit({
  page: true,
  page_size: true,
  sort: true,
  direction: true,
});

/** View-as (spec section 4): a colleague's My Accounts, read with the same query minus the scope. */
export const colleagueTerritoryQueryBodySchema = accountsQueryBodySchema.omit({ scope: true });
export type ColleagueTerritoryQuery = z.infer<typeof colleagueTerritoryQueryBodySchema>;

export const accountIdsResponseSchema = z.object({
  master_account_ids: z.array(z.string()),
  /** True when more matched than SELECT_ALL_MAX_IDS. */
  truncated: z.boolean(),
});
