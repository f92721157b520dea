import { z } from 'zod';
import { INTEGRATION_TYPES } from './integrations.ts';
import { aiEmailPreferencesSchema } from './users.ts';

/** Spec section 3: flow (action) types; value_message_sequence is shown as "Quick Prospect". */
export const FLOW_TYPES = ['value_message_sequence', 'syft_value_match_campaign', 'create_value_message'] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

/** Spec section 3: destination types. Engagement arrives with the integrations (issue #21). */
export const DESTINATION_TYPES = ['engagement', 'download'] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

/** Spec section 4: the flow-prefixed statuses a flow is in. */
export const FLOW_STATUSES = [
  'flow_not_started',
  'flow_in_progress',
  'flow_needs_review',
  'flow_ready_for_review',
  'flow_failed',
  'flow_completed',
] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/** Spec section 4: destination statuses, plus the spec's sending_to_destination and unknown_status. */
export const DESTINATION_STATUSES = [
  'destination_queued',
  'sending_to_destination',
  'destination_in_progress',
  'destination_completed',
  'destination_failed',
  'unknown_status',
] as const;
export type DestinationStatus = (typeof DESTINATION_STATUSES)[number];

/** Spec section 4: the sets the UI and the rules are written in. */
export const FINISHED_FLOW_STATUSES = ['flow_completed', 'destination_completed'] as const;
export const ACTIVE_FLOW_STATUSES = ['flow_in_progress', 'flow_not_started'] as const;
export const IN_PROGRESS_FLOW_STATUSES = ['flow_in_progress'] as const;
/** A flow opens only when ready for review (needing a person's review is a kind of it) or completed. */
export const OPENABLE_FLOW_STATUSES = ['flow_ready_for_review', 'flow_needs_review', 'flow_completed'] as const;

export function isFlowInProgress(status: FlowStatus): boolean {
  return (IN_PROGRESS_FLOW_STATUSES as readonly string[]).includes(status);
}
export function isFlowOpenable(status: FlowStatus): boolean {
  return (OPENABLE_FLOW_STATUSES as readonly string[]).includes(status);
}

/** Each step of a flow type: its kind and the day it goes out, counted from the first. */
export const FLOW_STEP_PLANS: Record<FlowType, readonly { kind: FlowStepKind; day_offset: number }[]> = {
  create_value_message: [{ kind: 'first_touch', day_offset: 0 }],
  value_message_sequence: [
    { kind: 'first_touch', day_offset: 0 },
    { kind: 'follow_up', day_offset: 3 },
    { kind: 'break_up', day_offset: 7 },
  ],
  syft_value_match_campaign: [
    { kind: 'first_touch', day_offset: 0 },
    { kind: 'follow_up', day_offset: 4 },
  ],
};
export const FLOW_STEP_KINDS = ['first_touch', 'follow_up', 'break_up'] as const;
export type FlowStepKind = (typeof FLOW_STEP_KINDS)[number];

/**
 * One message of a flow: one contact's steps. pending → generated or needs_review (a person must
 * look: unusable email, provider refusal, output that failed validation) → approved → delivered or
 * delivery_failed.
 */
export const FLOW_MESSAGE_STATUSES = [
  'pending',
  'generated',
  'needs_review',
  'approved',
  'delivered',
  'delivery_failed',
] as const;
export type FlowMessageStatus = (typeof FLOW_MESSAGE_STATUSES)[number];

export const FLOW_REVIEW_REASONS = ['unusable_email', 'provider_refused', 'invalid_output', 'provider_error'] as const;
export type FlowReviewReason = (typeof FLOW_REVIEW_REASONS)[number];

export const FLOW_ERROR_CODES = ['writer_unreachable', 'generation_failed'] as const;
export type FlowErrorCode = (typeof FLOW_ERROR_CODES)[number];

export const FLOW_SUBJECT_MAX = 200;
export const FLOW_BODY_MAX = 5000;
/** At most this many accounts and messages (contacts) in one flow. */
export const FLOW_ACCOUNTS_MAX = 500;
export const FLOW_MESSAGES_MAX = 1000;
/** A Value Match campaign picks at most this many contacts per account (default 2). */
export const FLOW_CONTACTS_PER_ACCOUNT_MAX = 5;
export const FLOW_CONTACTS_PER_ACCOUNT_DEFAULT = 2;

const id = z.string().trim().min(1).max(200);

export const flowStepSchema = z.object({
  step: z.number().int().min(1),
  kind: z.enum(FLOW_STEP_KINDS),
  day_offset: z.number().int().min(0),
  subject: z.string(),
  body: z.string(),
});
export type FlowStep = z.output<typeof flowStepSchema>;

/** What a message was written from, shown beside it. Plain text: never rendered as HTML. */
export const flowEvidenceSchema = z.object({
  hypothesis_name: z.string().nullable(),
  problem_or_goal: z.string().nullable(),
  signal_title: z.string().nullable(),
  signal_excerpt: z.string().nullable(),
  signal_url: z.string().nullable(),
  signal_source: z.string().nullable(),
  signal_published_at: z.string().nullable(),
});
export type FlowEvidence = z.output<typeof flowEvidenceSchema>;

export const flowMessageSchema = z.object({
  id,
  master_account_id: id,
  account_name: z.string(),
  contact_id: id,
  contact_name: z.string(),
  contact_title: z.string().nullable(),
  contact_email: z.string().nullable(),
  email_usable: z.boolean(),
  status: z.enum(FLOW_MESSAGE_STATUSES),
  review_reason: z.enum(FLOW_REVIEW_REASONS).nullable(),
  /** The provider's or validator's words, for a person to read; null when there is nothing to say. */
  review_detail: z.string().nullable(),
  steps: z.array(flowStepSchema),
  evidence: flowEvidenceSchema,
  edited: z.boolean(),
  delivery_error: z.string().nullable(),
  version: z.number().int(),
  updated: z.string(),
});
export type FlowMessage = z.output<typeof flowMessageSchema>;

