import type { ColumnType, Generated } from 'kysely';

/** Booleans are stored as 0/1 on both engines so one query layer serves both. */
type Flag = number;
/** Timestamps are ISO-8601 UTC strings on both engines; they sort and slice the same way. */
type Timestamp = string;

export type TenantsTable = {
  id: string;
  name: string;
  created_at: Timestamp;
};

export type UsersTable = {
  uid: string;
  email: string;
  display_name: string;
  company: string;
  is_admin: Flag;
  is_manager: Flag;
  /** JSON: { ai_email_preferences: { rules, example_emails }, language?, theme? } */
  preferences: string;
  last_login_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type CompanyConfigurationsTable = {
  tenant_id: string;
  master_tenant_id: string;
  /** JSON: { ai_email_preferences } */
  tenant_preferences: string;
  /** JSON: [{ type, field_mappings }] */
  integrations: string;
  updated_at: Timestamp;
};

export type LoginAttemptsTable = {
  id: Generated<number>;
  email: string;
  ip: string;
  succeeded: Flag;
  created_at: Timestamp;
};

/** A request budget's window, shared by every server process (rate-limit-store.ts). */
export type RateLimitCountersTable = {
  key: string;
  hits: number;
  /** Milliseconds since 1970; bigint, so PostgreSQL answers it as a string. */
  window_ends_at: number | string;
};

export type AnalyticsEventsTable = {
  tenant_id: string;
  id: string;
  user_id: string;
  email: string;
  type: string;
  event: string;
  name: string | null;
  properties: string;
  user_properties: string;
  occurred_at: Timestamp;
  received_at: ColumnType<Timestamp, Timestamp, never>;
};

/** One user's activity on one UTC day, kept by a trigger on analytics_events (migration 008). */
export type AnalyticsUserDaysTable = {
  tenant_id: string;
  day: string;
  user_id: string;
  email: string;
  events: number;
  sign_ins: number;
  last_sign_in_at: Timestamp | null;
};

/** One user's activity in one week (Monday first); bit i of days_mask: active on the week's day i. */
export type AnalyticsUserWeeksTable = {
  tenant_id: string;
  week: string;
  days_mask: number;
  user_id: string;
  email: string;
  events: number;
  sign_ins: number;
  last_sign_in_at: Timestamp | null;
};

/** How often one named event (track) or one page (page view) happened on one UTC day, per tenant. */
export type AnalyticsEventDaysTable = {
  tenant_id: string;
  day: string;
  type: string;
  name: string;
  events: number;
};

export type MailOutboxTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Timestamp;
};

/** Names a company is known by besides its own ("Google" for Alphabet), keyed by their compact form. */
export type AccountAliasesTable = {
  /** compactText(alias): lower case, without spaces, hyphens, dots, apostrophes or "&". */
  alias_key: string;
  master_account_id: string;
  alias: string;
};

export type MasterAccountsTable = {
  master_account_id: string;
  account_name: string;
  website: string | null;
  /** The registrable domain of the website (registrableDomain, tldts): uploads match known companies by it. */
  website_domain: string | null;
  logo_url: string | null;
  industry: string | null;
  sector: string | null;
  employees: number | null;
  /** US dollars. */
  revenue: number | string | null;
  location: string | null;
  description: string | null;
  /** JSON (accountSummaryFactsSchema) of the summary Quarry wrote as description; null for any other. */
  summary_facts: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /**
   * Newest published_at of the account's reference master_hits (owner_tenant_id null), kept by
   * database triggers: never written by code. A tenant's own newer signal is in account_signal_latest.
   */
  latest_signal_at: string | null;
  /** Set on an account made by an upload from an unknown domain: only that tenant sees it. */
  owner_tenant_id: string | null;
  added_by_upload_id: string | null;
};

export type MasterContactsTable = {
  id: string;
  external_contact_id: string | null;
  master_account_id: string;
  first_name: string;
  last_name: string;
  title: string | null;
  seniority: string | null;
  department: string | null;
  email: string | null;
  email_status: string | null;
  linkedin_url: string | null;
};

