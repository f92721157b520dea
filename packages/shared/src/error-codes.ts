/**
 * The API's error codes and field reasons, without zod: the web's request client (in the sign-in
 * page's bundle) reads them.
 */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'cross_site_request',
  'not_found',
  'conflict',
  'payload_too_large',
  'too_many_requests',
  'internal_error',
  'shutting_down',
  'database_unavailable',
  'user_not_found',
  'incorrect_password',
  'login_locked',
  'invalid_token',
  'flow_in_progress',
  'flow_not_ready',
  'version_conflict',
  'nothing_approved',
  'destination_unavailable',
  'integration_unavailable',
  'integration_unreachable',
  'master_tenant_id_unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * Why the server refused a field (`details.fields[].reason`), in a word each reader's language
 * translates; `limit` carries the bound a length or count reason names. Schema checks give the
 * first ones; the last name the refusals services make by hand. A field issue without a reason is
 * read as its error code.
 */
export const fieldReasons = [
  'required',
  'too_short',
  'too_long',
  'too_few_items',
  'too_many_items',
  'too_small',
  'too_large',
  'invalid_type',
  'invalid_format',
  'invalid_choice',
  'unknown_field',
  'invalid',
  'taken',
  'unknown_reference',
  'not_text',
  'unreadable_csv',
  'no_usable_column',
  'nothing_to_upload',
  'not_account_list',
  'matches_nothing',
  'not_written',
  'unusable_email',
  'no_contact',
  'wrong_step_count',
  'smart_list_members',
  'owner_not_shared',
  'not_a_colleague',
  'nul_character',
  'cannot_impersonate_self',
  'address_refused',
  'address_not_url',
  'address_scheme',
  'address_credentials',
  'address_not_public',
  'address_port',
  'oauth_state_missing',
  'oauth_state_unknown',
  'oauth_state_other_session',
  'oauth_state_expired',
  'not_oauth',
  'oauth_only',
  'not_connectable',
  'tool_not_connected',
  'credential_invalid',
  'fields_not_mapped',
] as const;
export type FieldReason = (typeof fieldReasons)[number];

/**
 * Why the server refused a request as a whole (`details.reason`, with `details.params` for the
 * names and numbers its text shows), when its code alone says too little: a 409 "conflict" that is
 * a flow being sent, a 403 "forbidden" that only an admin may do. The web reads it as
 * `apiErrors.reasons.<reason>`; a refusal without one is read as its code.
 */
export const refusalReasons = [
  'flow_being_sent',
  'flow_delivered',
  'message_delivered',
  'last_message',
  'already_impersonating',
  'no_impersonation',
  'last_admin',
  'support_roles_fixed',
  'service_account_roles_fixed',
  'finish_connecting',
  'connect_first',
  'not_configured',
  'admin_only',
  'admin_or_manager_only',
  'support_only',
  'workspace_owner_only',
  'list_owner_only',
  'filter_owner_only',
  'comment_author_only',
  'impersonation_read_only',
  'own_company_only',
] as const;
export type RefusalReason = (typeof refusalReasons)[number];

/** The parameters of a refusal's reason: names and numbers shown as they are. */
export type RefusalParams = Record<string, string | number>;

/** One refused field of an error's `details.fields`. */
export type FieldIssue = { field: string; message: string; reason?: FieldReason; limit?: number };
