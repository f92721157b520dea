import crypto from 'node:crypto';
import {
  type AccountMatch,
  type CreateFlowBody,
  createFlowBodySchema,
  DAY_MS,
  type DestinationType,
  FLOW_MESSAGES_MAX,
  FLOW_STEP_PLANS,
  FLOWS_HIDDEN_AFTER_DAYS,
  type FlowDetail,
  type FlowEvidence,
  type FlowMessage,
  type FlowMessageStatus,
  type FlowReviewReason,
  type FlowStatus,
  type FlowStep,
  type FlowSummary,
  type FlowType,
  type IntegrationType,
  isEmailUsable,
  type Language,
  type UpdateFlowMessageBody,
} from '@quarry/shared';
import type { MessageContext, MessageWriter } from '../../adapters/ai/message-writer.ts';
import type { Job, JobsRepository } from '../../jobs/jobs.repository.ts';
import type { Clock } from '../../lib/clock.ts';
import { toCsv } from '../../lib/csv.ts';
import { HttpError, invalidField, notFound, refusal } from '../../lib/http-error.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AnalyticsRepository } from '../analytics/analytics.repository.ts';
import type { EmailPreferencesRepository } from '../email-preferences/email-preferences.repository.ts';
import type { EngagementDestination } from '../integrations/engagement-destination.ts';
import { excerptOf } from '../value-match/highlights.ts';
import { rankContacts } from '../value-match/rank-contacts.ts';
import type { ValuePreferencesRepository } from '../value-preferences/value-preferences.repository.ts';
import { flowCsvHeader } from './csv-headers.ts';
import type { FlowSourcesRepository } from './flow-sources.repository.ts';
import type { FlowMessageRow, FlowReader, FlowRow, FlowsRepository, NewFlowMessage } from './flows.repository.ts';

export const GENERATE_FLOW = 'generate_flow';
export const SEND_FLOW_TO_ENGAGEMENT = 'send_flow_to_engagement';

/** /actions shows at most this many flows at once, newest first. */
const FLOWS_LIST_LIMIT = 200;
/** Progress is written to the flow's row after this many messages, so /actions can count along. */
const PROGRESS_EVERY = 10;
const ACCOUNT_NAMES_SHOWN = 5;
/** Spec section 4: the statuses in which a person reviews, approves and sends. */
const REVIEW_STATUSES: FlowStatus[] = ['flow_ready_for_review', 'flow_needs_review', 'flow_completed'];
const NOT_IN_PROGRESS: FlowStatus[] = [
  'flow_not_started',
  'flow_needs_review',
  'flow_ready_for_review',
  'flow_failed',
  'flow_completed',
];

const inProgress = () =>
  new HttpError(409, 'flow_in_progress', 'A flow cannot be edited or deleted while it is in progress');
const notReady = () =>
  new HttpError(409, 'flow_not_ready', 'This flow can be opened only when it is ready for review or completed');
const versionConflict = () =>
  new HttpError(409, 'version_conflict', 'Someone saved this message in the meantime; it has been reloaded');
const flowNotFound = () => notFound('Flow not found');
const beingSent = () => refusal(409, 'conflict', 'flow_being_sent', 'This flow is being sent; wait until it is done');
/** A send still queued or running: another send must wait for it. */
const SENDING: (string | null)[] = ['destination_queued', 'sending_to_destination', 'destination_in_progress'];

const EMPTY_EVIDENCE: FlowEvidence = {
  hypothesis_name: null,
  problem_or_goal: null,
  signal_title: null,
  signal_excerpt: null,
  signal_url: null,
  signal_source: null,
  signal_published_at: null,
};

/** What a message is written from, per account: the shown evidence and the writer's context part. */
type AccountEvidence = {
  evidence: FlowEvidence;
  hypothesis: MessageContext['hypothesis'];
  signal: MessageContext['signal'];
};

function readerOf(ctx: RequestContext): FlowReader {
  return { tenantId: ctx.tenantId, uid: ctx.uid, seesAll: ctx.isAdmin || ctx.isManager };
}

function toSummary(row: FlowRow): FlowSummary {
  return {
    id: row.id,
    type: row.type as FlowType,
    status: row.status as FlowStatus,
    destination_type: row.destination_type as FlowSummary['destination_type'],
    destination_status: row.destination_status as FlowSummary['destination_status'],
    initiated_by: { uid: row.initiated_by, display_name: row.initiated_by_name ?? '' },
    initiated_via_support: row.via_uid !== null,
    initiated_from: row.initiated_from,
    account_names: parseJsonColumn<string[]>(row.account_names, []),
    account_count: Number(row.account_count),
    message_count: Number(row.message_count),
    generated_count: Number(row.generated_count),
    needs_review_count: Number(row.needs_review_count),
    approved_count: Number(row.approved_count),
    delivered_count: Number(row.delivered_count),
    delivery_failed_count: Number(row.delivery_failed_count),
    error: row.error,
    error_code: row.error_code as FlowSummary['error_code'],
    destination_integration: (row.destination_integration ?? null) as FlowSummary['destination_integration'],
    created: row.created_at,
    updated: row.updated_at,
  };
}

function toMessage(row: FlowMessageRow): FlowMessage {
  return {
    id: row.id,
    master_account_id: row.master_account_id,
    account_name: row.account_name,
    contact_id: row.contact_id,
    contact_name: row.contact_name,
    contact_title: row.contact_title,
    contact_email: row.contact_email,
    email_usable: Number(row.email_usable) === 1,
    status: row.status as FlowMessageStatus,
    review_reason: row.review_reason as FlowReviewReason | null,
    review_detail: row.review_detail,
    steps: parseJsonColumn<FlowStep[]>(row.steps, []),
    evidence: { ...EMPTY_EVIDENCE, ...parseJsonColumn<Partial<FlowEvidence>>(row.evidence, {}) },
    edited: Number(row.edited) === 1,
    delivery_error: row.delivery_error,
    version: Number(row.version),
    updated: row.updated_at,
  };
}

