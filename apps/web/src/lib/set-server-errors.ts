import { fieldError } from './field-error.ts';

type FormWithErrors = { getValues: () => object; setFieldError: (field: never, error: string) => void };

/**
 * Shows what the server refused under the input it names (`details.fields`, through fieldError).
 * Answers the message when it concerns no input of this form, for the caller to show elsewhere
 * (the mutation cache has already shown the failure's snack), else null.
 */
export function setServerErrors(form: FormWithErrors, error: unknown, fallback: string): string | null {
  const { field, message } = fieldError(error, Object.keys(form.getValues()), fallback);
  if (field === null) return message;
  (form.setFieldError as (field: string, error: string) => void)(field, message);
  return null;
}
