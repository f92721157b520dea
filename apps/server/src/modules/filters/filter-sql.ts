import {
  DAY_MS,
  EMPLOYEE_BUCKET_RANGES,
  type EmployeeBucket,
  type FilterCondition,
  type FilterGroup,
  MY_TERRITORY_LIST_ID,
  rewriteFilterForRequest,
} from '@quarry/shared';
import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database, MasterAccountsTable } from '../../db/schema.ts';
import { referenceOrOwnedBy } from '../../db/scoped.ts';
import { visibleTo } from '../../db/visible-signals.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { locationSpellings } from './us-state-names.ts';

/** The query a filter constrains: master accounts, aliased `a`. */
export type AccountsExpressionBuilder = ExpressionBuilder<Database & { a: MasterAccountsTable }, 'a'>;

type Condition = Expression<SqlBool>;

/** Escapes LIKE wildcards so user text matches literally. */
/**
 * The first day a signal may carry to count as "within N days": whole UTC days, so a signal
 * stored with a date only still counts on the boundary day.
 */
const sinceDay = (daysAgo: number, now: Date) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);

function conditionSql(
  eb: AccountsExpressionBuilder,
  ctx: RequestContext,
  condition: FilterCondition,
  now: Date,
): Condition | null {
  const values = [...new Set(condition.values)];
  switch (condition.field) {
    case 'industry':
    case 'sector':
      return values.length ? eb(`a.${condition.field}`, 'in', values) : null;
    case 'employees': {
      const ranges = values
        .flatMap((bucket) => EMPLOYEE_BUCKET_RANGES[bucket as EmployeeBucket] ?? [])
        .map(({ min, max }) =>
          max === null
            ? eb('a.employees', '>=', min)
            : eb.and([eb('a.employees', '>=', min), eb('a.employees', '<=', max)]),
        );
      return ranges.length ? eb.or(ranges) : null;
    }
    case 'location': {
      // "California" also finds "Calif.", as the data writes it.
      const patterns = values.flatMap((v) => [v.trim().toLowerCase(), ...locationSpellings(v)]).filter(Boolean);
      const matches = patterns.map((text) =>
        eb(sql`lower(a.location)`, 'like', sql<string>`${containsPattern(text)} escape '\\'`),
      );
      return matches.length ? eb.or(matches) : null;
    }
    case 'master_hit_id': {
      if (!values.length) return null;
      let hits = eb
        .selectFrom('master_hits as h')
        .select(sql.lit(1).as('one'))
        .whereRef('h.master_account_id', '=', 'a.master_account_id')
        .where('h.type', 'in', values)
        .where(visibleTo(ctx.tenantId, 'h'));
      if (condition.days_ago !== null) hits = hits.where('h.published_at', '>=', sinceDay(condition.days_ago, now));
      return eb.exists(hits);
    }
    case 'list_id': {
      // The territory, and (built by the server only: saved filters accept just the territory)
      // account lists of the caller's tenant.
      const parts: Condition[] = [];
      if (values.includes(MY_TERRITORY_LIST_ID)) {
        // As a set of ids (not a correlated EXISTS): a territory is small, so both engines start from
        // it instead of probing it for every account of the tenant (My Accounts read all of them).
        parts.push(
          eb(
            'a.master_account_id',
            'in',
            eb.selectFrom('territory_accounts as t').select('t.master_account_id').where('t.user_id', '=', ctx.uid),
          ),
        );
      }
      const listIds = values.filter((v) => v !== MY_TERRITORY_LIST_ID);
      if (listIds.length) {
        parts.push(
          eb.exists(
            eb
              .selectFrom('list_accounts as la')
              .innerJoin('lists as l', 'l.id', 'la.list_id')
              .select(sql.lit(1).as('one'))
              .where('la.list_id', 'in', listIds)
              .whereRef('la.master_account_id', '=', 'a.master_account_id'),
          ),
        );
      }
      return parts.length ? eb.or(parts) : null;
    }
    default:
      // news_article, job_posting and territory_list_id never get here: they are rewritten first.
      return null;
  }
}

function groupSql(eb: AccountsExpressionBuilder, ctx: RequestContext, group: FilterGroup, now: Date): Condition | null {
  const parts = group.values
    .map((node) => (node.complex ? groupSql(eb, ctx, node, now) : conditionSql(eb, ctx, node, now)))
    .filter((part): part is Condition => part !== null);
  if (!parts.length) return null;
  return group.operator === 'OR' ? eb.or(parts) : eb.and(parts);
}

/**
 * Turns a filter (rewritten or not) into a WHERE over `master_accounts as a`, the same on SQLite and
 * PostgreSQL. A condition with no values, or a group with nothing in it, restricts nothing: the
 * empty filter matches every account, and a half-built condition does not empty an OR group.
 */
export function filterWhere(ctx: RequestContext, filter: FilterGroup, now = new Date()) {
  const rewritten = rewriteFilterForRequest(filter);
  return (eb: AccountsExpressionBuilder): Condition => {
    // Accounts an upload made from unknown domains belong to that tenant alone.
    const visible = referenceOrOwnedBy(ctx.tenantId, 'a');
    const group = groupSql(eb, ctx, rewritten, now);
    return group ? eb.and([visible, group]) : visible;
  };
}

/** Whether the filter narrows anything down, by the same rules filterWhere applies. */
export function filterRestricts(ctx: RequestContext, filter: FilterGroup, now = new Date()): boolean {
  const eb: AccountsExpressionBuilder = expressionBuilder<Database & { a: MasterAccountsTable }, 'a'>();
  return groupSql(eb, ctx, rewriteFilterForRequest(filter), now) !== null;
}

const inMyTerritory: FilterCondition = {
  field: 'list_id',
  complex: false,
  type: 'text',
  values: [MY_TERRITORY_LIST_ID],
  operator: 'IN',
  days_ago: null,
};

/** The filter narrowed to the caller's own accounts (My Accounts). */
export function withinMyTerritory(filter: FilterGroup): FilterGroup {
  return { complex: true, operator: 'AND', days_ago: null, values: [filter, inMyTerritory] };
}

/** The accounts of one account list (the caller's tenant only). */
export function inAccountList(listId: string): FilterGroup {
  return {
    complex: true,
    operator: 'AND',
    days_ago: null,
    values: [{ field: 'list_id', complex: false, type: 'text', values: [listId], operator: 'IN', days_ago: null }],
  };
}