export const flowSummarySchema = z.object({
  id,
  type: z.enum(FLOW_TYPES),
  status: z.enum(FLOW_STATUSES),
  destination_type: z.enum(DESTINATION_TYPES).nullable(),
  destination_status: z.enum(DESTINATION_STATUSES).nullable(),
  initiated_by: z.object({ uid: z.string(), display_name: z.string() }),
  /** Started by the support account while it impersonated initiated_by: shown as "via Support". */
  initiated_via_support: z.boolean(),
  initiated_from: z.string(),
  /** The first few account names, for the row; account_count says how many in all. */
  account_names: z.array(z.string()),
  account_count: z.number().int(),
  message_count: z.number().int(),
  /** Messages written so far (generated, needing review, approved, delivered or failed to deliver). */
  generated_count: z.number().int(),
  needs_review_count: z.number().int(),
  approved_count: z.number().int(),
  delivered_count: z.number().int(),
  delivery_failed_count: z.number().int(),
  /** Why the flow failed, in English with the provider's own words; null otherwise. */
  error: z.string().nullable(),
  /** The same as a code a page translates: the writer could not be reached, or the job gave up. */
  error_code: z.enum(FLOW_ERROR_CODES).nullable(),
  /** The tool an engagement send went to; null for a download or before sending. */
  destination_integration: z.enum(INTEGRATION_TYPES).nullable(),
  created: z.string(),
  updated: z.string(),
});
export type FlowSummary = z.output<typeof flowSummarySchema>;

export const flowDetailSchema = z.object({ flow: flowSummarySchema, messages: z.array(flowMessageSchema) });
export type FlowDetail = z.output<typeof flowDetailSchema>;

export const flowIdParamsSchema = z.object({ flowId: id });
export const flowMessageParamsSchema = z.object({ flowId: id, messageId: id });

export const listFlowsQuerySchema = z.object({
  status: z.enum(FLOW_STATUSES).optional(),
  type: z.enum(FLOW_TYPES).optional(),
  /** Flows older than FLOWS_HIDDEN_AFTER_DAYS (constants.ts) are left out unless this is 'true'. */
  include_older: z.enum(['true', 'false']).optional(),
  /** Only flows writing to one of these contacts (comma-separated ids): who is already being written to. */
  contact_ids: z
    .string()
    .trim()
    .min(1)
    .transform((v) => v.split(',').map((c) => c.trim()))
    .pipe(z.array(id).min(1).max(FLOW_MESSAGES_MAX))
    .optional(),
});

export const createFlowBodySchema = z
  .object({
    type: z.enum(FLOW_TYPES),
    /** The path the flow was started from, e.g. /valueMatch/{id} or /lists/{id}. */
    initiated_from: z.string().trim().min(1).max(500),
    /** Per account, the contacts to write to; without contact_ids a campaign picks them by target titles. */
    accounts: z
      .array(z.object({ master_account_id: id, contact_ids: z.array(id).max(FLOW_MESSAGES_MAX).optional() }))
      .min(1)
      .max(FLOW_ACCOUNTS_MAX),
    contacts_per_account: z
      .number()
      .int()
      .min(1)
      .max(FLOW_CONTACTS_PER_ACCOUNT_MAX)
      .default(FLOW_CONTACTS_PER_ACCOUNT_DEFAULT),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'syft_value_match_campaign') return;
    body.accounts.forEach((account, index) => {
      if (!account.contact_ids?.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['accounts', index, 'contact_ids'],
          message: 'Choose at least one contact',
        });
      }
    });
  });
export type CreateFlowBody = z.input<typeof createFlowBodySchema>;

/** An edit (new step texts), an approval, or both; `version` is the one the editor read (409 if stale). */
export const updateFlowMessageBodySchema = z.object({
  version: z.number().int().min(0),
  steps: z
    .array(
      z.object({
        subject: z.string().trim().min(1).max(FLOW_SUBJECT_MAX),
        body: z.string().trim().min(1).max(FLOW_BODY_MAX),
      }),
    )
    .min(1)
    .optional(),
  approved: z.boolean().optional(),
});
export type UpdateFlowMessageBody = z.input<typeof updateFlowMessageBodySchema>;

/** Engagement names the connected tool to send to (issue #21); download needs nothing else. */
export const sendFlowBodySchema = z.object({
  destination: z.enum(DESTINATION_TYPES),
  integration: z.enum(INTEGRATION_TYPES).optional(),
  /** A sequence (cadence) of that tool to enrol each contact in, where Quarry can. */
  sequence_id: z.string().trim().min(1).max(64).optional(),
  /** Where that sequence sends from, where the tool needs one named (Outreach mailbox, Apollo email account, HubSpot sender). */
  mailbox_id: z.string().trim().min(1).max(64).optional(),
});
export type SendFlowBody = z.input<typeof sendFlowBodySchema>;

export const emailPreferencesSchema = z.object({
  personal: aiEmailPreferencesSchema,
  organization: aiEmailPreferencesSchema,
  /** Only admins change the organization's rules (spec section 6). */
  can_edit_organization: z.boolean(),
});
export type EmailPreferences = z.output<typeof emailPreferencesSchema>;

export const EMAIL_PREFERENCE_SCOPES = ['personal', 'organization'] as const;
export type EmailPreferenceScope = (typeof EMAIL_PREFERENCE_SCOPES)[number];
export const emailPreferenceScopeParamsSchema = z.object({ scope: z.enum(EMAIL_PREFERENCE_SCOPES) });
