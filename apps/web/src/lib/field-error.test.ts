import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { fieldError } from './field-error.ts';

const FIELDS = ['email', 'display_name'] as const;

describe('fieldError', () => {
  it('puts a "field: message" error under the named input, without the prefix', () => {
    const error = new ApiError(409, 'conflict', 'email: Someone already signs in with this email address');
    expect(fieldError(error, FIELDS, 'Something went wrong')).toEqual({
      field: 'email',
      message: 'Someone already signs in with this email address',
    });
  });

  it('recognises snake_case and dotted field names', () => {
    const error = new ApiError(400, 'validation_failed', 'display_name: Display name is required');
    expect(fieldError(error, FIELDS, 'x')).toEqual({ field: 'display_name', message: 'Display name is required' });
    const dotted = new ApiError(400, 'validation_failed', 'value.hypothesis_ids: Unknown hypothesis: h9');
    expect(fieldError(dotted, ['value.hypothesis_ids'], 'x')).toEqual({
      field: 'value.hypothesis_ids',
      message: 'Unknown hypothesis: h9',
    });
  });

  it('puts an error about a part of an input ("phrases.0") under that input', () => {
    const error = new ApiError(
      400,
      'validation_failed',
      'phrases.0: Too big: expected string to have <=200 characters',
    );
    expect(fieldError(error, ['name', 'phrases'], 'x')).toEqual({
      field: 'phrases',
      message: 'Too big: expected string to have <=200 characters',
    });
    // A name that merely starts like an input is not a part of it.
    const other = new ApiError(400, 'validation_failed', 'phrases_extra: Unknown field');
    expect(fieldError(other, ['phrases'], 'x')).toEqual({ field: null, message: 'Unknown field' });
  });

  it('drops the prefix of a field the form does not have and leaves the field empty', () => {
    const error = new ApiError(400, 'bad_request', 'body: Malformed JSON');
    expect(fieldError(error, FIELDS, 'x')).toEqual({ field: null, message: 'Malformed JSON' });
    const several = new ApiError(400, 'validation_failed', 'role, team: Unknown field');
    expect(fieldError(several, FIELDS, 'x')).toEqual({ field: null, message: 'Unknown field' });
  });

  it('keeps a message without a field prefix whole', () => {
    const error = new ApiError(409, 'conflict', 'A company needs at least one admin');
    expect(fieldError(error, FIELDS, 'x')).toEqual({ field: null, message: 'A company needs at least one admin' });
    // A capitalised word before a colon is prose, not a field.
    const prose = new ApiError(400, 'bad_request', 'Note: try again later');
    expect(fieldError(prose, FIELDS, 'x')).toEqual({ field: null, message: 'Note: try again later' });
  });

  it('answers the fallback for anything that is not an API error', () => {
    expect(fieldError(new TypeError('boom'), FIELDS, 'Something went wrong')).toEqual({
      field: null,
      message: 'Something went wrong',
    });
    expect(fieldError(undefined, FIELDS, 'Something went wrong').message).toBe('Something went wrong');
  });
});
