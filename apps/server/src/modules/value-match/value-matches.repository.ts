import type { AccountHolder } from '@quarry/shared';
import { type MatchTier, TIER_RANK } from '@quarry/shared';
import { type Insertable, sql } from 'kysely';
import type { Db, Engine } from '../../db/connection.ts';
import type { ValueMatchesTable, ValueMatchHypothesesTable } from '../../db/schema.ts';
import { scopedTo, type WithoutTenant } from '../../db/scoped.ts';
import { accountNameVariants } from '../../db/seed/account-names.ts';
import { tenantsWithoutRows } from '../../db/tenant-scope.ts';
import { visibleTo } from '../../db/visible-signals.ts';
import type { RequestContext } from '../../lib/request-context.ts';

/** 17 columns a row: 1,000 rows bind 17,000 values, within SQLite's 32,766 and PostgreSQL's 65,535. */
const INSERT_CHUNK_ROWS = 1_000;
/** Territories up to this size are named id by id in "my accounts only" (within SQLite's 32,766 bound values). */
const MINE_AS_LIST_MAX = 5_000;

const rankOf = (tier: string): number => TIER_RANK[tier as MatchTier] ?? -1;

/** Each list keeps accounts matching any of its values; an empty list filters nothing. */
export type FeedFilters = {
  tiers: string[];
  hypothesisIds: string[];
  industries: string[];
  mine: boolean;
  /** Whose territory "mine" means: the caller's, or a colleague's viewed as (checked by the service). */
  territoryUid?: string;
  offset: number;
  limit: number;
};

