import { ApiError } from './api-client.ts';

/** A failed request as a form shows it: under `field` when the form has that input, else on its own. */
export type FieldError<F extends string> = { field: F | null; message: string };

/**
 * Splits what a form's request threw into the input it concerns and the message to show there,
 * from the fields the server names in its answer (`details.fields`).
 *
 * - A failure naming 'email' when the form has an 'email' input answers `{ field: 'email', message }`.
 * - A field naming a part of an input ("phrases.0" for the first of a list) belongs to that input
 *   when the form has no input of the exact name: `{ field: 'phrases', message }`.
 * - A field this form does not have: `{ field: null, message }` with that field's message.
 * - A failure naming no field keeps its message whole, with `field: null`.
 * - Anything that is not an ApiError answers `{ field: null, message: fallback }`.
 *
 * @param error what the request or mutation threw
 * @param fields the form's inputs, named as the API names them (e.g. `['email', 'display_name']`)
 * @param fallback the translated message for errors that carry no server text (e.g. `t('errors.generic')`)
 */
export function fieldError<F extends string>(error: unknown, fields: readonly F[], fallback: string): FieldError<F> {
  if (!(error instanceof ApiError)) return { field: null, message: fallback };
  const issues = error.fields.map((issue) => ({ field: inputNamed(issue.field, fields), message: issue.message }));
  const first = issues.find((issue) => issue.field !== null) ?? issues[0];
  return first ?? { field: null, message: error.message };
}

/** The form's input a server field name points at: the exact name, else the input it is a part of. */
function inputNamed<F extends string>(name: string, fields: readonly F[]): F | null {
  const exact = fields.find((f) => f === name);
  if (exact) return exact;
  return fields.find((f) => name.startsWith(`${f}.`)) ?? null;
}
