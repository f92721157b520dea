import type { ErrorCode, FieldReason, RefusalParams, RefusalReason } from '@quarry/shared';

/** An error that carries the API's answer: status, stable code and the message the user sees. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(status: number, code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/**
 * A refusal of the whole request with the reason a reader's language translates (`refusalReasons`)
 * in `details.reason`, and the names and numbers its text shows in `details.params`.
 */
export const refusal = (
  status: number,
  code: ErrorCode,
  reason: RefusalReason,
  message: string,
  params?: RefusalParams,
) => new HttpError(status, code, message, params ? { reason, params } : { reason });

export const notFound = (what = 'Not found') => new HttpError(404, 'not_found', what);
export const forbidden = (message = 'You do not have permission to do this', reason?: RefusalReason) =>
  reason ? refusal(403, 'forbidden', reason, message) : new HttpError(403, 'forbidden', message);
export const unauthorized = () => new HttpError(401, 'unauthorized', 'Please sign in');
/**
 * A failure that concerns one field: "field: message", and the field in `details.fields` for forms,
 * with the reason a reader's language translates when there is one (`fieldReasons`).
 */
export const fieldFailure = (
  status: number,
  code: ErrorCode,
  field: string,
  message: string,
  reason?: FieldReason,
  limit?: number,
) =>
  new HttpError(status, code, `${field}: ${message}`, {
    fields: [reason ? { field, message, reason, ...(limit === undefined ? {} : { limit }) } : { field, message }],
  });

/** A 400 that names the field, in the same shape as schema validation failures. */
export const invalidField = (field: string, message: string, reason?: FieldReason, limit?: number) =>
  fieldFailure(400, 'validation_failed', field, message, reason, limit);