/** Stored value matches per tenant and account, and the reference data the recompute reads. */
export function createValueMatchesRepository(db: Db, engine: Engine) {
  /**
   * The caller's territory as a list of ids when it is small enough to name in the feed query
   * (MINE_AS_LIST_MAX), else `true`: match it inside the query instead.
   */
  async function territoryForFeed(ctx: RequestContext, uid: string): Promise<string[] | true> {
    const rows = await scopedTo(db, ctx.tenantId)
      .selectFrom('territory_accounts')
      .select('master_account_id')
      .where('user_id', '=', uid)
      .limit(MINE_AS_LIST_MAX + 1)
      .execute();
    return rows.length > MINE_AS_LIST_MAX ? true : rows.map((r) => r.master_account_id);
  }

  /**
   * The accounts matching any of the hypotheses (at one of `tierRanks`, when given), as a list when
   * few enough to name (else `true`).
   */
  async function hypothesisAccounts(
    ctx: RequestContext,
    hypothesisIds: string[],
    tierRanks: number[],
  ): Promise<string[] | true> {
    const accounts = () => {
      const q = scopedTo(db, ctx.tenantId)
        .selectFrom('value_match_hypotheses')
        .select('master_account_id')
        .where('hypothesis_id', 'in', hypothesisIds);
      return tierRanks.length > 0 ? q.where('tier_rank', 'in', tierRanks) : q;
    };
    // Counted in the database first: a hypothesis of many accounts sends one row, not thousands.
    const { n } = await scopedTo(db, ctx.tenantId)
      .selectFrom(
        accounts()
          .limit(MINE_AS_LIST_MAX + 1)
          .as('few'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n) > MINE_AS_LIST_MAX) return true;
    return [...new Set((await accounts().execute()).map((r) => r.master_account_id))];
  }

  return {
    /**
     * Replaces the tenant's matches with a fresh computation, in one transaction. Two recomputes of
     * one tenant on two server processes take turns: on PostgreSQL each deleted only the rows
     * committed before it began, then both inserted the same keys (value_matches_pk violated, a
     * failed attempt). A lock on the tenant's recompute, held to the commit, makes the second
     * wait and then delete what the first wrote. SQLite runs one write transaction at a time anyway.
     */
    async replaceAll(
      tenantId: string,
      rows: WithoutTenant<Insertable<ValueMatchesTable>>[],
      hypotheses: WithoutTenant<Insertable<ValueMatchHypothesesTable>>[] = [],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (engine === 'postgres')
          await sql`SELECT pg_advisory_xact_lock(hashtext('value_matches'), hashtext(${tenantId}))`.execute(trx);
        const scoped = scopedTo(trx, tenantId);
        await scoped.deleteFrom('value_matches').execute();
        await scoped.deleteFrom('value_match_hypotheses').execute();
        for (let i = 0; i < rows.length; i += INSERT_CHUNK_ROWS) {
          await scoped
            .insertInto('value_matches')
            .values(rows.slice(i, i + INSERT_CHUNK_ROWS))
            .execute();
        }
        for (let i = 0; i < hypotheses.length; i += INSERT_CHUNK_ROWS) {
          await scoped
            .insertInto('value_match_hypotheses')
            .values(hypotheses.slice(i, i + INSERT_CHUNK_ROWS))
            .execute();
        }
      });
    },

    /**
     * Of these accounts, one of `hypothesisIds` each matches (the strongest, at one of `tiers` when
     * given) by name and with the tier it reaches, for a card whose lead hypothesis is another: the
     * reader filtered on this one.
     */
    async matchedHypotheses(
      ctx: RequestContext,
      accountIds: string[],
      hypothesisIds: string[],
      tiers: string[] = [],
    ): Promise<Map<string, { name: string; tier: 'tier_1' | 'tier_2' }>> {
      if (accountIds.length === 0 || hypothesisIds.length === 0) return new Map();
      let q = scopedTo(db, ctx.tenantId)
        .selectFrom('value_match_hypotheses')
        .select(['master_account_id', 'hypothesis_name', 'tier_rank'])
        .where('master_account_id', 'in', accountIds)
        .where('hypothesis_id', 'in', hypothesisIds);
      if (tiers.length > 0) q = q.where('tier_rank', 'in', tiers.map(rankOf));
      const rows = await q.orderBy('tier_rank', 'desc').orderBy('hypothesis_name').execute();
      const matched = new Map<string, { name: string; tier: 'tier_1' | 'tier_2' }>();
      for (const r of rows) {
        if (matched.has(r.master_account_id)) continue;
        matched.set(r.master_account_id, { name: r.hypothesis_name, tier: r.tier_rank >= 2 ? 'tier_1' : 'tier_2' });
      }
      return matched;
    },

    /**
     * Every signal the engine weighs for a tenant (reference signals and its own sources' live
     * ones, never another tenant's), named as the engine's hits are, so the recompute can use the
     * rows themselves.
     */
    allHits(tenantId: string) {
      return db
        .selectFrom('master_hits')
        .select(['id', 'master_account_id as account_id', 'type', 'title', 'text', 'url', 'published_at'])
        .where(visibleTo(tenantId, 'master_hits'))
        .execute();
    },

    /**
     * Each account's industry, copied into its match so the feed filters on one table, and the
     * names the accounts of `hits` go by, read in the same pass over the accounts: a posting's
     * company name (it names its company, which is no evidence: collect-hit-facts.ts), and the
     * forms news writes an account by ("Ford Motor", "Ford"), so that an event of another company
     * an article names beside the account is not the account's (account-mention.ts).
     */
    async accountFacts(hits: readonly { account_id: string; type: string }[]): Promise<{
      industries: Map<string, string>;
      postingAccountNames: Map<string, string[]>;
      newsAccountNames: Map<string, string[]>;
    }> {
      const posting = new Set<string>();
      const news = new Set<string>();
      for (const h of hits) (h.type === 'job_posting' ? posting : news).add(h.account_id);
      const rows = await db
        .selectFrom('master_accounts')
        .select(['master_account_id', 'industry', 'account_name'])
        .execute();
      const industries = new Map<string, string>();
      const postingAccountNames = new Map<string, string[]>();
      const newsAccountNames = new Map<string, string[]>();
      for (const r of rows) {
        if (r.industry !== null) industries.set(r.master_account_id, r.industry);
        if (posting.has(r.master_account_id)) postingAccountNames.set(r.master_account_id, [r.account_name]);
        if (news.has(r.master_account_id)) newsAccountNames.set(r.master_account_id, accountNameVariants(r));
      }
      return { industries, postingAccountNames, newsAccountNames };
    },

    /** Accounts' names by id, for the model reader's questions. */
    async accountNames(ids: string[]): Promise<Map<string, string>> {
      const names = new Map<string, string>();
      for (let i = 0; i < ids.length; i += INSERT_CHUNK_ROWS) {
        const rows = await db
          .selectFrom('master_accounts')
          .select(['master_account_id', 'account_name'])
          .where('master_account_id', 'in', ids.slice(i, i + INSERT_CHUNK_ROWS))
          .execute();
        for (const r of rows) names.set(r.master_account_id, r.account_name);
      }
      return names;
    },

    /** Across tenants by design: start-up queues a first computation for each tenant that has none. */
    async tenantsWithoutMatches(): Promise<string[]> {
      return tenantsWithoutRows(db, 'value_matches');
    },

    /**
     * One page of the feed: tier, then the place the recompute dealt it within the tier (across
     * hypotheses and signal kinds, stronger first), then score, then the latest signal first. The page is chosen from
     * value_matches alone and only its rows are joined to their accounts, so the planner never
     * joins the whole feed to master_accounts before cutting the page.
     */
    async feed(ctx: RequestContext, f: FeedFilters) {
      const territoryUid = f.territoryUid ?? ctx.uid;
      const mine = f.mine ? await territoryForFeed(ctx, territoryUid) : null;
      const tierRanks = f.tiers.map(rankOf);
      // With a hypothesis chosen, a tier is the one the account reaches for that hypothesis: "Value
      // Match" and "cost squeeze" means a Value Match on the cost squeeze, not a Value Match on
      // something else that aligns with it.
      const matching = f.hypothesisIds.length > 0 ? await hypothesisAccounts(ctx, f.hypothesisIds, tierRanks) : null;
      return (
        scopedTo(db, ctx.tenantId)
          .selectFrom((eb) => {
            let page = eb
              .selectFrom('value_matches as v')
              .select([
                'v.master_account_id',
                'v.industry',
                'v.tier',
                'v.tier_rank',
                'v.feed_rank',
                'v.score',
                'v.latest_hit_at',
                'v.top_hypothesis_id',
                'v.top_hypothesis_name',
                'v.top_hit_id',
                'v.top_hit_title',
                'v.top_hit_published_at',
                'v.spans',
                'v.why_now',
                'v.why_now_facts',
                'v.computed_at',
              ]);
            if (tierRanks.length > 0 && !matching) page = page.where('v.tier_rank', 'in', tierRanks);
            if (matching) {
              // Any hypothesis the account matches, not only its lead one; a few accounts are named
              // id by id, many are matched as the feed is walked in order (as "mine" below).
              page = Array.isArray(matching)
                ? page.where('v.master_account_id', 'in', matching.length > 0 ? matching : [''])
                : // A scalar subquery with LIMIT is one PostgreSQL does not turn into a join: probed
                  // per row while the feed's index is walked in order, it stops once the page is
                  // full (as a semi-join it hashed the hypothesis's accounts and sorted the whole
                  // feed: 146 ms p95 at 50,000 matches in bench:value-feed).
                  page.where(
                    (eb) => {
                      const h = eb
                        .selectFrom('value_match_hypotheses as h')
                        .select(sql.lit(1).as('one'))
                        .whereRef('h.master_account_id', '=', 'v.master_account_id')
                        .where('h.hypothesis_id', 'in', f.hypothesisIds);
                      return (tierRanks.length > 0 ? h.where('h.tier_rank', 'in', tierRanks) : h).limit(1);
                    },
                    'is not',
                    null,
                  );
            }
            if (f.industries.length > 0) page = page.where('v.industry', 'in', f.industries);
            if (mine) {
              // A territory named id by id lets both planners look its matches up by key and sort
              // them; a large one is matched as the feed is walked in order, which finds a page fast.
              page = Array.isArray(mine)
                ? page.where('v.master_account_id', 'in', mine.length > 0 ? mine : [''])
                : page.where('v.master_account_id', 'in', (sub) =>
                    sub
                      .selectFrom('territory_accounts as t')
                      .select('t.master_account_id')
                      .where('t.user_id', '=', territoryUid),
                  );
            }
            return page
              .orderBy('v.tier_rank', 'desc')
              .orderBy('v.feed_rank')
              .orderBy('v.score', 'desc')
              .orderBy('v.latest_hit_at', 'desc')
              .orderBy('v.master_account_id')
              .limit(f.limit + 1)
              .offset(f.offset)
              .as('m');
          })
          .innerJoin('master_accounts as a', 'a.master_account_id', 'm.master_account_id')
          // The top signal's source, credited on the card.
          .leftJoin('master_hits as h', 'h.id', 'm.top_hit_id')
          .select([
            'h.source as top_hit_source',
            'm.master_account_id',
            'a.account_name',
            'a.logo_url',
            'a.website',
            'm.industry',
            'm.tier',
            'm.score',
            'm.top_hypothesis_id',
            'm.top_hypothesis_name',
            'm.top_hit_id',
            'm.top_hit_title',
            'm.top_hit_published_at',
            'm.spans',
            'm.why_now',
            'm.why_now_facts',
            'm.computed_at',
          ])
          .orderBy('m.tier_rank', 'desc')
          .orderBy('m.feed_rank')
          .orderBy('m.score', 'desc')
          .orderBy('m.latest_hit_at', 'desc')
          .orderBy('m.master_account_id')
          .execute()
      );
    },

    /** Industries of the accounts in the tenant's feed, for the filter. */
    async industries(ctx: RequestContext): Promise<string[]> {
      const rows = await scopedTo(db, ctx.tenantId)
        .selectFrom('value_matches')
        .select('industry')
        .distinct()
        .where('industry', 'is not', null)
        .orderBy('industry')
        .execute();
      return rows.map((r) => r.industry as string);
    },

    findOne(ctx: RequestContext, masterAccountId: string) {
      return scopedTo(db, ctx.tenantId)
        .selectFrom('value_matches')
        .selectAll()
        .where('master_account_id', '=', masterAccountId)
        .executeTakeFirst();
    },

    /** Who in the caller's tenant holds each of these accounts in their territory, by name. */
    async holdersOf(ctx: RequestContext, masterAccountIds: string[]): Promise<Map<string, AccountHolder[]>> {
      const holders = new Map<string, AccountHolder[]>();
      if (masterAccountIds.length === 0) return holders;
      const rows = await scopedTo(db, ctx.tenantId)
        .selectFrom('territory_accounts as t')
        .innerJoin('users as u', (join) => join.onRef('u.uid', '=', 't.user_id').on('u.company', '=', ctx.tenantId))
        .select(['t.master_account_id', 'u.uid', 'u.display_name'])
        .where('t.master_account_id', 'in', masterAccountIds)
        .orderBy('u.display_name')
        .execute();
      for (const r of rows) {
        const list = holders.get(r.master_account_id) ?? [];
        list.push({ uid: r.uid, display_name: r.display_name });
        holders.set(r.master_account_id, list);
      }
      return holders;
    },

    account(masterAccountId: string) {
      return db
        .selectFrom('master_accounts')
        .select(['master_account_id', 'account_name', 'logo_url', 'website', 'industry'])
        .where('master_account_id', '=', masterAccountId)
        .executeTakeFirst();
    },

    hitsOf(ctx: RequestContext, masterAccountId: string) {
      return db
        .selectFrom('master_hits')
        .select(['id', 'type', 'title', 'text', 'url', 'source', 'published_at'])
        .where('master_account_id', '=', masterAccountId)
        .where(visibleTo(ctx.tenantId, 'master_hits'))
        .orderBy('published_at', 'desc')
        .limit(200)
        .execute();
    },

    contactsOf(masterAccountId: string) {
      return db
        .selectFrom('master_contacts')
        .select(['id', 'first_name', 'last_name', 'title', 'email', 'email_status', 'seniority'])
        .where('master_account_id', '=', masterAccountId)
        .limit(500)
        .execute();
    },
  };
}

export type ValueMatchesRepository = ReturnType<typeof createValueMatchesRepository>;
