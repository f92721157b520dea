import { createListBodySchema, createWorkspaceBodySchema } from '@quarry/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareDom } from '../test-support/dom.tsx';
import { ApiError } from './api-client.ts';
import { setServerErrors } from './set-server-errors.ts';
import { validateWithSchema } from './validate-with-schema.ts';

beforeAll(prepareDom);

describe('validateWithSchema', () => {
  const validate = validateWithSchema(
    createWorkspaceBodySchema,
    (values: { name: string; people: { uid: string }[] }) => ({
      name: values.name,
      shared_users: values.people.map((p) => p.uid),
    }),
    { name: 'Le nom est obligatoire' },
  );

  it('passes a body the server would take', () => {
    expect(validate({ name: 'Q3 pipeline', people: [{ uid: 'u1' }] })).toEqual({});
  });

  it("rejects what the server's schema rejects, with the form's own message, never the schema's English", () => {
    expect(validate({ name: '   ', people: [] })).toEqual({ name: 'Le nom est obligatoire' });
  });

  it('puts a failure inside a field (a list item) on that field, read as the generic error when the form names no message', () => {
    const errors = validate({ name: 'ok', people: [{ uid: '' }] });
    expect(Object.keys(errors)).toEqual(['shared_users']);
    expect(errors.shared_users).toBe('Something went wrong, please try again');
  });

  it('runs the schema’s cross-field rules (a smart list needs a saved filter)', () => {
    const list = validateWithSchema(createListBodySchema, (v: { name: string; type: 'smartAccount' }) => v, {
      filter_id: 'Pick a saved filter',
    });
    expect(list({ name: 'Hot', type: 'smartAccount' })).toEqual({ filter_id: 'Pick a saved filter' });
  });
});

describe('setServerErrors', () => {
  function fakeForm(values: object) {
    const errors: Record<string, string> = {};
    return {
      errors,
      getValues: () => values,
      setFieldError: (field: never, error: string) => {
        errors[field] = error;
      },
    };
  }

  it("shows the server's field error under the input it names", () => {
    const form = fakeForm({ name: 'Taken', description: '' });
    const error = new ApiError(409, 'conflict', 'name: taken', [{ field: 'name', message: 'That name is taken' }]);
    expect(setServerErrors(form, error, 'generic')).toBeNull();
    expect(form.errors).toEqual({ name: 'That name is taken' });
  });

  it('answers the message of a failure naming no input of the form, for the caller to show', () => {
    const form = fakeForm({ name: 'x' });
    expect(setServerErrors(form, new ApiError(500, 'internal', 'Server broke'), 'generic')).toBe('Server broke');
    expect(setServerErrors(form, new Error('offline'), 'generic')).toBe('generic');
    expect(form.errors).toEqual({});
  });
});
