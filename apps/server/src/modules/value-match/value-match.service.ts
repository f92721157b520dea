import type {
  AccountAssignment,
  AccountMatch,
  AccountUnassignment,
  MatchSpan,
  MatchTier,
  UserSummary,
  ValueMatchCard,
  ValueMatchDetail,
  ValueMatchEvidence,
  ValueMatchFeed,
  ValueMatchStatus,
  WhyNowFacts,
} from '@quarry/shared';
import { whyNowFactsSchema } from '@quarry/shared';
import type { JobsRepository } from '../../jobs/jobs.repository.ts';
import { forbidden, invalidField, notFound } from '../../lib/http-error.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { isServiceAccountEmail } from '../../lib/service-account.ts';
import type { TerritoryRepository } from '../territory/territory.repository.ts';
import type { ValuePreferencesRepository } from '../value-preferences/value-preferences.repository.ts';
import { MATCH_WEIGHTS } from './engine/match-weights.ts';
import { excerptOf, highlightsOf } from './highlights.ts';
import { rankContacts } from './rank-contacts.ts';
import { RECOMPUTE_VALUE_MATCHES } from './recompute-value-matches.ts';
import type { FeedFilters, ValueMatchesRepository } from './value-matches.repository.ts';

/**
 * How old a signal may be to count as evidence on a match: as old as the engine reads good and bad
 * signals (recency weight at least qualificationMinRecency: 360 days at a 180-day half-life).
 */
const EVIDENCE_MAX_AGE_MS =
  MATCH_WEIGHTS.recencyHalfLifeDays * Math.log2(1 / MATCH_WEIGHTS.qualificationMinRecency) * 86_400_000;

const asTier = (tier: string): MatchTier => (tier === 'tier_1' || tier === 'tier_2' ? tier : 'none');

/** The stored why-now facts, or null when the row predates them or holds something else. */
function whyNowFactsOf(column: string | null): WhyNowFacts | null {
  const parsed = whyNowFactsSchema.safeParse(parseJsonColumn<unknown>(column, null));
  return parsed.success ? parsed.data : null;
}

/**
 * The words a signal is marked at: what shows the problem (triggers, the hypothesis's words) and a
 * target title, not a qualification signal's words, which say what kind of company qualifies: a
 * walk found "Airlines" of "Southwest Airlines" marked in Boeing's news for the requirement
 * "airline", read as evidence. The excerpt is cut around the marked words too.
 */
function markedSpans(spans: MatchSpan[]): MatchSpan[] {
  return spans.filter((span) => span.source !== 'qualification_signal');
}

