import { type FormErrors, schemaResolver } from '@mantine/form';
import i18n from 'i18next';

/**
 * A `@mantine/form` validator from the request's shared Zod schema: the form checks exactly the
 * body it will send (`toBody` turns its values into that body), with the server's own rules.
 * Each failing field shows the form's message for it in the reader's language, never the schema's
 * English text; a failure on a field the form names no message for reads as the generic error.
 *
 * @param schema the request body's schema from @quarry/shared
 * @param toBody the body the form would send with these values (fields named as the API names them)
 * @param messages the translated message to show under each field the schema may reject, or a
 *   function of the values that picks it (one message for an empty field, another for a long one)
 * @param fieldOf the form field a failing path of the body shows under; by default the input the
 *   path starts with ("phrases.3" under "phrases"). A form with an input per list item names one
 *   ("rules.1" of the body under the second rule shown). Messages are looked up by its first part.
 */
export function validateWithSchema<Values>(
  schema: Parameters<typeof schemaResolver>[0],
  toBody: (values: Values) => unknown,
  messages: Partial<Record<string, string | ((values: Values) => string)>>,
  fieldOf: (path: string, values: Values) => string = (path) => path.split('.')[0] ?? path,
): (values: Values) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    const errors: FormErrors = {};
    for (const path of Object.keys(resolve(toBody(values)))) {
      const field = fieldOf(path, values);
      const message = messages[field.split('.')[0] ?? field];
      errors[field] ??= typeof message === 'function' ? message(values) : (message ?? i18n.t('errors.generic'));
    }
    return errors;
  };
}