export type MasterHitsTable = {
  id: string;
  master_account_id: string;
  /** news_article or job_posting */
  type: string;
  title: string;
  text: string;
  url: string | null;
  source: string;
  published_at: Timestamp;
  /** Null for reference signals every tenant sees; the tenant whose own source found it, else (#18). */
  owner_tenant_id?: string | null;
};

/** A tenant's newest private signal (master_hits.owner_tenant_id) per account, kept by triggers. */
export type AccountSignalLatestTable = {
  tenant_id: string;
  master_account_id: string;
  latest_signal_at: string;
};

/** A feed, job board or SEC filings feed a tenant watches (issue #18). */
export type SignalSourcesTable = {
  id: string;
  tenant_id: string;
  /** feed, greenhouse, lever, ashby or sec */
  kind: string;
  url: string;
  board_token: string | null;
  name: string;
  master_account_id: string | null;
  /** active, paused or failing */
  status: string;
  discovered: Flag;
  etag: string | null;
  last_modified: string | null;
  next_fetch_at: Timestamp;
  last_fetch_at: Timestamp | null;
  last_success_at: Timestamp | null;
  last_error: string | null;
  /** The same failure as a code and its parameters (JSON SignalReason), for the reader's language. */
  last_error_reason: string | null;
  failure_count: number;
  fetch_count: number;
  not_modified_count: number;
  items_found: number;
  last_items_found: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** One story, however many sources carried it; its master_hits rows are `sig_<id>_<account>`. */
export type SignalItemsTable = {
  id: string;
  canonical_url: string | null;
  /** 64-bit simhash of the title and text, 16 hex digits */
  simhash: string;
  title: string;
  published_at: Timestamp;
  /** JSON: the names of the sources that carried it */
  source_names: string;
  /** JSON: the accounts it is linked to (a master_hits row each) */
  account_ids: string;
  created_at: Timestamp;
  /** The tenant whose sources carried it; stories are deduplicated within one tenant only. */
  owner_tenant_id: string | null;
};

export type SignalItemSourcesTable = {
  tenant_id: string;
  item_id: string;
  source_id: string;
  url: string | null;
  seen_at: Timestamp;
};

/** An account a tenant's automatic discovery looked at (issue #18). */
export type SignalDiscoveriesTable = {
  tenant_id: string;
  master_account_id: string;
  checked_at: Timestamp;
  found: number;
  outcome: string | null;
  /** The same as codes and their parameters (JSON SignalReason[]), for the reader's language; null before 054. */
  outcome_reasons: string | null;
};

/** A discovered source its admin deleted: not discovered again. */
export type SignalSourceDismissalsTable = { tenant_id: string; url: string; created_at: Timestamp };

/** A file read for every tenant alike to discover sources (the SEC company list), with its validators. */
export type SignalReferenceFilesTable = {
  name: string;
  url: string;
  etag: string | null;
  last_modified: string | null;
  attempted_at: Timestamp;
  fetched_at: Timestamp | null;
  body: string | null;
  last_error: string | null;
};

/** A tenant's own story (item_id) repeating a reference hit (hit_id): that tenant sees only its own. */
export type SignalReferenceRepeatsTable = { tenant_id: string; hit_id: string; item_id: string; created_at: Timestamp };

/** When the next request to a paced host may start, shared by every process (ms since 1970, database clock). */
export type SignalRequestPaceTable = { host: string; next_at: number };

export type FavoritesTable = { tenant_id: string; user_id: string; master_account_id: string; created_at: Timestamp };

export type CommentsTable = {
  id: Generated<number>;
  tenant_id: string;
  master_account_id: string;
  user_id: string;
  text: string;
  created_at: Timestamp;
  /** The support account's uid when it wrote this while impersonating user_id. */
  via_uid: string | null;
  edited_at: Timestamp | null;
};

export type TerritoryAccountsTable = {
  tenant_id: string;
  user_id: string;
  master_account_id: string;
  added_at: Timestamp;
};

export type SavedFiltersTable = {
  id: string;
  tenant_id: string;
  name: string;
  description: string;
  /** JSON: the filter group (spec section 3), as the user saved it. */
  filter: string;
  sort: string;
  private: Flag;
  created_at: Timestamp;
  created_by: string;
  updated_at: Timestamp;
  updated_by: string;
};

export type WorkspacesTable = {
  id: string;
  tenant_id: string;
  name: string;
  description: string;
  archived: Flag;
  /** Denormalised from workspace_items, workspace_shared_users and workspace_views: comma-separated. */
  items_csv: Generated<string>;
  shared_csv: Generated<string>;
  /** uid=timestamp pairs */
  viewed_csv: Generated<string>;
  created_at: Timestamp;
  created_by: string;
  updated_at: Timestamp;
  updated_by: string;
  /** The support account's uid when it created this while impersonating created_by. */
  via_uid: string | null;
};

export type WorkspaceSharedUsersTable = { workspace_id: string; tenant_id: string; uid: string; added_at: Timestamp };
export type WorkspaceViewsTable = { workspace_id: string; tenant_id: string; uid: string; viewed_at: Timestamp };
export type WorkspaceItemsTable = { workspace_id: string; tenant_id: string; list_id: string; position: number };

export type ListsTable = {
  id: string;
  tenant_id: string;
  name: string;
  /** accounts, contacts, smartAccount or smartContact */
  type: string;
  /** The saved filter a smart list evaluates; null for static lists. */
  filter_id: string | null;
  created_at: Timestamp;
  created_by: string;
  updated_at: Timestamp;
  updated_by: string;
};

export type ListAccountsTable = {
  list_id: string;
  tenant_id: string;
  master_account_id: string;
  added_at: Timestamp;
  added_by: string;
};
export type ListContactsTable = {
  list_id: string;
  tenant_id: string;
  contact_id: string;
  added_at: Timestamp;
  added_by: string;
};

export type GlobalAlertsTable = {
  id: string;
  /** Who sees it: one tenant, or null for every tenant (not the row's owner: Support's alerts belong to no tenant). */
  audience_tenant_id: string | null;
  title: string;
  message: string;
  color: string;
  icon: string | null;
  action_text: string | null;
  action: string | null;
  dismissible: Flag;
  allow_dont_show_again: Flag;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  created_at: Timestamp;
  created_by: string;
  updated_at: Timestamp;
  updated_by: string;
};

export type ImpersonationsTable = {
  id: string;
  /** The support account's better-auth session the impersonation is bound to. */
  session_id: string;
  impersonator_uid: string;
  impersonator_email: string;
  target_uid: string;
  target_tenant_id: string;
  reason: string;
  started_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  end_reason: 'stopped' | 'expired' | 'signed_out' | null;
};

export type AuditLogTable = {
  id: Generated<number>;
  /** The tenant acted in: the impersonated user's. */
  tenant_id: string;
  actor_uid: string;
  actor_email: string;
  as_uid: string;
  as_email: string;
  impersonation_id: string | null;
  action: string;
  /** JSON */
  details: string;
  occurred_at: Timestamp;
};

export type InvitationsTable = {
  id: string;
  tenant_id: string;
  email: string;
  display_name: string;
  /** sha256 of the emailed token, hex */
  token_hash: string;
  invited_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
};

type Stamps = { created_at: Timestamp; created_by: string; updated_at: Timestamp; updated_by: string };

export type ValueHypothesesTable = Stamps & {
  id: string;
  tenant_id: string;
  name: string;
  description: string;
  /** public or private (spec section 6) */
  visibility: string;
  problem_or_goal: string;
  product_value: string;
  roi_explanation: string;
  importance: string;
  observation: string;
};

export type TriggersTable = Stamps & {
  id: string;
  tenant_id: string;
  name: string;
  /** product_and_service, event, concept or title */
  hit_type: string;
  /** JSON: string[] */
  phrases: string;
  enabled: Flag;
  /** JSON: string[]; empty supports every hypothesis */
  hypothesis_ids: string;
};

export type QualificationSignalsTable = Stamps & {
  id: string;
  tenant_id: string;
  /** good, bad or requirement */
  type: string;
  text: string;
  explanation: string;
};

export type TargetTitlesTable = { tenant_id: string; position: number; title: string };

export type JobsTable = {
  id: string;
  tenant_id: string;
  type: string;
  /** queued, running, done or failed */
  status: string;
  /** JSON */
  payload: string;
  attempts: number;
  max_attempts: number;
  run_at: Timestamp;
  lease_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
};

export type ValueMatchesTable = {
  tenant_id: string;
  master_account_id: string;
  tier: string;
  tier_rank: number;
  /** Place within the tier, dealt across hypotheses and signal kinds (0 before migration 029's first recompute). */
  feed_rank: ColumnType<number, number | undefined, number>;
  score: number;
  industry: string | null;
  top_hypothesis_id: string | null;
  top_hypothesis_name: string | null;
  top_hit_id: string | null;
  top_hit_title: string | null;
  top_hit_published_at: Timestamp | null;
  latest_hit_at: Timestamp | null;
  why_now: string;
  /** JSON: WhyNowFacts; null for a row computed before they were kept */
  why_now_facts: string | null;
  /** JSON: MatchSpan[] of the top hit */
  spans: string;
  /** JSON: AccountMatch */
  result: string;
  computed_at: Timestamp;
};

/** Every hypothesis an account matches (Value Match or Value Alignment), for Home's hypothesis filter. */
export type ValueMatchHypothesesTable = {
  tenant_id: string;
  hypothesis_id: string;
  master_account_id: string;
  hypothesis_name: string;
  tier_rank: number;
};

/** The model reader's cached answers (issue #19). */
export type ValueMatchReaderAnswersTable = {
  tenant_id: string;
  hit_id: string;
  profile_version: string;
  verdict: 'yes' | 'no';
  quote: string;
  answered_at: Timestamp;
};

/** What each trigger currently does, written by every recompute (issue #19). */
export type ValueMatchTriggerStatsTable = {
  tenant_id: string;
  trigger_id: string;
  tier_1_accounts: number;
  tier_2_accounts: number;
  none_accounts: number;
  /** Value Match and Value Alignment accounts where it is found in a signal that does not rank them (062). */
  beside_accounts: Generated<number>;
  top_tier_hits: number;
  /** JSON: TriggerExample[] */
  examples: string;
  computed_at: Timestamp;
};

/** "Not relevant" marks on a match's evidence (issue #19). */
export type ValueMatchMarksTable = {
  tenant_id: string;
  master_account_id: string;
  hit_id: string;
  /** JSON: string[] */
  trigger_ids: string;
  marked_by: string;
  marked_at: Timestamp;
};

export type FlowsTable = {
  id: string;
  tenant_id: string;
  /** FlowType */
  type: string;
  /** FlowStatus */
  status: string;
  destination_type: string | null;
  destination_status: string | null;
  initiated_by: string;
  initiated_from: string;
  /** JSON: the first few account names */
  account_names: string;
  account_count: number;
  message_count: number;
  generated_count: number;
  needs_review_count: number;
  approved_count: number;
  delivered_count: number;
  delivery_failed_count: number;
  error: string | null;
  /** FlowErrorCode */
  error_code: string | null;
  /** IntegrationType an engagement send goes to (migration 018). */
  destination_integration: ColumnType<string | null, string | null | undefined, string | null>;
  /** The tool's sequence id contacts are enrolled in (migration 018). */
  destination_sequence: ColumnType<string | null, string | null | undefined, string | null>;
  destination_mailbox: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The support account's uid when it started this while impersonating initiated_by (migration 061). */
  via_uid: string | null;
};

export type UploadsTable = {
  id: string;
  tenant_id: string;
  /** UploadType */
  type: string;
  /** UploadStatus */
  status: string;
  input_label: string;
  /** UploadInputKind */
  input_kind: string;
  input_digest: string;
  first_line: number;
  /** UploadDestinationType */
  destination_type: string;
  destination_id: string;
  destination_name: string;
  line_count: number;
  /** How many lines are done: the job's cursor. */
  processed_count: number;
  added_count: number;
  already_present_count: number;
  created_count: number;
  failed_count: number;
  not_fitted_count: number;
  /** UploadErrorCode */
  error_code: string | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
  /** The support account's uid when it started this while impersonating created_by (migration 061). */
  via_uid: string | null;
};

/** An upload's lines, apart from its row (which the job updates at every chunk). */
export type UploadLinesTable = {
  upload_id: string;
  tenant_id: string;
  /** The values, one per line, in the source's order. */
  lines: string;
};

export type UploadFailuresTable = {
  tenant_id: string;
  upload_id: string;
  line: number;
  value: string;
  /** UploadFailureReason */
  reason: string;
  duplicate_of: number | null;
};

export type FlowMessagesTable = {
  id: string;
  tenant_id: string;
  flow_id: string;
  position: number;
  master_account_id: string;
  account_name: string;
  contact_id: string;
  contact_name: string;
  contact_title: string | null;
  contact_email: string | null;
  email_usable: Flag;
  /** FlowMessageStatus */
  status: string;
  review_reason: string | null;
  review_detail: string | null;
  /** JSON: FlowStep[] */
  steps: string;
  /** JSON: FlowEvidence */
  evidence: string;
  edited: Flag;
  delivery_error: string | null;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A tenant's connection to one sales-engagement tool (migration 018). */
export type IntegrationsTable = {
  tenant_id: string;
  /** IntegrationType */
  type: string;
  /** CredentialStatus */
  status: string;
  status_message: string | null;
  account_name: string | null;
  /** AES-256-GCM: base64 of iv, tag and ciphertext (lib/secret-box.ts). */
  credential_encrypted: string;
  credential_tail: string;
  /** JSON: FieldMappings */
  field_mappings: string;
  checked_at: Timestamp | null;
  connected_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type Database = {
  integrations: IntegrationsTable;
  flows: FlowsTable;
  flow_messages: FlowMessagesTable;
  uploads: UploadsTable;
  upload_failures: UploadFailuresTable;
  upload_lines: UploadLinesTable;
  master_accounts: MasterAccountsTable;
  account_aliases: AccountAliasesTable;
  master_contacts: MasterContactsTable;
  master_hits: MasterHitsTable;
  account_signal_latest: AccountSignalLatestTable;
  signal_sources: SignalSourcesTable;
  signal_items: SignalItemsTable;
  signal_item_sources: SignalItemSourcesTable;
  signal_discoveries: SignalDiscoveriesTable;
  signal_source_dismissals: SignalSourceDismissalsTable;
  signal_reference_files: SignalReferenceFilesTable;
  signal_request_pace: SignalRequestPaceTable;
  signal_reference_repeats: SignalReferenceRepeatsTable;
  favorites: FavoritesTable;
  comments: CommentsTable;
  territory_accounts: TerritoryAccountsTable;
  saved_filters: SavedFiltersTable;
  workspaces: WorkspacesTable;
  workspace_shared_users: WorkspaceSharedUsersTable;
  workspace_views: WorkspaceViewsTable;
  workspace_items: WorkspaceItemsTable;
  lists: ListsTable;
  list_accounts: ListAccountsTable;
  list_contacts: ListContactsTable;
  global_alerts: GlobalAlertsTable;
  invitations: InvitationsTable;
  value_hypotheses: ValueHypothesesTable;
  triggers: TriggersTable;
  qualification_signals: QualificationSignalsTable;
  target_titles: TargetTitlesTable;
  jobs: JobsTable;
  value_matches: ValueMatchesTable;
  value_match_hypotheses: ValueMatchHypothesesTable;
  value_match_reader_answers: ValueMatchReaderAnswersTable;
  value_match_trigger_stats: ValueMatchTriggerStatsTable;
  value_match_marks: ValueMatchMarksTable;
  tenants: TenantsTable;
  users: UsersTable;
  company_configurations: CompanyConfigurationsTable;
  login_attempts: LoginAttemptsTable;
  rate_limit_counters: RateLimitCountersTable;
  analytics_events: AnalyticsEventsTable;
  /** Events sent while support acts as a user: never in Reporting's rollups (migration 060). */
  analytics_support_events: AnalyticsEventsTable;
  analytics_user_days: AnalyticsUserDaysTable;
  analytics_user_weeks: AnalyticsUserWeeksTable;
  analytics_event_days: AnalyticsEventDaysTable;
  mail_outbox: MailOutboxTable;
  impersonations: ImpersonationsTable;
  audit_log: AuditLogTable;
};
