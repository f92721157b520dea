import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { Invitations } from './invitations-section.tsx';

/** GET /api/invitations answers none; POST answers `refusal` (status and body) when given, else the invitation. */
function serve(refusal?: { status: number; body: unknown }) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        if (refusal) return json(refusal.body, refusal.status);
        return json(
          { id: 'inv_1', ...body, expires_at: '2026-12-03T00:00:00.000Z', created_at: '2026-11-26T00:00:00.000Z' },
          201,
        );
      }
      void input;
      return json([]);
    }),
  );
  return posted;
}

const emailInput = () => screen.getByRole('textbox', { name: /Email|E-mail/ }) as HTMLInputElement;
const nameInput = () => screen.getAllByRole('textbox')[1] as HTMLInputElement;
/** The error Mantine ties to an input (its description), if any. */
const errorOf = (input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

beforeAll(prepareDom);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('Invitations', () => {
  it('shows how close a display name is to its 120 characters once near them, since the field stops there', async () => {
    serve();
    renderWithProviders(<Invitations />);
    fireEvent.change(nameInput(), { target: { value: 'N'.repeat(50) } });
    expect(errorOf(nameInput())).not.toContain('/120');
    fireEvent.change(nameInput(), { target: { value: 'N'.repeat(110) } });
    await waitFor(() => expect(errorOf(nameInput())).toContain('110/120'));
  });

  it('leaves empty fields alone when they are only tabbed past, and checks a typed address as it is left', async () => {
    serve();
    renderWithProviders(<Invitations />);
    fireEvent.blur(emailInput());
    fireEvent.blur(nameInput());
    expect(errorOf(emailInput())).not.toMatch(/valid email/i);
    expect(errorOf(nameInput())).not.toMatch(/required/i);
    fireEvent.change(emailInput(), { target: { value: 'not-an-email' } });
    fireEvent.blur(emailInput());
    await waitFor(() => expect(errorOf(emailInput())).toMatch(/valid email/i));
  });

  it('puts the keyboard on the first field that says what is wrong when Invite is refused', async () => {
    serve();
    renderWithProviders(<Invitations />);
    fireEvent.change(emailInput(), { target: { value: 'ada@acme.test' } });
    (screen.getByRole('button', { name: /invit/i }) as HTMLButtonElement).focus();
    fireEvent.submit(emailInput().closest('form') as HTMLFormElement);
    await waitFor(() => expect(document.activeElement).toBe(nameInput()));
  });

  it('checks the invitation with the request’s own schema before sending, under each field', async () => {
    const posted = serve();
    renderWithProviders(<Invitations />);
    fireEvent.change(emailInput(), { target: { value: 'not-an-address' } });
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    fireEvent.submit(emailInput().closest('form') as HTMLFormElement);
    await waitFor(() => expect(errorOf(emailInput())).toContain('Please enter a valid email address'));
    expect(errorOf(nameInput())).toContain('Display name is required');
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);
    // A valid invitation is sent as the API names its fields, and the form empties.
    fireEvent.change(emailInput(), { target: { value: 'nadia@acme.test' } });
    fireEvent.change(nameInput(), { target: { value: 'Nadia' } });
    fireEvent.submit(emailInput().closest('form') as HTMLFormElement);
    await waitFor(() => expect(posted).toEqual([{ email: 'nadia@acme.test', display_name: 'Nadia' }]));
    await waitFor(() => expect(emailInput().value).toBe(''));
  });

  it('shows the server’s refusal under the field it names, in the reader’s language', async () => {
    await changeLanguage('fr');
    serve({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'display_name: Too big',
          details: { fields: [{ field: 'display_name', message: 'Too big', reason: 'too_long', limit: 120 }] },
        },
      },
    });
    renderWithProviders(<Invitations />);
    fireEvent.change(emailInput(), { target: { value: 'nadia@acme.test' } });
    fireEvent.change(nameInput(), { target: { value: 'Nadia' } });
    fireEvent.submit(emailInput().closest('form') as HTMLFormElement);
    await waitFor(() => expect(errorOf(nameInput())).toContain('Au plus 120 caractères'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says an address already signing in under Email; typing again clears it', async () => {
    serve({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'email: Someone already signs in with this email address',
          details: {
            fields: [{ field: 'email', message: 'Someone already signs in with this email address', reason: 'taken' }],
          },
        },
      },
    });
    renderWithProviders(<Invitations />);
    fireEvent.change(emailInput(), { target: { value: 'rita@acme.test' } });
    fireEvent.change(nameInput(), { target: { value: 'Rita again' } });
    fireEvent.submit(emailInput().closest('form') as HTMLFormElement);
    await waitFor(() => expect(errorOf(emailInput())).toContain('Someone already signs in with this email address.'));
    fireEvent.change(emailInput(), { target: { value: 'rita2@acme.test' } });
    await waitFor(() => expect(errorOf(emailInput())).not.toContain('Someone already'));
  });
});
