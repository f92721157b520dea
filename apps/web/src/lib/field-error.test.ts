import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom } from '../test-support/dom.tsx';
import { ApiError, api } from './api-client.ts';
import { fieldError } from './field-error.ts';
import { changeLanguage } from './i18n.ts';

const FIELDS = ['email', 'display_name'] as const;

/** An API error as the client builds it from the server's `{ error: { code, message, details: { fields } } }`. */
const failure = (status: number, code: string, fields: { field: string; message: string }[], message?: string) =>
  new ApiError(status, code, message ?? fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);

describe('fieldError', () => {
  it('puts a failure naming a field under that input', () => {
    const error = failure(409, 'conflict', [{ field: 'email', message: 'Someone already signs in with this email' }]);
    expect(fieldError(error, FIELDS, 'Something went wrong')).toEqual({
      field: 'email',
      message: 'Someone already signs in with this email',
    });
  });

  it('recognises snake_case and dotted field names', () => {
    const error = failure(400, 'validation_failed', [{ field: 'display_name', message: 'Display name is required' }]);
    expect(fieldError(error, FIELDS, 'x')).toEqual({ field: 'display_name', message: 'Display name is required' });
    const dotted = failure(400, 'validation_failed', [
      { field: 'value.hypothesis_ids', message: 'Unknown hypothesis: h9' },
    ]);
    expect(fieldError(dotted, ['value.hypothesis_ids'], 'x')).toEqual({
      field: 'value.hypothesis_ids',
      message: 'Unknown hypothesis: h9',
    });
  });

  it('puts an error about a part of an input ("phrases.0") under that input', () => {
    const error = failure(400, 'validation_failed', [
      { field: 'phrases.0', message: 'Too big: expected string to have <=200 characters' },
    ]);
    expect(fieldError(error, ['name', 'phrases'], 'x')).toEqual({
      field: 'phrases',
      message: 'Too big: expected string to have <=200 characters',
    });
    // A name that merely starts like an input is not a part of it.
    const other = failure(400, 'validation_failed', [{ field: 'phrases_extra', message: 'Unknown field' }]);
    expect(fieldError(other, ['phrases'], 'x')).toEqual({ field: null, message: 'Unknown field' });
  });

  it('answers the message of a field the form does not have, with the field empty; an input of the form first', () => {
    const error = failure(400, 'validation_failed', [{ field: 'role, team', message: 'Unknown field' }]);
    expect(fieldError(error, FIELDS, 'x')).toEqual({ field: null, message: 'Unknown field' });
    const two = failure(400, 'validation_failed', [
      { field: 'team', message: 'Unknown field' },
      { field: 'email', message: 'Invalid email address' },
    ]);
    expect(fieldError(two, FIELDS, 'x')).toEqual({ field: 'email', message: 'Invalid email address' });
  });

  it('keeps the message of a failure that names no field whole, colon and all', () => {
    const error = new ApiError(409, 'conflict', 'A company needs at least one admin');
    expect(fieldError(error, FIELDS, 'x')).toEqual({ field: null, message: 'A company needs at least one admin' });
    const prose = new ApiError(400, 'bad_request', 'email: looks like a field but the server named none');
    expect(fieldError(prose, FIELDS, 'x')).toEqual({
      field: null,
      message: 'email: looks like a field but the server named none',
    });
  });

  it('answers the fallback for anything that is not an API error', () => {
    expect(fieldError(new TypeError('boom'), FIELDS, 'Something went wrong')).toEqual({
      field: null,
      message: 'Something went wrong',
    });
    expect(fieldError(undefined, FIELDS, 'Something went wrong').message).toBe('Something went wrong');
  });
});

describe('api errors as a reader sees them', () => {
  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  const conflict = {
    error: {
      code: 'conflict',
      message: 'email: Someone already signs in with this email address',
      details: { fields: [{ field: 'email', message: 'Someone already signs in with this email address' }] },
    },
  };

  beforeAll(prepareDom);
  afterAll(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('gives an English reader the server’s own words and the fields it names', async () => {
    await changeLanguage('en');
    vi.stubGlobal('fetch', answer(409, conflict));
    const error = (await api('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('conflict');
    expect(error.fields).toEqual([{ field: 'email', message: 'Someone already signs in with this email address' }]);
    expect(fieldError(error, FIELDS, 'x')).toEqual({
      field: 'email',
      message: 'Someone already signs in with this email address',
    });
  });

  it('gives a French reader the code’s translation, never the English server text', async () => {
    await changeLanguage('fr');
    vi.stubGlobal('fetch', answer(409, conflict));
    const error = (await api('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Cela entre en conflit avec un élément existant');
    expect(fieldError(error, FIELDS, 'x')).toEqual({
      field: 'email',
      message: 'Cela entre en conflit avec un élément existant',
    });
    // A code Quarry has no words for reads as the generic error, in French.
    vi.stubGlobal('fetch', answer(418, { error: { code: 'teapot', message: 'I am a teapot' } }));
    const unknown = (await api('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(unknown.message).toBe('Une erreur s’est produite, veuillez réessayer');
  });
});
