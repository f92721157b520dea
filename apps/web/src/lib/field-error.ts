import { ApiError } from './api-client.ts';

/** A failed request as a form shows it: under `field` when the form has that input, else on its own. */
export type FieldError<F extends string> = { field: F | null; message: string };

// The server's convention is "field: message", field in snake_case with optional dots
// ("email", "value.hypothesis_ids"); several unknown keys come comma-separated.
const FIELD_PREFIX = /^([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*(?:, [a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*)*): (.+)$/s;

/**
 * Splits what a form's request threw into the input it concerns and the message to show there.
 *
 * - An ApiError "email: Someone already signs in…" with `fields` holding 'email' answers
 *   `{ field: 'email', message: 'Someone already signs in…' }`.
 * - A dotted prefix naming a part of an input ("phrases.0" for the first of a list) belongs to
 *   that input when the form has no input of the exact name: `{ field: 'phrases', message }`.
 * - A prefix naming no field of this form is still removed: `{ field: null, message }`.
 * - A message without a prefix is kept whole, with `field: null`.
 * - Anything that is not an ApiError answers `{ field: null, message: fallback }`.
 *
 * @param error what the request or mutation threw
 * @param fields the form's inputs, named as the API names them (e.g. `['email', 'display_name']`)
 * @param fallback the translated message for errors that carry no server text (e.g. `t('errors.generic')`)
 */
export function fieldError<F extends string>(error: unknown, fields: readonly F[], fallback: string): FieldError<F> {
  if (!(error instanceof ApiError)) return { field: null, message: fallback };
  const match = FIELD_PREFIX.exec(error.message);
  if (!match) return { field: null, message: error.message };
  const [, name = '', message = ''] = match;
  return { field: inputNamed(name, fields), message };
}

/** The form's input a server field name points at: the exact name, else the input it is a part of. */
function inputNamed<F extends string>(name: string, fields: readonly F[]): F | null {
  const exact = fields.find((f) => f === name);
  if (exact) return exact;
  return fields.find((f) => name.startsWith(`${f}.`)) ?? null;
}
