import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { flowErrorMessage } from './flow-error-message.ts';

const t = ((key: string) => `t:${key}`) as unknown as TFunction;

describe('flowErrorMessage', () => {
  it('says why the server refused the request, not "please try again", when it named the field', () => {
    const refused = new ApiError(400, 'validation_failed', 'None of these accounts has a contact to write to', [
      { field: 'accounts', message: 'Aucun de ces comptes n’a de contact à qui écrire' },
    ]);
    expect(flowErrorMessage(refused, t, 'flows.errors.start')).toBe('Aucun de ces comptes n’a de contact à qui écrire');
  });

  it('reads a known refusal code, and falls back for anything else', () => {
    expect(flowErrorMessage(new ApiError(409, 'flow_in_progress', 'busy'), t, 'flows.errors.start')).toBe(
      't:flows.errors.inProgress',
    );
    expect(flowErrorMessage(new ApiError(500, 'internal', 'boom'), t, 'flows.errors.start')).toBe(
      't:flows.errors.start',
    );
    expect(flowErrorMessage(new Error('offline'), t, 'flows.errors.start')).toBe('t:flows.errors.start');
  });
});