export function createValueMatchService(deps: {
  matches: ValueMatchesRepository;
  preferences: ValuePreferencesRepository;
  /** The evidence the caller's tenant marked "not relevant" on one account (none when absent). */
  markedHits?: (ctx: RequestContext, masterAccountId: string) => Promise<Set<string>>;
  jobs: JobsRepository;
  territory: TerritoryRepository;
  /** A user of the caller's tenant by uid; undefined for an unknown uid or another tenant's user. */
  colleague: (ctx: RequestContext, uid: string) => Promise<UserSummary | undefined>;
  /** The support account's email: a service account, like "admin@" addresses. */
  supportEmail: string;
  clock?: () => Date;
}) {
  const { matches, preferences, jobs, territory, colleague, supportEmail, clock = () => new Date() } = deps;
  const markedHits = deps.markedHits ?? (async () => new Set<string>());

  async function status(ctx: RequestContext): Promise<ValueMatchStatus> {
    const s = await jobs.status(ctx.tenantId, RECOMPUTE_VALUE_MATCHES);
    return { last_computed_at: s.lastDoneAt, running: s.running };
  }

  /** What assigning and removing both answer: the account, whose territory changed, who holds it now. */
  async function assignmentChange(ctx: RequestContext, masterAccountId: string, assignee: UserSummary) {
    const holders = await matches.holdersOf(ctx, [masterAccountId]);
    return {
      master_account_id: masterAccountId,
      assignee: { uid: assignee.uid, display_name: assignee.display_name },
      held_by: holders.get(masterAccountId) ?? [],
    };
  }

  return {
    status,

    /** Queues a recompute of the tenant's matches (a waiting one is reused). */
    async requestRecompute(tenantId: string): Promise<void> {
      await jobs.enqueueOnce(tenantId, RECOMPUTE_VALUE_MATCHES, { now: clock() });
    },

    /**
     * One page of Home's feed. `viewAs` (view-as, spec section 4): "my accounts only" reads that
     * colleague's My Accounts, read-only; a uid outside the caller's tenant answers 404.
     */
    async feed(ctx: RequestContext, filters: FeedFilters & { viewAs?: string }): Promise<ValueMatchFeed> {
      const { viewAs, ...rest } = filters;
      let territoryUid: string | undefined;
      if (viewAs) {
        const viewed = await colleague(ctx, viewAs);
        if (!viewed) throw notFound('User not found');
        territoryUid = viewed.uid;
      }
      const [rows, s] = await Promise.all([matches.feed(ctx, { ...rest, territoryUid }), status(ctx)]);
      const page = rows.slice(0, filters.limit);
      const ids = page.map((r) => r.master_account_id);
      const [holders, matched] = await Promise.all([
        matches.holdersOf(ctx, ids),
        matches.matchedHypotheses(ctx, ids, filters.hypothesisIds, filters.tiers),
      ]);
      const items: ValueMatchCard[] = page.map((r) => {
        // Filtered on a hypothesis (and tier) the account matches beside its lead one: the card says
        // so, with its tier there.
        const leadIsChosen =
          r.top_hypothesis_id !== null &&
          filters.hypothesisIds.includes(r.top_hypothesis_id) &&
          (filters.tiers.length === 0 || filters.tiers.includes(r.tier));
        const also = leadIsChosen ? undefined : matched.get(r.master_account_id);
        return {
          master_account_id: r.master_account_id,
          account_name: r.account_name,
          logo_url: r.logo_url,
          website: r.website,
          industry: r.industry,
          tier: asTier(r.tier),
          score: Number(r.score),
          hypothesis_id: r.top_hypothesis_id,
          hypothesis_name: r.top_hypothesis_name,
          hit_id: r.top_hit_id,
          hit_title: r.top_hit_title,
          hit_published_at: r.top_hit_published_at,
          hit_source: r.top_hit_source ?? null,
          title_highlights: highlightsOf(markedSpans(parseJsonColumn<MatchSpan[]>(r.spans, [])), 'title'),
          why_now: r.why_now,
          why_now_facts: whyNowFactsOf(r.why_now_facts),
          computed_at: r.computed_at,
          held_by: holders.get(r.master_account_id) ?? [],
          also_matches: also?.name ?? null,
          also_matches_tier: also?.tier ?? null,
        };
      });
      return {
        items,
        next_offset: rows.length > filters.limit ? filters.offset + filters.limit : null,
        status: s,
      };
    },

    industries: async (ctx: RequestContext) => ({ industries: await matches.industries(ctx) }),

    /** One account's evidence per matched hypothesis, its other signals and the contacts to reach. */
    async detail(ctx: RequestContext, masterAccountId: string): Promise<ValueMatchDetail> {
      const account = await matches.account(masterAccountId);
      if (!account) throw notFound('Account not found');
      const [row, hits, contacts, titles, holders, marked] = await Promise.all([
        matches.findOne(ctx, masterAccountId),
        matches.hitsOf(ctx, masterAccountId),
        matches.contactsOf(masterAccountId),
        preferences.listTitles(ctx),
        matches.holdersOf(ctx, [masterAccountId]),
        markedHits(ctx, masterAccountId),
      ]);
      const result = row ? parseJsonColumn<AccountMatch | null>(row.result, null) : null;
      const spansByHit = new Map((result?.hits ?? []).map((h) => [h.hit_id, h.spans]));
      const hitById = new Map(hits.map((h) => [h.id, h]));
      const evidenceOf = (hitId: string): ValueMatchEvidence | null => {
        const hit = hitById.get(hitId);
        if (!hit) return null;
        const spans = markedSpans(spansByHit.get(hitId) ?? []);
        const { excerpt, highlights, cutBefore, cutAfter } = excerptOf(hit.text, spans);
        return {
          hit_id: hit.id,
          type: hit.type,
          title: hit.title,
          title_highlights: highlightsOf(spans, 'title'),
          excerpt,
          excerpt_highlights: highlights,
          excerpt_cut_before: cutBefore,
          excerpt_cut_after: cutAfter,
          url: hit.url,
          source: hit.source,
          published_at: hit.published_at,
          not_relevant: marked.has(hit.id),
        };
      };
      // A hypothesis's evidence is its leading signal and the others recent enough to say something
      // of now; older ones stay among the account's other signals, dated. A walk found AIG's
      // alignment "supported" by a 2005 story on football broadcasting rights.
      const since = Date.parse(row?.computed_at ?? new Date().toISOString()) - EVIDENCE_MAX_AGE_MS;
      const hypotheses = (result?.hypotheses ?? [])
        .filter((h) => h.tier !== 'none')
        .map((h) => ({
          hypothesis_id: h.hypothesis_id,
          name: h.name,
          tier: h.tier,
          score: h.score,
          evidence: h.hit_ids
            .map(evidenceOf)
            .filter((e, i): e is ValueMatchEvidence => e !== null && (i === 0 || Date.parse(e.published_at) >= since)),
        }));
      const used = new Set(hypotheses.flatMap((h) => h.evidence.map((e) => e.hit_id)));
      const activity = hits
        .filter((h) => !used.has(h.id))
        .slice(0, 50)
        .map((h) => evidenceOf(h.id))
        .filter((e): e is ValueMatchEvidence => e !== null);
      return {
        ...account,
        tier: asTier(row?.tier ?? 'none'),
        score: Number(row?.score ?? 0),
        why_now: row?.why_now ?? '',
        why_now_facts: whyNowFactsOf(row?.why_now_facts ?? null),
        computed_at: row?.computed_at ?? null,
        hypotheses,
        activity,
        contacts: rankContacts(contacts, titles),
        held_by: holders.get(masterAccountId) ?? [],
      };
    },

    /**
     * Puts the account in a user's territory (My Accounts). Anyone may assign to themselves;
     * only managers and admins may assign to a colleague, as they share out the territories.
     * Assigning an account already held by that user changes nothing and is not an error.
     */
    async assign(ctx: RequestContext, masterAccountId: string, uid: string): Promise<AccountAssignment> {
      const account = await matches.account(masterAccountId);
      if (!account) throw notFound('Account not found');
      const assignee = await colleague(ctx, uid);
      if (!assignee) throw invalidField('uid', 'is not a user of your company', 'unknown_reference');
      if (assignee.uid !== ctx.uid && !ctx.isManager && !ctx.isAdmin) {
        throw forbidden('Only managers and admins can assign an account to a colleague', 'admin_or_manager_only');
      }
      if (assignee.uid !== ctx.uid && isServiceAccountEmail(assignee.email, supportEmail)) {
        throw invalidField('uid', 'is a service account, not a colleague', 'not_a_colleague');
      }
      const added = await territory.add({ ...ctx, uid: assignee.uid }, [masterAccountId]);
      return { ...(await assignmentChange(ctx, masterAccountId, assignee)), added: added > 0 };
    },

    /**
     * Takes the account out of a user's territory, under the same rules as assigning: anyone may
     * remove their own assignment, only managers and admins a colleague's. An unknown account, or
     * a uid that is not a user of the caller's tenant, answers 404. Removing an assignment that
     * does not exist changes nothing and is not an error (`removed` false), like assigning twice.
     */
    async unassign(ctx: RequestContext, masterAccountId: string, uid: string): Promise<AccountUnassignment> {
      const account = await matches.account(masterAccountId);
      if (!account) throw notFound('Account not found');
      const assignee = await colleague(ctx, uid);
      if (!assignee) throw notFound('User not found');
      if (assignee.uid !== ctx.uid && !ctx.isManager && !ctx.isAdmin) {
        throw forbidden("Only managers and admins can remove a colleague's assignment", 'admin_or_manager_only');
      }
      const removed = await territory.remove({ ...ctx, uid: assignee.uid }, [masterAccountId]);
      return { ...(await assignmentChange(ctx, masterAccountId, assignee)), removed: removed > 0 };
    },
  };
}

export type ValueMatchService = ReturnType<typeof createValueMatchService>;
