import type { ErrorBody } from '@quarry/shared';
import { BACKEND_TIMEOUT_MS } from '@quarry/shared/constants';
import type { FieldReason, FieldIssue as ServerFieldIssue } from '@quarry/shared/error-codes';
import i18n from 'i18next';

/** A field a failed request concerns, as the server names it ("email", "phrases.0"), and what is wrong. */
export type FieldIssue = { field: string; message: string };

/** A failed API call: the server's status, stable code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The fields the failure concerns (the server's `details.fields`), their messages in the reader's language. */
  readonly fields: FieldIssue[];

  constructor(status: number, code: string, message: string, fields: FieldIssue[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/**
 * What a reader is shown for a failure with `code`: the server's own words for an English reader
 * (they name the problem exactly), the code's translation for anyone else, so no English server
 * text reaches a reader of another language. Codes without a translation read as the generic error.
 */
export function readerMessage(code: string, serverMessage: string, details?: unknown): string {
  if (!i18n.language || i18n.language === 'en') return serverMessage;
  const refusal = refusalOf(details);
  const reasonKey = refusal && `apiErrors.reasons.${refusal.reason}`;
  if (reasonKey && i18n.exists(reasonKey)) return i18n.t(reasonKey, refusal.params);
  const key = `apiErrors.${code}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('errors.generic');
}

/**
 * The reason a whole refusal carries (`details.reason`, `refusalReasons`) and the names and numbers
 * its text shows (`details.params`), when well formed.
 */
function refusalOf(details: unknown): { reason: string; params: Record<string, string | number> } | null {
  const { reason, params } = (details ?? {}) as { reason?: unknown; params?: unknown };
  if (typeof reason !== 'string' || !REASON.test(reason)) return null;
  const shown: Record<string, string | number> = {};
  if (params && typeof params === 'object') {
    for (const [name, value] of Object.entries(params)) {
      if (typeof value === 'string' || typeof value === 'number') shown[name] = value;
    }
  }
  return { reason, params: shown };
}

/**
 * What a reader is shown for one refused field: the server's words for an English reader, the
 * translation of its reason (`apiErrors.fields.<reason>`, with the bound it names) for anyone else,
 * else the translation of the failure's code.
 */
export function readerFieldMessage(code: string, issue: ServerFieldIssue): string {
  if (!i18n.language || i18n.language === 'en') return issue.message;
  const key = `apiErrors.fields.${issue.reason}`;
  if (issue.reason && i18n.exists(key)) return i18n.t(key, { limit: issue.limit });
  return readerMessage(code, issue.message);
}

/**
 * A reason is one lower-case word: it is looked up as a translation key, which must not reach
 * outside `apiErrors.fields` (a reason this app has no text for reads as the failure's code).
 */
const REASON = /^[a-z_]+$/;

/** The `details.fields` of an error body, when it has well-formed ones. */
function fieldIssuesOf(details: unknown): ServerFieldIssue[] {
  const fields = (details as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields
    .filter(
      (f): f is ServerFieldIssue =>
        typeof f === 'object' && f !== null && typeof f.field === 'string' && typeof f.message === 'string',
    )
    .map(({ field, message, reason, limit }) => ({
      field,
      message,
      ...(typeof reason === 'string' && REASON.test(reason) ? { reason: reason as FieldReason } : {}),
      ...(typeof limit === 'number' ? { limit } : {}),
    }));
}

type RequestOptions = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 'blob' for a file the server sends (a CSV download); errors are still read as JSON. */
  responseType?: 'json' | 'blob';
};

/** JSON over fetch with the session cookie and the spec's 30 second timeout. */
export async function api<T>(
  path: string,
  { method = 'GET', body, signal, headers, responseType = 'json' }: RequestOptions = {},
): Promise<T> {
  const timeout = AbortSignal.timeout(BACKEND_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(
        0,
        'timeout',
        readerMessage('timeout', 'The server took too long to answer, please try again'),
      );
    }
    throw new ApiError(0, 'network', readerMessage('network', 'Could not reach Quarry, please check your connection'));
  }
  if (response.status === 204) return undefined as T;
  if (response.ok) return (responseType === 'blob' ? await response.blob() : await response.json()) as T;
  const payload = (await response.json().catch(() => null)) as ErrorBody | null;
  const code = payload?.error?.code ?? 'unknown';
  throw new ApiError(
    response.status,
    code,
    readerMessage(code, payload?.error?.message ?? `Request failed (${response.status})`, payload?.error?.details),
    fieldIssuesOf(payload?.error?.details).map((f) => ({ field: f.field, message: readerFieldMessage(code, f) })),
  );
}
