import { z } from 'zod';

/** Live signals (issue #18): what a signal source reads. */
export const SIGNAL_SOURCE_KINDS = ['feed', 'greenhouse', 'lever', 'ashby', 'sec'] as const;
export type SignalSourceKind = (typeof SIGNAL_SOURCE_KINDS)[number];

/** A source is fetched (active), waits for its admin (paused), or keeps failing and is retried less often (failing). */
export const SIGNAL_SOURCE_STATUSES = ['active', 'paused', 'failing'] as const;
export type SignalSourceStatus = (typeof SIGNAL_SOURCE_STATUSES)[number];

/**
 * Failed reads in a row after which a source is marked failing; before that it stays active,
 * shown as retrying with its last error. Issue #18 says only "fails repeatedly" and the spec
 * names no number: 3 is our choice.
 */
export const SIGNAL_SOURCE_FAILING_AFTER = 3;

export const SIGNAL_SOURCE_URL_MAX_LENGTH = 2000;
export const SIGNAL_SOURCE_NAME_MAX_LENGTH = 200;
export const SIGNAL_BOARD_TOKEN_MAX_LENGTH = 100;

/**
 * Why a source failed, or why discovery found nothing, as a code and its parameters: the web says
 * it in the reader's language (`signals.reasons.<code>`); the English text stays beside it.
 */
export const SIGNAL_REASON_CODES = [
  'robots_disallowed',
  'address_refused',
  'http_status',
  'redirect_without_location',
  'too_large',
  'timed_out',
  'network_error',
  'host_not_found',
  'connection_refused',
  'too_many_redirects',
  'not_xml',
  'not_feed',
  'not_sec_feed',
  'not_json',
  'not_job_board',
  'failed',
  'no_website',
  'home_page_unreadable',
  'home_page_no_answer',
  'no_feed_found',
  'sec_not_looked_for',
  'sec_list_unreadable',
  'sec_name_ambiguous',
  'sec_name_unknown',
  'sec_address_refused',
] as const;
export type SignalReasonCode = (typeof SIGNAL_REASON_CODES)[number];
export const signalReasonSchema = z.object({
  code: z.enum(SIGNAL_REASON_CODES),
  /** Names, numbers and technical words the text shows as they are (a host, an HTTP status, a limit). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type SignalReason = z.infer<typeof signalReasonSchema>;

export const signalSourceSchema = z.object({
  id: z.string(),
  kind: z.enum(SIGNAL_SOURCE_KINDS),
  url: z.string(),
  board_token: z.string().nullable(),
  name: z.string(),
  master_account_id: z.string().nullable(),
  account_name: z.string().nullable(),
  status: z.enum(SIGNAL_SOURCE_STATUSES),
  discovered: z.boolean(),
  next_fetch_at: z.string(),
  last_fetch_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_reason: signalReasonSchema.nullable(),
  failure_count: z.number().int(),
  fetch_count: z.number().int(),
  not_modified_count: z.number().int(),
  items_found: z.number().int(),
  last_items_found: z.number().int(),
  created_at: z.string(),
});
export type SignalSource = z.infer<typeof signalSourceSchema>;

/** Whether a sweep of the tenant's sources is waiting or running, and how many sources are still to read. */
export const signalSweepStateSchema = z.object({
  state: z.enum(['idle', 'queued', 'running']),
  due: z.number().int(),
});
export type SignalSweepState = z.output<typeof signalSweepStateSchema>;

/**
 * Whether automatic discovery is waiting or running, and what it found so far: how many accounts'
 * websites it looked at, how many of them gave a source, and how many could not be read.
 */
export const signalDiscoveryStateSchema = z.object({
  state: z.enum(['idle', 'queued', 'running']),
  accounts_checked: z.number().int(),
  accounts_with_sources: z.number().int(),
  sources_found: z.number().int(),
  /** Of them, websites whose home page could not be read or did not answer. */
  accounts_unreadable: z.number().int(),
});
export type SignalDiscoveryState = z.output<typeof signalDiscoveryStateSchema>;

export const signalSourceListSchema = z.object({
  sources: z.array(signalSourceSchema),
  sweep: signalSweepStateSchema,
  discovery: signalDiscoveryStateSchema,
});

/**
 * A source an admin adds: a feed or SEC filings feed by its URL; a job board by its board name
 * (token) or its API URL. Bound to an account, its items are that account's signals; unbound (a
 * general news feed), its items go to the accounts they name.
 */
export const createSignalSourceBodySchema = z
  .object({
    kind: z.enum(SIGNAL_SOURCE_KINDS),
    url: z.string().trim().max(SIGNAL_SOURCE_URL_MAX_LENGTH).optional(),
    board_token: z
      .string()
      .trim()
      .max(SIGNAL_BOARD_TOKEN_MAX_LENGTH)
      .regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, dots, dashes and underscores only')
      .optional(),
    name: z.string().trim().max(SIGNAL_SOURCE_NAME_MAX_LENGTH).optional(),
    master_account_id: z.string().max(64).optional(),
  })
  .strict();
export type CreateSignalSourceBody = z.infer<typeof createSignalSourceBodySchema>;

export const updateSignalSourceBodySchema = z.object({ status: z.enum(['active', 'paused']) }).strict();

export const signalSourceParamsSchema = z.object({ sourceId: z.string().min(1).max(64) });

export const discoverSignalSourcesBodySchema = z.object({ master_account_id: z.string().min(1).max(64) }).strict();

export const discoverSignalSourcesResultSchema = z.object({
  added: z.array(signalSourceSchema),
  /** Why nothing was found, when nothing was ("no website", "the home page announces no feed", a fetch error). */
  reason: z.string().nullable(),
  /** The same, each as a code and its parameters (empty when something was found). */
  reasons: z.array(signalReasonSchema),
});

export const sweepSignalSourcesResultSchema = z.object({ queued: z.boolean() });

/**
 * Discovery asked for: whether it was queued, and whether the company has any account in a
 * territory or a list to look at (without one, nothing is queued and the admin is told why).
 */
export const discoverAllSignalSourcesResultSchema = z.object({ queued: z.boolean(), has_accounts: z.boolean() });
export type DiscoverAllSignalSourcesResult = z.output<typeof discoverAllSignalSourcesResultSchema>;