/**
 * The status a reviewed flow settles in from its message counts: completed once every message
 * was delivered (one sent of two, the other still to approve, is not done: it said "Completed"
 * beside "Approve all (1)"); else needing review while a message needs a person; else ready for review.
 */
function reviewStatusOf(counts: Record<FlowMessageStatus, number>): FlowStatus {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  if (counts.delivered > 0 && counts.delivered === total) return 'flow_completed';
  if (counts.needs_review > 0) return 'flow_needs_review';
  return 'flow_ready_for_review';
}

/** The oldest signal a message quotes: a year. */
const SIGNAL_QUOTED_MAX_DAYS = 365;

export function createFlowsService(deps: {
  flows: FlowsRepository;
  sources: FlowSourcesRepository;
  emailPreferences: EmailPreferencesRepository;
  preferences: ValuePreferencesRepository;
  jobs: JobsRepository;
  writer: MessageWriter;
  /** Where "Value Message Generated" is recorded when a job finishes writing a flow. */
  analytics: Pick<AnalyticsRepository, 'insertMany'>;
  /** Sales-engagement tools (issue #21); without it, sending to engagement is unavailable. */
  engagement?: EngagementDestination;
  clock?: Clock;
}) {
  const {
    flows,
    sources,
    emailPreferences,
    preferences,
    jobs,
    writer,
    analytics,
    engagement,
    clock = () => new Date(),
  } = deps;
  const nowIso = () => clock().toISOString();
  /** Whether a signal is recent enough for a message to open on it (within SIGNAL_QUOTED_MAX_DAYS). */
  const isRecent = (publishedAt: string | null) =>
    publishedAt !== null && clock().getTime() - new Date(publishedAt).getTime() <= SIGNAL_QUOTED_MAX_DAYS * DAY_MS;

  async function visibleFlow(ctx: RequestContext, flowId: string): Promise<FlowRow> {
    const flow = await flows.find(readerOf(ctx), flowId);
    if (!flow) throw flowNotFound();
    return flow;
  }

  /** A flow a person may review: written, not being written. */
  async function reviewableFlow(ctx: RequestContext, flowId: string): Promise<FlowRow> {
    const flow = await visibleFlow(ctx, flowId);
    if (flow.status === 'flow_in_progress') throw inProgress();
    if (!REVIEW_STATUSES.includes(flow.status as FlowStatus)) throw notReady();
    return flow;
  }

  /** Recounts the messages and moves a reviewed flow to the status they call for. */
  async function settle(tenantId: string, flowId: string): Promise<void> {
    const at = nowIso();
    const counts = await flows.refreshCounts(tenantId, flowId, at);
    await flows.updateFlow(tenantId, flowId, { status: reviewStatusOf(counts), updated_at: at }, REVIEW_STATUSES);
  }

  /**
   * Each account's evidence: its lead hypothesis and that hypothesis's top signal, else its newest
   * signal. A signal the team marked not relevant is never the one a message quotes: the next of
   * the hypothesis's signals is, or the next matched hypothesis's, or the newest unmarked signal.
   */
  async function evidenceFor(tenantId: string, accountIds: string[]): Promise<Map<string, AccountEvidence>> {
    const [matchRows, hypotheses, marked] = await Promise.all([
      sources.matches(tenantId, accountIds),
      preferences.publicHypotheses({ tenantId }),
      sources.markedHits(tenantId, accountIds),
    ]);
    const hypothesisById = new Map(hypotheses.map((h) => [h.id, h]));
    const leads = new Map<string, { hypothesisId: string | null; hitId: string | null; match: AccountMatch }>();
    for (const row of matchRows) {
      const match = parseJsonColumn<AccountMatch | null>(row.result, null);
      if (!match) continue;
      const usable = (hitId: string | null | undefined): hitId is string =>
        Boolean(hitId) && !marked.has(`${row.master_account_id}\n${hitId}`);
      let lead: { hypothesisId: string | null; hitId: string | null } = { hypothesisId: null, hitId: null };
      for (const [i, h] of match.hypotheses.filter((h) => h.tier !== 'none').entries()) {
        const hitId = (i === 0 ? [match.top_hit_id, ...h.hit_ids] : h.hit_ids).find(usable);
        if (hitId) {
          lead = { hypothesisId: h.hypothesis_id, hitId };
          break;
        }
      }
      if (!lead.hitId && usable(match.top_hit_id)) lead.hitId = match.top_hit_id;
      leads.set(row.master_account_id, { ...lead, match });
    }
    const markedOf = (accountId: string) =>
      [...marked].flatMap((key) => (key.startsWith(`${accountId}\n`) ? [key.slice(accountId.length + 1)] : []));
    const hits = new Map(
      (
        await sources.hits(
          tenantId,
          [...leads.values()].flatMap((l) => (l.hitId ? [l.hitId] : [])),
        )
      ).map((h) => [h.id, h]),
    );
    const out = new Map<string, AccountEvidence>();
    for (const accountId of new Set(accountIds)) {
      const lead = leads.get(accountId);
      const hypothesis = lead?.hypothesisId ? hypothesisById.get(lead.hypothesisId) : undefined;
      const hit =
        (lead?.hitId ? hits.get(lead.hitId) : undefined) ??
        (await sources.latestHit(tenantId, accountId, markedOf(accountId)));
      const spans = lead?.match.hits.find((h) => h.hit_id === hit?.id)?.spans ?? [];
      // What a posting says of the company, as Home's card quotes it; its matched passage would
      // start at the posting's opening line ("… is looking for a new Supply Chain Manager").
      const said = hit && hit.id === lead?.match.top_hit_id ? lead.match.why_now_facts?.top_hit?.said : undefined;
      const excerpt = said ?? (hit ? excerptOf(hit.text, spans).excerpt.trim() : '');
      out.set(accountId, {
        evidence: {
          hypothesis_name: hypothesis?.name ?? null,
          problem_or_goal: hypothesis?.problem_or_goal || null,
          signal_title: hit?.title ?? null,
          signal_excerpt: excerpt || null,
          signal_url: hit?.url ?? null,
          signal_source: hit?.source ?? null,
          signal_published_at: hit?.published_at ?? null,
        },
        hypothesis: hypothesis
          ? {
              name: hypothesis.name,
              problemOrGoal: hypothesis.problem_or_goal,
              productValue: hypothesis.product_value,
              roiExplanation: hypothesis.roi_explanation,
            }
          : null,
        // A signal older than a year is shown to the reviewer as evidence, but no message opens
        // on it: "Your news" about an eight-year-old story reads as a mistake to the prospect.
        signal:
          hit && isRecent(hit.published_at)
            ? {
                title: hit.title,
                excerpt,
                publishedAt: hit.published_at,
                sourceName: hit.source || null,
                type: hit.type === 'job_posting' ? 'job_posting' : 'news_article',
              }
            : null,
      });
    }
    return out;
  }

  /** The part of every message's context that is the same across a flow: sender, company, rules. */
  async function flowContext(tenantId: string, flow: FlowRow) {
    const [sender, tenantName, prefs] = await Promise.all([
      sources.sender(tenantId, flow.initiated_by),
      sources.tenantName(tenantId),
      emailPreferences.read(tenantId, flow.initiated_by),
    ]);
    return {
      tenantName,
      sender: { displayName: sender?.display_name ?? '', email: sender?.email ?? '' },
      rules: { organization: prefs.organization.rules, personal: prefs.personal.rules },
      // Personal examples when there are any, else the organization's (issue #15).
      examples: prefs.personal.example_emails.length
        ? prefs.personal.example_emails
        : prefs.organization.example_emails,
      steps: FLOW_STEP_PLANS[flow.type as FlowType].map((s) => ({ kind: s.kind, dayOffset: s.day_offset })),
    };
  }

  /** Writes one message; answers the columns to store. Never throws for a writer's failure. */
  async function writeMessage(
    message: FlowMessageRow,
    shared: Awaited<ReturnType<typeof flowContext>>,
    account: { name: string; website: string | null; industry: string | null },
    evidence: AccountEvidence,
    plan: (typeof FLOW_STEP_PLANS)[FlowType],
  ) {
    const result = await writer.write({
      ...shared,
      account,
      contact: { name: message.contact_name, title: message.contact_title },
      hypothesis: evidence.hypothesis,
      signal: evidence.signal,
    });
    const steps: FlowStep[] = result.ok
      ? result.steps.map((s, i) => ({
          step: i + 1,
          kind: plan[i]?.kind ?? 'follow_up',
          day_offset: plan[i]?.day_offset ?? 0,
          subject: s.subject,
          body: s.body,
        }))
      : [];
    const usable = Number(message.email_usable) === 1;
    const reason: FlowReviewReason | null = !result.ok ? result.reason : usable ? null : 'unusable_email';
    return {
      status: (reason ? 'needs_review' : 'generated') as FlowMessageStatus,
      review_reason: reason,
      review_detail: result.ok ? null : result.detail.slice(0, 500),
      steps: JSON.stringify(steps),
      evidence: JSON.stringify(evidence.evidence),
      edited: 0,
      updated_at: nowIso(),
    };
  }

  async function accountsById(ids: string[]) {
    const rows = await sources.accounts(ids);
    return new Map(
      rows.map((a) => [a.master_account_id, { name: a.account_name, website: a.website, industry: a.industry }]),
    );
  }

  /** The job: writes every message still pending, then settles the flow's status. */
  async function generate(tenantId: string, flowId: string): Promise<void> {
    const flow = await flows.findForJob(tenantId, flowId);
    if (!flow || !['flow_not_started', 'flow_in_progress'].includes(flow.status)) return;
    await flows.updateFlow(
      tenantId,
      flowId,
      { status: 'flow_in_progress', error: null, error_code: null, updated_at: nowIso() },
      ['flow_not_started', 'flow_in_progress'],
    );
    const pending = await flows.messages(tenantId, flowId, ['pending']);
    const accountIds = [...new Set(pending.map((m) => m.master_account_id))];
    const [shared, evidence, accounts] = await Promise.all([
      flowContext(tenantId, flow),
      evidenceFor(tenantId, accountIds),
      accountsById(accountIds),
    ]);
    const plan = FLOW_STEP_PLANS[flow.type as FlowType];
    let written = 0;
    let lastProblem: string | null = null;
    for (const message of pending) {
      const account = accounts.get(message.master_account_id) ?? {
        name: message.account_name,
        website: null,
        industry: null,
      };
      const changes = await writeMessage(
        message,
        shared,
        account,
        evidence.get(message.master_account_id) ?? { evidence: EMPTY_EVIDENCE, hypothesis: null, signal: null },
        plan,
      );
      if (changes.review_reason === 'provider_error') lastProblem = changes.review_detail;
      // Only a message still pending is written: a retry or a second worker never writes it twice.
      await flows.updateMessage(
        tenantId,
        flowId,
        message.id,
        { version: Number(message.version), fromStatuses: ['pending'] },
        changes,
      );
      written += 1;
      if (written % PROGRESS_EVERY === 0) await flows.refreshCounts(tenantId, flowId, nowIso());
    }
    const counts = await flows.refreshCounts(tenantId, flowId, nowIso());
    const all = await flows.messages(tenantId, flowId);
    const unreachable = all.length > 0 && all.every((m) => m.review_reason === 'provider_error');
    const finished = await flows.updateFlow(
      tenantId,
      flowId,
      unreachable
        ? {
            status: 'flow_failed',
            error: `The message writer could not be reached: ${lastProblem ?? 'no answer'}`,
            error_code: 'writer_unreachable',
            updated_at: nowIso(),
          }
        : { status: reviewStatusOf(counts), error: null, error_code: null, updated_at: nowIso() },
      ['flow_in_progress'],
    );
    // Only the worker that finished the flow records it, so two workers never count it twice.
    if (finished && !unreachable) await recordGenerated(tenantId, flow, all.length - counts.pending);
  }

  /**
   * "Value Message Generated" (spec section 7) for messages a job wrote: the person who started the
   * flow is its actor, as their own single regenerations are recorded by the browser.
   */
  async function recordGenerated(tenantId: string, flow: FlowRow, written: number): Promise<void> {
    if (written === 0) return;
    const sender = await sources.sender(tenantId, flow.initiated_by);
    await analytics.insertMany(tenantId, [
      {
        id: crypto.randomUUID(),
        type: 'track',
        event: 'Value Message Generated',
        properties: { flow_id: flow.id, type: flow.type, messages: written, source: 'flow' },
        user_properties: { user_id: flow.initiated_by, tenant_id: tenantId, email: sender?.email },
        timestamp: nowIso(),
      },
    ]);
  }

  async function detail(ctx: RequestContext, flowId: string): Promise<FlowDetail> {
    const flow = await visibleFlow(ctx, flowId);
    const messages = await flows.messages(ctx.tenantId, flowId);
    return { flow: toSummary(flow), messages: messages.map(toMessage) };
  }

  /** Picks each account's contacts: those named, or (a campaign) the best by target titles. */
  async function chooseContacts(ctx: RequestContext, body: ReturnType<typeof createFlowBodySchema.parse>) {
    const named = body.accounts.flatMap((a) => a.contact_ids ?? []);
    const byId = new Map((await sources.contactsByIds(named)).map((c) => [c.id, c]));
    const toPick = body.accounts.filter((a) => !a.contact_ids?.length).map((a) => a.master_account_id);
    const pool = toPick.length ? await sources.contactsOfAccounts(toPick) : [];
    const titles = toPick.length ? await preferences.listTitles(ctx) : [];
    const chosen: { accountId: string; contact: (typeof pool)[number] }[] = [];
    for (const [index, account] of body.accounts.entries()) {
      if (account.contact_ids?.length) {
        for (const [i, contactId] of account.contact_ids.entries()) {
          const contact = byId.get(contactId);
          if (!contact || contact.master_account_id !== account.master_account_id) {
            throw new HttpError(404, 'not_found', 'Contact not found', {
              fields: [
                {
                  field: `accounts.${index}.contact_ids.${i}`,
                  message: 'Contact not found',
                  reason: 'unknown_reference',
                },
              ],
            });
          }
          chosen.push({ accountId: account.master_account_id, contact });
        }
        continue;
      }
      // "Picked by your target titles": once the team has titles, a contact whose title meets none
      // is not picked (a campaign on supply chain wrote to the Director of HR); with no titles,
      // the contacts with a usable email come first.
      const ranked = rankContacts(
        pool.filter((c) => c.master_account_id === account.master_account_id),
        titles,
      )
        .filter((c) => titles.length === 0 || c.title_match !== 'none')
        .slice(0, body.contacts_per_account);
      const rows = new Map(pool.map((c) => [c.id, c]));
      for (const r of ranked) {
        const contact = rows.get(r.id);
        if (contact) chosen.push({ accountId: account.master_account_id, contact });
      }
    }
    return chosen;
  }

  async function sendToEngagement(
    ctx: RequestContext,
    flowId: string,
    integration: IntegrationType | undefined,
    sequenceId: string | undefined,
    mailboxId: string | undefined,
  ): Promise<FlowSummary> {
    if (!engagement) {
      throw new HttpError(
        400,
        'destination_unavailable',
        'Connect a sales-engagement tool in Preferences › Integrations to send there',
        {
          fields: [
            { field: 'destination', message: 'No sales-engagement tool is connected', reason: 'tool_not_connected' },
          ],
        },
      );
    }
    if (!integration) {
      throw new HttpError(400, 'destination_unavailable', 'Choose the sales-engagement tool to send to', {
        fields: [{ field: 'integration', message: 'Choose the sales-engagement tool to send to', reason: 'required' }],
      });
    }
    const flow = await reviewableFlow(ctx, flowId);
    if (SENDING.includes(flow.destination_status)) throw beingSent();
    await engagement.ready(ctx.tenantId, integration);
    const at = nowIso();
    // A retry: the messages the tool refused go again, and only they.
    await flows.moveMessages(ctx.tenantId, flowId, 'delivery_failed', {
      status: 'approved',
      delivery_error: null,
      updated_at: at,
    });
    const counts = await flows.refreshCounts(ctx.tenantId, flowId, at);
    if (counts.approved === 0) {
      throw new HttpError(409, 'nothing_approved', 'Approve at least one message before sending');
    }
    await flows.updateFlow(ctx.tenantId, flow.id, {
      destination_type: 'engagement',
      destination_integration: integration,
      destination_sequence: sequenceId ?? null,
      // The mailbox matters only with a sequence.
      destination_mailbox: sequenceId ? (mailboxId ?? null) : null,
      destination_status: 'destination_queued',
      updated_at: at,
    });
    await jobs.enqueueFor(ctx.tenantId, SEND_FLOW_TO_ENGAGEMENT, { flow_id: flowId }, { now: clock() });
    return toSummary(await visibleFlow(ctx, flowId));
  }

  /** The tool's field → the message's text for it, from the integration's field mappings. */
  function mappedFields(message: FlowMessage, mappings: Partial<Record<string, string>>): Record<string, string> {
    const sources: Record<string, string | null | undefined> = {
      value_message_subject: message.steps[0]?.subject,
      value_message_body: message.steps[0]?.body,
      step_2_subject: message.steps[1]?.subject,
      step_2_body: message.steps[1]?.body,
      step_3_subject: message.steps[2]?.subject,
      step_3_body: message.steps[2]?.body,
      value_hypothesis: message.evidence.hypothesis_name,
      why_now: message.evidence.signal_title,
    };
    const out: Record<string, string> = {};
    for (const [key, field] of Object.entries(mappings)) {
      const value = sources[key];
      if (field && value) out[field] = value;
    }
    return out;
  }

  /**
   * The send job: each approved message to the flow's tool, in the tool's batch size, each
   * recorded delivered or failed with the tool's reason. A contact is created or updated by
   * email, so a message sent twice after a crash updates the same contact, never a second one.
   */
  async function deliverToEngagement(tenantId: string, flowId: string): Promise<void> {
    const flow = await flows.findForJob(tenantId, flowId);
    if (flow?.destination_type !== 'engagement' || !flow.destination_integration || !engagement) return;
    await flows.updateFlow(tenantId, flowId, { destination_status: 'destination_in_progress', updated_at: nowIso() });
    const pending = (await flows.messages(tenantId, flowId, ['approved'])).map(toMessage);
    let tool: Awaited<ReturnType<EngagementDestination['ready']>> | null = null;
    let unavailableReason = '';
    try {
      tool = await engagement.ready(tenantId, flow.destination_integration as IntegrationType);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      unavailableReason = error.message;
    }
    /**
     * Writes a batch's outcomes, one statement per outcome (delivered, or failed for one reason),
     * in one transaction; only a message still approved, at the version that was sent, moves.
     */
    const record = (outcomes: { message: FlowMessage; ok: boolean; reason: string | null }[]) => {
      const at = nowIso();
      const groups = new Map<string, { messages: { id: string; version: number }[]; reason: string | null }>();
      for (const { message, ok, reason } of outcomes) {
        const key = ok ? '' : `failed:${reason ?? ''}`;
        const group = groups.get(key) ?? { messages: [], reason: ok ? null : reason };
        group.messages.push({ id: message.id, version: message.version });
        groups.set(key, group);
      }
      return flows.updateMessages(
        tenantId,
        flowId,
        ['approved'],
        [...groups].map(([key, { messages, reason }]) => ({
          messages,
          changes: { status: key ? 'delivery_failed' : 'delivered', delivery_error: reason, updated_at: at },
        })),
      );
    };
    if (!tool) {
      await record(pending.map((message) => ({ message, ok: false, reason: unavailableReason })));
    } else {
      for (let i = 0; i < pending.length; i += tool.batchSize) {
        const batch = pending.slice(i, i + tool.batchSize);
        const sendable = batch.filter((m) => m.contact_email && m.email_usable);
        const results = sendable.length
          ? await tool.upsert(
              sendable.map((m) => {
                const [first = '', ...last] = m.contact_name.split(/\s+/);
                return {
                  email: m.contact_email ?? '',
                  firstName: first,
                  lastName: last.join(' '),
                  title: m.contact_title,
                  fields: mappedFields(m, tool?.mappings ?? {}),
                };
              }),
            )
          : [];
        // Enrolment after the upsert, for the contacts the tool took; a failure fails that message with why.
        const enrolment = new Map<string, string | null>();
        if (flow.destination_sequence && tool.enroll) {
          const ids = results.flatMap((r) => (r.ok ? [r.vendorId] : []));
          if (ids.length)
            for (const [id, reason] of await tool.enroll(flow.destination_sequence, ids, flow.destination_mailbox))
              enrolment.set(id, reason);
        }
        const byEmail = new Map(
          results.map((r) => {
            const reason = r.ok ? enrolment.get(r.vendorId) : null;
            return [r.email.toLowerCase(), r.ok && reason ? { ...r, ok: false as const, reason } : r] as const;
          }),
        );
        await record(
          batch.map((message) => {
            if (!sendable.includes(message)) return { message, ok: false, reason: 'This contact has no usable email' };
            const result = byEmail.get((message.contact_email ?? '').toLowerCase());
            if (!result) return { message, ok: false, reason: 'No answer for this contact' };
            return { message, ok: result.ok, reason: result.ok ? null : result.reason };
          }),
        );
        await flows.refreshCounts(tenantId, flowId, nowIso());
      }
    }
    const counts = await flows.refreshCounts(tenantId, flowId, nowIso());
    await flows.updateFlow(tenantId, flowId, {
      destination_status: counts.delivery_failed > 0 ? 'destination_failed' : 'destination_completed',
      updated_at: nowIso(),
    });
    await settle(tenantId, flowId);
  }

  return {
    async create(ctx: RequestContext, input: CreateFlowBody): Promise<FlowSummary> {
      const body = createFlowBodySchema.parse(input);
      const accounts = await accountsById(body.accounts.map((a) => a.master_account_id));
      for (const [index, account] of body.accounts.entries()) {
        if (!accounts.has(account.master_account_id)) {
          throw new HttpError(404, 'not_found', 'Account not found', {
            fields: [
              {
                field: `accounts.${index}.master_account_id`,
                message: 'Account not found',
                reason: 'unknown_reference',
              },
            ],
          });
        }
      }
      const chosen = await chooseContacts(ctx, body);
      // A contact named twice is written to once.
      const seen = new Set<string>();
      const unique = chosen.filter((c) => !seen.has(c.contact.id) && seen.add(c.contact.id));
      if (unique.length === 0)
        throw invalidField('accounts', 'None of these accounts has a contact to write to', 'no_contact');
      if (unique.length > FLOW_MESSAGES_MAX) {
        throw invalidField(
          'accounts',
          `A flow writes to at most ${FLOW_MESSAGES_MAX} contacts`,
          'too_many_items',
          FLOW_MESSAGES_MAX,
        );
      }
      const at = nowIso();
      const id = crypto.randomUUID();
      const messages: NewFlowMessage[] = unique.map(({ accountId, contact }, position) => ({
        id: crypto.randomUUID(),
        position,
        master_account_id: accountId,
        account_name: accounts.get(accountId)?.name ?? '',
        contact_id: contact.id,
        contact_name: `${contact.first_name} ${contact.last_name}`.trim(),
        contact_title: contact.title,
        contact_email: contact.email,
        email_usable: isEmailUsable(contact.email, contact.email_status) ? 1 : 0,
        status: 'pending',
        review_reason: null,
        review_detail: null,
        steps: '[]',
        evidence: JSON.stringify(EMPTY_EVIDENCE),
        edited: 0,
        delivery_error: null,
        version: 0,
        created_at: at,
        updated_at: at,
      }));
      const accountIds = [...new Set(unique.map((c) => c.accountId))];
      await flows.insert(
        ctx.tenantId,
        {
          id,
          type: body.type,
          status: 'flow_not_started',
          destination_type: null,
          destination_status: null,
          initiated_by: ctx.uid,
          initiated_from: body.initiated_from,
          account_names: JSON.stringify(
            accountIds.slice(0, ACCOUNT_NAMES_SHOWN).map((a) => accounts.get(a)?.name ?? ''),
          ),
          account_count: accountIds.length,
          message_count: messages.length,
          generated_count: 0,
          needs_review_count: 0,
          approved_count: 0,
          delivered_count: 0,
          delivery_failed_count: 0,
          error: null,
          error_code: null,
          created_at: at,
          updated_at: at,
          via_uid: ctx.impersonator?.uid ?? null,
        },
        messages,
      );
      await jobs.enqueueFor(ctx.tenantId, GENERATE_FLOW, { flow_id: id }, { now: clock() });
      return toSummary(await visibleFlow(ctx, id));
    },

    async list(
      ctx: RequestContext,
      query: { status?: FlowStatus; type?: FlowType; include_older?: 'true' | 'false'; contact_ids?: string[] },
    ): Promise<{ flows: FlowSummary[]; hidden_older_count: number }> {
      const createdSince =
        query.include_older === 'true'
          ? null
          : new Date(clock().getTime() - FLOWS_HIDDEN_AFTER_DAYS * DAY_MS).toISOString();
      const { rows, olderCount } = await flows.list(readerOf(ctx), {
        ...(query.status ? { status: query.status } : {}),
        ...(query.type ? { type: query.type } : {}),
        ...(query.contact_ids ? { contactIds: query.contact_ids } : {}),
        createdSince,
        limit: FLOWS_LIST_LIMIT,
      });
      return { flows: rows.map(toSummary), hidden_older_count: olderCount };
    },

    get: detail,

    async remove(ctx: RequestContext, flowId: string): Promise<void> {
      const flow = await visibleFlow(ctx, flowId);
      if (flow.status === 'flow_in_progress') throw inProgress();
      if (!(await flows.remove(ctx.tenantId, flowId, NOT_IN_PROGRESS))) throw inProgress();
    },

    /**
     * Takes one contact's message out of the flow (one that cannot be sent, an email not usable, or
     * one the rep does not want to send): what is left can then be completed. A delivered message
     * stays, as does a flow's last one (the flow is deleted instead); the flow's counts and the
     * accounts it names follow.
     */
    async removeMessage(ctx: RequestContext, flowId: string, messageId: string): Promise<void> {
      const flow = await reviewableFlow(ctx, flowId);
      if (SENDING.includes(flow.destination_status)) throw beingSent();
      const messages = await flows.messages(ctx.tenantId, flowId);
      const message = messages.find((m) => m.id === messageId);
      if (!message) throw notFound('Message not found');
      if (message.status === 'delivered') {
        throw refusal(409, 'conflict', 'message_delivered', 'A delivered message can no longer be changed');
      }
      if (messages.length === 1) {
        throw refusal(409, 'conflict', 'last_message', "This is the flow's only message: delete the flow instead");
      }
      const removable: FlowMessageStatus[] = ['generated', 'needs_review', 'approved', 'delivery_failed'];
      if (!(await flows.removeMessage(ctx.tenantId, flowId, messageId, removable))) throw versionConflict();
      const left = messages.filter((m) => m.id !== messageId);
      const accountNames = [...new Map(left.map((m) => [m.master_account_id, m.account_name])).values()];
      await flows.updateFlow(ctx.tenantId, flowId, {
        account_names: JSON.stringify(accountNames.slice(0, ACCOUNT_NAMES_SHOWN)),
        account_count: accountNames.length,
        message_count: left.length,
        updated_at: nowIso(),
      });
      await settle(ctx.tenantId, flowId);
    },

    /** An edit, an approval (or its withdrawal), or both, at the version the editor read. */
    async updateMessage(
      ctx: RequestContext,
      flowId: string,
      messageId: string,
      body: UpdateFlowMessageBody,
    ): Promise<FlowMessage> {
      await reviewableFlow(ctx, flowId);
      const message = await flows.message(ctx.tenantId, flowId, messageId);
      if (!message) throw notFound('Message not found');
      if (Number(message.version) !== body.version) throw versionConflict();
      if (message.status === 'delivered') {
        throw refusal(409, 'conflict', 'message_delivered', 'A delivered message can no longer be changed');
      }
      let steps = parseJsonColumn<FlowStep[]>(message.steps, []);
      let status = message.status as FlowMessageStatus;
      let reason = message.review_reason as FlowReviewReason | null;
      let detail = message.review_detail;
      const changes: Record<string, unknown> = {};
      if (body.steps) {
        const plan = FLOW_STEP_PLANS[(await visibleFlow(ctx, flowId)).type as FlowType];
        if (body.steps.length !== plan.length) {
          throw invalidField(
            'steps',
            `must hold ${plan.length} step${plan.length === 1 ? '' : 's'}`,
            'wrong_step_count',
            plan.length,
          );
        }
        steps = body.steps.map((s, i) => ({
          step: i + 1,
          kind: plan[i]?.kind ?? 'follow_up',
          day_offset: plan[i]?.day_offset ?? 0,
          subject: s.subject,
          body: s.body,
        }));
        changes.steps = JSON.stringify(steps);
        changes.edited = 1;
        // What was approved is not what is now written: it is approved again, by whoever reads it.
        if (status === 'approved' && body.approved !== true) status = 'generated';
        // A person wrote it: what the writer could not do no longer stands in the way.
        if (status === 'needs_review' && reason !== 'unusable_email') {
          status = 'generated';
          reason = null;
          detail = null;
        }
      }
      if (body.approved === true) {
        if (Number(message.email_usable) !== 1) {
          throw invalidField(
            'approved',
            "This contact's email is unusable, so the message cannot be sent",
            'unusable_email',
          );
        }
        if (status === 'needs_review' || steps.length === 0) {
          throw invalidField('approved', 'Write this message before approving it', 'not_written');
        }
        status = 'approved';
      } else if (body.approved === false && status === 'approved') {
        status = 'generated';
      }
      const updated = await flows.updateMessage(
        ctx.tenantId,
        flowId,
        messageId,
        { version: body.version, fromStatuses: ['generated', 'needs_review', 'approved', 'delivery_failed'] },
        { ...changes, status, review_reason: reason, review_detail: detail, updated_at: nowIso() },
      );
      if (!updated) throw versionConflict();
      await settle(ctx.tenantId, flowId);
      const after = await flows.message(ctx.tenantId, flowId, messageId);
      if (!after) throw notFound('Message not found');
      return toMessage(after);
    },

    /** Writes one message again from its evidence; its edits are overwritten. */
    async regenerate(ctx: RequestContext, flowId: string, messageId: string): Promise<FlowMessage> {
      const flow = await reviewableFlow(ctx, flowId);
      const message = await flows.message(ctx.tenantId, flowId, messageId);
      if (!message) throw notFound('Message not found');
      if (message.status === 'delivered') {
        throw refusal(409, 'conflict', 'message_delivered', 'A delivered message can no longer be changed');
      }
      const [shared, evidence, accounts] = await Promise.all([
        flowContext(ctx.tenantId, flow),
        evidenceFor(ctx.tenantId, [message.master_account_id]),
        accountsById([message.master_account_id]),
      ]);
      const changes = await writeMessage(
        message,
        shared,
        accounts.get(message.master_account_id) ?? { name: message.account_name, website: null, industry: null },
        evidence.get(message.master_account_id) ?? { evidence: EMPTY_EVIDENCE, hypothesis: null, signal: null },
        FLOW_STEP_PLANS[flow.type as FlowType],
      );
      const updated = await flows.updateMessage(
        ctx.tenantId,
        flowId,
        messageId,
        {
          version: Number(message.version),
          fromStatuses: ['generated', 'needs_review', 'approved', 'delivery_failed'],
        },
        changes,
      );
      if (!updated) throw versionConflict();
      await settle(ctx.tenantId, flowId);
      const after = await flows.message(ctx.tenantId, flowId, messageId);
      if (!after) throw notFound('Message not found');
      return toMessage(after);
    },

    async approveAll(ctx: RequestContext, flowId: string): Promise<FlowDetail> {
      await reviewableFlow(ctx, flowId);
      await flows.moveMessages(ctx.tenantId, flowId, 'generated', { status: 'approved', updated_at: nowIso() });
      await settle(ctx.tenantId, flowId);
      return detail(ctx, flowId);
    },

    /**
     * Writes the whole flow again (spec section 4: retry overwrites edits). Not once a message was
     * delivered: writing it again would erase the record that it went out, and approving and
     * sending it again would reach the same person twice.
     */
    async retry(ctx: RequestContext, flowId: string): Promise<FlowSummary> {
      const flow = await visibleFlow(ctx, flowId);
      if (flow.status === 'flow_in_progress') throw inProgress();
      if (Number(flow.delivered_count) > 0) {
        throw refusal(
          409,
          'conflict',
          'flow_delivered',
          'Messages of this flow were already sent, so it cannot be written again: create a new flow for these contacts',
        );
      }
      const at = nowIso();
      const moved = await flows.updateFlow(
        ctx.tenantId,
        flowId,
        {
          status: 'flow_not_started',
          destination_type: null,
          destination_status: null,
          error: null,
          error_code: null,
          updated_at: at,
        },
        NOT_IN_PROGRESS,
      );
      if (!moved) throw inProgress();
      await flows.resetMessages(ctx.tenantId, flowId, at);
      await flows.refreshCounts(ctx.tenantId, flowId, at);
      await jobs.enqueueFor(ctx.tenantId, GENERATE_FLOW, { flow_id: flowId }, { now: clock() });
      return toSummary(await visibleFlow(ctx, flowId));
    },

    /**
     * Sends the approved messages to a destination. A download delivers them at once: they are the
     * CSV that GET …/download answers. Engagement queues a job that sends each approved message to
     * the chosen tool; sending again after a partial failure sends only the messages that failed.
     * Each message moves from approved to delivered once.
     */
    async send(
      ctx: RequestContext,
      flowId: string,
      destination: DestinationType,
      integration?: IntegrationType,
      sequenceId?: string,
      mailboxId?: string,
    ): Promise<FlowSummary> {
      if (destination === 'engagement') return sendToEngagement(ctx, flowId, integration, sequenceId, mailboxId);
      const flow = await reviewableFlow(ctx, flowId);
      if (SENDING.includes(flow.destination_status)) throw beingSent();
      if (Number(flow.approved_count) === 0) {
        throw new HttpError(409, 'nothing_approved', 'Approve at least one message before sending');
      }
      const at = nowIso();
      await flows.updateFlow(ctx.tenantId, flowId, {
        destination_type: destination,
        destination_integration: null,
        destination_sequence: null,
        destination_mailbox: null,
        destination_status: 'destination_in_progress',
        updated_at: at,
      });
      await flows.moveMessages(ctx.tenantId, flowId, 'approved', {
        status: 'delivered',
        delivery_error: null,
        updated_at: at,
      });
      await flows.updateFlow(ctx.tenantId, flowId, { destination_status: 'destination_completed', updated_at: at });
      await settle(ctx.tenantId, flowId);
      return toSummary(await visibleFlow(ctx, flowId));
    },

    /**
     * The delivered messages as CSV: account, contact, email, title, then each step's day, subject
     * and body, the column names in the reader's `language`.
     */
    async download(
      ctx: RequestContext,
      flowId: string,
      language: Language = 'en',
    ): Promise<{ filename: string; csv: string }> {
      const flow = await visibleFlow(ctx, flowId);
      const plan = FLOW_STEP_PLANS[flow.type as FlowType];
      const messages = (await flows.messages(ctx.tenantId, flowId, ['delivered'])).map(toMessage);
      const header = flowCsvHeader(language, plan.length);
      const rows = messages.map((m) => [
        m.account_name,
        m.contact_name,
        m.contact_email,
        m.contact_title,
        ...plan.flatMap((p, i) => [p.day_offset, m.steps[i]?.subject ?? '', m.steps[i]?.body ?? '']),
      ]);
      return {
        filename: `quarry-flow-${flow.created_at.slice(0, 10)}-${flow.id.slice(0, 8)}.csv`,
        csv: toCsv([header, ...rows]),
      };
    },

    /** The job handler: on its last attempt, a flow that cannot be written is marked failed, with why. */
    async runJob(job: Job): Promise<void> {
      const { flow_id: flowId } = parseJsonColumn<{ flow_id?: string }>(job.payload, {});
      if (!flowId) return;
      try {
        await generate(job.tenant_id, flowId);
      } catch (error) {
        if (job.attempts >= job.max_attempts) {
          await flows.updateFlow(
            job.tenant_id,
            flowId,
            {
              status: 'flow_failed',
              error: 'Quarry could not write this flow’s messages',
              error_code: 'generation_failed',
              updated_at: nowIso(),
            },
            ['flow_not_started', 'flow_in_progress'],
          );
        }
        throw error;
      }
    },

    generate,
    deliverToEngagement,

    /** The send job's handler; a message the tool has not answered for stays approved for the next attempt. */
    async runSendJob(job: Job): Promise<void> {
      const { flow_id: flowId } = parseJsonColumn<{ flow_id?: string }>(job.payload, {});
      if (!flowId) return;
      try {
        await deliverToEngagement(job.tenant_id, flowId);
      } catch (error) {
        // The last attempt: what was not sent is failed with why, so the flow can be sent again.
        if (job.attempts >= job.max_attempts) {
          const at = nowIso();
          await flows.moveMessages(job.tenant_id, flowId, 'approved', {
            status: 'delivery_failed',
            delivery_error: 'Quarry could not finish sending this message',
            updated_at: at,
          });
          await flows.refreshCounts(job.tenant_id, flowId, at);
          await flows.updateFlow(job.tenant_id, flowId, { destination_status: 'destination_failed', updated_at: at });
          await settle(job.tenant_id, flowId);
        }
        throw error;
      }
    },
  };
}

export type FlowsService = ReturnType<typeof createFlowsService>;
