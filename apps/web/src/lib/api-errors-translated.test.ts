import { FLOW_ERROR_CODES, SIGNAL_REASON_CODES, UPLOAD_ERROR_CODES } from '@quarry/shared';
import { errorCodes, fieldReasons, refusalReasons } from '@quarry/shared/error-codes';
import { LANGUAGES } from '@quarry/shared/languages';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom } from '../test-support/dom.tsx';
import { ApiError, api } from './api-client.ts';
import { changeLanguage } from './i18n.ts';

type Messages = { [key: string]: string | Messages };

const bundles = import.meta.glob<Messages>('../locales/*/*.json', { eager: true, import: 'default' });

/** The text at a dotted key in any of a language's files, if it is one. */
function textOf(language: string, key: string): string | undefined {
  for (const [file, bundle] of Object.entries(bundles)) {
    if (!file.startsWith(`../locales/${language}/`)) continue;
    let value: string | Messages | undefined = bundle;
    for (const part of key.split('.')) value = typeof value === 'object' ? value[part] : undefined;
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

/** The codes the API answers (and the two the client makes itself), each read as a sentence in every language. */
const KNOWN_KEYS = [
  ...[...errorCodes, 'timeout', 'network'].map((code) => `apiErrors.${code}`),
  ...fieldReasons.map((reason) => `apiErrors.fields.${reason}`),
  ...refusalReasons.map((reason) => `apiErrors.reasons.${reason}`),
  ...FLOW_ERROR_CODES.map((code) => `flows.errorCodes.${code}`),
  ...UPLOAD_ERROR_CODES.map((code) => `uploads.errors.${code}`),
  ...SIGNAL_REASON_CODES.map((code) => `signals.reasons.${code}`),
];

describe('server error codes', () => {
  it.each(LANGUAGES)('each has a translation in %s', (language) => {
    const missing = KNOWN_KEYS.filter((key) => textOf(language, key) === undefined);
    expect(missing).toEqual([]);
  });
});

describe('a refusal read in French', () => {
  beforeAll(async () => {
    await prepareDom();
    await changeLanguage('fr');
  });
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => changeLanguage('en'));

  /** The API refuses every request with this status and body. */
  const refuse = (status: number, body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      ),
    );

  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the request did not fail');
      },
      (error: unknown) => error as ApiError,
    );

  it('shows each refused field by its reason and bound, never the server’s English', async () => {
    refuse(400, {
      error: {
        code: 'validation_failed',
        message: 'name: Too big: expected string to have <=120 characters',
        details: {
          fields: [
            {
              field: 'name',
              message: 'Too big: expected string to have <=120 characters',
              reason: 'too_long',
              limit: 120,
            },
            { field: 'hit_type', message: 'Invalid option', reason: 'invalid_choice' },
            { field: 'email', message: 'Someone already signs in with this email address', reason: 'taken' },
            { field: 'ids', message: 'A smart list takes its members from its filter' },
          ],
        },
      },
    });
    const error = await failureOf(api('/api/triggers', { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Cette valeur n’est pas acceptée');
    expect(error.fields).toEqual([
      { field: 'name', message: 'Au plus 120 caractères' },
      { field: 'hit_type', message: 'Choisissez l’une des options proposées' },
      { field: 'email', message: 'Déjà utilisé' },
      // A field refused without a reason reads as its failure's code.
      { field: 'ids', message: 'Cette valeur n’est pas acceptée' },
    ]);
  });

  it('reads a code by its translation, and an unknown one as the generic error', async () => {
    refuse(409, { error: { code: 'flow_in_progress', message: 'This flow is being written' } });
    expect((await failureOf(api('/api/flows/f1', { method: 'DELETE' }))).message).toBe(
      'Cette séquence est en cours de rédaction\u00a0: attendez qu’elle soit prête',
    );
    refuse(418, { error: { code: 'teapot', message: 'I am a teapot' } });
    expect((await failureOf(api('/api/x'))).message).not.toMatch(/teapot/i);
  });

  it('reads a refusal by its reason when its code alone says too little', async () => {
    refuse(409, {
      error: {
        code: 'conflict',
        message: 'This flow is being sent; wait until it is done',
        details: { reason: 'flow_being_sent' },
      },
    });
    const sending = await failureOf(api('/api/flows/f1/send', { method: 'POST', body: {} }));
    expect(sending.code).toBe('conflict');
    expect(sending.message).toBe('Cette séquence est en cours d’envoi\u00a0: attendez qu’elle soit terminée');
    refuse(409, {
      error: { code: 'conflict', message: 'A company needs at least one admin', details: { reason: 'last_admin' } },
    });
    expect((await failureOf(api('/api/organization/members/u1/roles', { method: 'PUT', body: {} }))).message).toBe(
      'Une entreprise a besoin d’au moins un administrateur',
    );
    refuse(403, {
      error: { code: 'forbidden', message: 'Only an admin can do this', details: { reason: 'admin_only' } },
    });
    expect((await failureOf(api('/api/organization/invitations'))).message).toBe(
      'Seul un administrateur peut faire cela',
    );
    // An OAuth callback refused for its state, read by the field's reason.
    refuse(400, {
      error: {
        code: 'validation_failed',
        message: 'state: The authorization took too long; connect again',
        details: {
          fields: [
            {
              field: 'state',
              message: 'The authorization took too long; connect again',
              reason: 'oauth_state_expired',
            },
          ],
        },
      },
    });
    expect((await failureOf(api('/api/integrations/outreach/oauth/callback'))).fields).toEqual([
      { field: 'state', message: 'L’autorisation a pris trop de temps\u00a0: connectez l’outil à nouveau' },
    ]);
    // A reason this app has no text for, or one that is not a plain word, reads as the code.
    for (const reason of ['no_such_reason', '../fields/required']) {
      refuse(409, { error: { code: 'conflict', message: 'Something English', details: { reason } } });
      expect((await failureOf(api('/api/x'))).message).toBe('Cela entre en conflit avec un élément existant');
    }
  });
});
