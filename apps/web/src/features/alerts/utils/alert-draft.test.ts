import { alertBodySchema } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';
import { ALL_TENANTS, alertBodyOf, blankAlert } from './alert-draft.ts';

const MESSAGES = { title: 'title', message: 'message', action: 'action', starts_at: 'start', ends_at: 'ends' };
const validate = validateWithSchema(alertBodySchema, alertBodyOf, MESSAGES);
const filled = { ...blankAlert(), title: 'Maintenance', message: 'Read-only on <b>Sunday</b>' };

describe('the alert editor’s draft', () => {
  it('sends every tenant as null, empty action fields as null and the kind as its icon', () => {
    const body = alertBodyOf({ ...filled, color: 'warning', tenant_id: ALL_TENANTS, action: '  ' });
    expect(body).toMatchObject({ tenant_id: null, action: null, action_text: null, icon: 'warning' });
    expect(Date.parse(body.starts_at)).not.toBeNaN();
    expect(validate(filled)).toEqual({});
  });

  it('is refused as the server refuses it: no start, an end before the start, an action without its link', () => {
    expect(validate({ ...filled, starts_at: '' })).toEqual({ starts_at: 'start' });
    expect(validate({ ...filled, starts_at: '2026-05-02T10:00', ends_at: '2026-05-01T10:00' })).toEqual({
      ends_at: 'ends',
    });
    expect(validate({ ...filled, action_text: 'Read more' })).toEqual({ action: 'action' });
    expect(validate({ ...filled, action_text: 'Read more', action: 'javascript:alert(1)' })).toEqual({
      action: 'action',
    });
    expect(validate({ ...filled, title: ' ' })).toEqual({ title: 'title' });
  });
});
