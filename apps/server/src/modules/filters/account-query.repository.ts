import type { AccountsQuery, TerritoryPage } from '@quarry/shared';
import { sql } from 'kysely';
import { compactNameSql, compactText, foldedText } from '../../db/compact-name.ts';
import type { Db, Engine } from '../../db/connection.ts';
import { nameOrder } from '../../db/name-order.ts';
import { scopedTo } from '../../db/scoped.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { type AccountsExpressionBuilder, filterRestricts, filterWhere } from './filter-sql.ts';
import { createFilterValuesRepository } from './filter-values.repository.ts';

type PageQuery = Omit<AccountsQuery, 'scope'> & { q?: string | undefined };
type PageRow = TerritoryPage['rows'][number];

/** From this many accounts on, PostgreSQL answers the count of all accounts with its estimate. */
const ESTIMATE_FROM = 100_000;

const PAGE_COLUMNS = [
  'master_account_id',
  'account_name',
  'website',
  'logo_url',
  'industry',
  'employees',
  'latest_signal_at',
] as const;

/**
 * Master accounts matching a filter, as the My Accounts table pages them. `engine` lets PostgreSQL
 * answer the unfiltered count from its statistics instead of reading a million index entries.
 */
export function createAccountQueryRepository(db: Db, engine: Engine) {
  const scoped = (ctx: RequestContext) => scopedTo(db, ctx.tenantId);
  const filterValues = createFilterValuesRepository(db);
  /** Industry and sector values as stored, whatever case the user typed them in. */
  const canonical = async <Q extends { filter: PageQuery['filter'] }>(query: Q): Promise<Q> => ({
    ...query,
    filter: await filterValues.canonical(query.filter),
  });

  /** The filter, and `q` narrowing to names or websites containing it, case-insensitively. */
  function matchingWhere(ctx: RequestContext, query: PageQuery) {
    const filtered = filterWhere(ctx, query.filter);
    const q = query.q?.trim().toLowerCase();
    if (!q) return filtered;
    // As typed, and without its accents: "estée" finds "Estee Lauder", as the search box does.
    const typed = [...new Set([q, foldedText(q)])];
    const patterns = typed.map((text) => sql<string>`${containsPattern(text)} escape '\\'`);
    // Spelt another way too: "macy's" finds "Macy’s", "wal mart" Walmart (db/compact-name.ts).
    const compacts = [...new Set(typed.map(compactText))].filter((text) => text.length >= 2);
    return (eb: AccountsExpressionBuilder) =>
      eb.and([
        filtered(eb),
        eb.or([
          ...patterns.flatMap((pattern) => [
            eb(sql`lower(a.account_name)`, 'like', pattern),
            eb(sql`lower(coalesce(a.website, ''))`, 'like', pattern),
          ]),
          ...compacts.map((compact) =>
            eb(sql.raw(compactNameSql('a.account_name')), 'like', sql<string>`${containsPattern(compact)} escape '\\'`),
          ),
        ]),
      ]);
  }

  function matching(ctx: RequestContext, query: PageQuery) {
    return scoped(ctx).selectFrom('master_accounts as a').where(matchingWhere(ctx, query));
  }

  /**
   * One page in `sort` order, the tie broken by id in the same direction; no nulls to place. The
   * ids first, from the (…, sort, id, owner) index alone however deep the page, then the
   * page's rows by id.
   */
  async function orderedPage(
    found: ReturnType<typeof matching>,
    query: PageQuery,
    sort: PageQuery['sort'] | 'master_account_id',
    offset: number,
    limit: number,
  ) {
    let ordered = found.select('a.master_account_id');
    if (sort === 'account_name') ordered = ordered.orderBy(nameOrder(engine, 'a.account_name'), query.direction);
    else if (sort !== 'master_account_id') ordered = ordered.orderBy(`a.${sort}`, query.direction);
    const ids = (
      await ordered.orderBy('a.master_account_id', query.direction).limit(limit).offset(offset).execute()
    ).map((r) => r.master_account_id);
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('master_accounts')
      .select(PAGE_COLUMNS)
      .where('master_account_id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.master_account_id, row]));
    const page: PageRow[] = ids.flatMap((id) => byId.get(id) ?? []);
    return page;
  }

  /**
   * A page with nulls last in either direction. Asked in one ORDER BY, NULLS LAST defeats the
   * (…, column, id) indexes on one engine or the other, so the accounts with a value are paged
   * first, then those without, by id: each part reads its index in order and stops after the page.
   */
  async function rows(ctx: RequestContext, query: PageQuery): Promise<PageRow[]> {
    const offset = (query.page - 1) * query.page_size;
    const column = `a.${query.sort}` as const;
    // account_name is never null.
    if (query.sort === 'account_name')
      return withOwnLatest(ctx, await orderedPage(matching(ctx, query), query, query.sort, offset, query.page_size));
    if (query.sort === 'latest_signal_at') {
      const own = await ownNewer(ctx, query);
      if (own.length > 0) return rowsWithOwnSignals(ctx, query, own, offset);
    }
    const valued = await orderedPage(
      matching(ctx, query).where(column, 'is not', null),
      query,
      query.sort,
      offset,
      query.page_size,
    );
    if (valued.length === query.page_size) return withOwnLatest(ctx, valued);
    // A short page means the valued accounts ended on it, or before it when it is empty.
    const valuedTotal =
      valued.length > 0 ? offset + valued.length : await countOf(matching(ctx, query).where(column, 'is not', null));
    const unvalued = await orderedPage(
      matching(ctx, query).where(column, 'is', null),
      query,
      'master_account_id',
      Math.max(0, offset - valuedTotal),
      query.page_size - valued.length,
    );
    return withOwnLatest(ctx, [...valued, ...unvalued]);
  }

  /**
   * The matching accounts whose newest signal, for this tenant, is one of its own sources' (newer
   * than the reference signals every tenant sees, kept in master_accounts.latest_signal_at), with
   * that date: the accounts whose place in the latest-signal order is the tenant's own.
   */
  async function ownNewer(ctx: RequestContext, query: PageQuery): Promise<PageRow[]> {
    // The tenant's own rows first, then each one's account by id: a CROSS JOIN keeps SQLite to that
    // order (PostgreSQL plans it as any join). From the accounts' side, SQLite read every account
    // of the filter to probe for own rows, most tenants having none: 17 ms a page at 1M accounts.
    const found = await scoped(ctx)
      .selectFrom('account_signal_latest as own')
      .crossJoin('master_accounts as a')
      .whereRef('a.master_account_id', '=', 'own.master_account_id')
      .where((eb) => matchingWhere(ctx, query)(eb as unknown as AccountsExpressionBuilder))
      .where((eb) => eb('own.latest_signal_at', '>', eb.fn.coalesce('a.latest_signal_at', sql.lit(''))))
      .select([
        'a.master_account_id',
        'a.account_name',
        'a.website',
        'a.logo_url',
        'a.industry',
        'a.employees',
        'own.latest_signal_at',
      ])
      .execute();
    return found;
  }

  /** Accounts not in `ownNewer`: their order is that of master_accounts' column and its index. */
  function notOwnNewer(ctx: RequestContext, query: PageQuery) {
    return matching(ctx, query).where(({ not, exists, selectFrom, fn, ref }) =>
      not(
        exists(
          selectFrom('account_signal_latest as own')
            .select('own.master_account_id')
            .whereRef('own.master_account_id', '=', 'a.master_account_id')
            .where('own.latest_signal_at', '>', fn.coalesce(ref('a.latest_signal_at'), sql.lit(''))),
        ),
      ),
    );
  }

  /**
   * The latest-signal order for a tenant whose own signals move some accounts (`own`, few: those
   * its sources linked): the other accounts are read in index order, and `own` merged into them
   * in memory. At most `own.length` of them come before the page, so the other accounts' part of
   * the page starts no earlier than offset − own.length.
   */
  async function rowsWithOwnSignals(
    ctx: RequestContext,
    query: PageQuery,
    own: PageRow[],
    offset: number,
  ): Promise<PageRow[]> {
    const desc = query.direction === 'desc';
    const before = (x: PageRow, y: PageRow) => {
      const a = `${x.latest_signal_at}\u0000${x.master_account_id}`;
      const b = `${y.latest_signal_at}\u0000${y.master_account_id}`;
      return desc ? a > b : a < b;
    };
    own.sort((x, y) => (before(x, y) ? -1 : before(y, x) ? 1 : 0));
    const k = own.length;
    const start = Math.max(0, offset - k);
    const others = notOwnNewer(ctx, query).where('a.latest_signal_at', 'is not', null);
    const window = await orderedPage(others, query, 'latest_signal_at', start, query.page_size + k);
    let valuedTotal: number | null = null;
    let page: PageRow[];
    const first = window[0];
    if (!first) {
      // The other valued accounts end before `start`: only own ones, if any, are left to place.
      const othersTotal = start === 0 ? 0 : await countOf(others);
      valuedTotal = othersTotal + k;
      page = own.slice(Math.max(0, offset - othersTotal), Math.max(0, offset - othersTotal) + query.page_size);
    } else {
      // `first` stands at `start` among the others, after the own accounts that precede it: from
      // start 0 every account is in hand; else the page begins no earlier than `first` does.
      const preceding = start === 0 ? 0 : own.filter((o) => before(o, first)).length;
      const merged = [...window, ...own.slice(preceding)].sort((x, y) => (before(x, y) ? -1 : before(y, x) ? 1 : 0));
      const skip = offset - (start + preceding);
      page = merged.slice(skip, skip + query.page_size);
      if (window.length < query.page_size + k) valuedTotal = start + window.length + k;
    }
    if (page.length === query.page_size) return page;
    valuedTotal ??= (await countOf(others)) + k;
    const unvalued = await orderedPage(
      notOwnNewer(ctx, query).where('a.latest_signal_at', 'is', null),
      query,
      'master_account_id',
      Math.max(0, offset - valuedTotal),
      query.page_size - page.length,
    );
    return [...page, ...unvalued];
  }

  /** The tenant's own newer signal dates on a page read in another order. */
  async function withOwnLatest(ctx: RequestContext, page: PageRow[]): Promise<PageRow[]> {
    if (page.length === 0) return page;
    const own = await scoped(ctx)
      .selectFrom('account_signal_latest')
      .select(['master_account_id', 'latest_signal_at'])
      .where(
        'master_account_id',
        'in',
        page.map((r) => r.master_account_id),
      )
      .execute();
    const latest = new Map(own.map((r) => [r.master_account_id, r.latest_signal_at]));
    return page.map((r) => {
      const mine = latest.get(r.master_account_id);
      return mine && mine > (r.latest_signal_at ?? '') ? { ...r, latest_signal_at: mine } : r;
    });
  }

  async function countOf(found: ReturnType<typeof matching>): Promise<number> {
    const row = await found.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Exact, through the filter's index; the unfiltered count of a big table on PostgreSQL is its
   * estimate, and says so.
   */
  async function counted(ctx: RequestContext, query: PageQuery): Promise<{ total: number; estimated: boolean }> {
    if (engine === 'postgres' && !query.q?.trim() && !filterRestricts(ctx, query.filter)) {
      const { rows } = await sql<{ estimate: number | string }>`SELECT reltuples AS estimate FROM pg_class
        WHERE oid = 'master_accounts'::regclass`.execute(db);
      const estimate = Number(rows[0]?.estimate ?? -1);
      if (estimate >= ESTIMATE_FROM) return { total: Math.round(estimate), estimated: true };
    }
    return { total: await countOf(matching(ctx, query)), estimated: false };
  }

  /** Every matching id, in name order, up to `limit`. */
  async function ids(ctx: RequestContext, query: Pick<PageQuery, 'filter' | 'q'>, limit: number): Promise<string[]> {
    const found = await matching(ctx, { ...query, sort: 'account_name', direction: 'asc', page: 1, page_size: 1 })
      .select('a.master_account_id')
      .orderBy(nameOrder(engine, 'a.account_name'))
      .orderBy('a.master_account_id')
      .limit(limit)
      .execute();
    return found.map((r) => r.master_account_id);
  }

  return {
    rows: async (ctx: RequestContext, query: PageQuery) => rows(ctx, await canonical(query)),
    count: async (ctx: RequestContext, query: PageQuery) => (await counted(ctx, await canonical(query))).total,
    ids: async (ctx: RequestContext, query: Pick<PageQuery, 'filter' | 'q'>, limit: number) =>
      ids(ctx, await canonical(query), limit),
    async page(ctx: RequestContext, asked: PageQuery): Promise<TerritoryPage> {
      const query = await canonical(asked);
      const [found, { total, estimated }] = await Promise.all([rows(ctx, query), counted(ctx, query)]);
      return { rows: found, total, total_estimated: estimated, page: query.page, page_size: query.page_size };
    },
  };
}

export type AccountQueryRepository = ReturnType<typeof createAccountQueryRepository>;
