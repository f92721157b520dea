import { ModalsProvider } from '@mantine/modals';
import type { EmailPreferences } from '@quarry/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { EmailPreferencesPage } from './email-preferences-page.tsx';

const preferences = (canEdit: boolean): EmailPreferences => ({
  personal: { rules: ['Sign off with my first name'], example_emails: [] },
  organization: {
    rules: ['Keep it under 120 words', 'Never mention competitors', 'No exclamation marks'],
    example_emails: ['Hi Dana,\n\nA short note.\n\nBest, Rita'],
  },
  can_edit_organization: canEdit,
});

type Answer = { status: number; body: unknown };

/** The API: GET answers `initial`; PUT answers `put(body)`. Every PUT is recorded. */
function serve(initial: EmailPreferences, put: (url: string, body: unknown) => Answer) {
  const writes: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      let answer: Answer = { status: 200, body: initial };
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        writes.push({ url, body });
        answer = put(url, body);
      }
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return writes;
}

async function openTab(name: 'Personal' | 'Organization') {
  fireEvent.click(await screen.findByRole('tab', { name }));
  return screen.getByTestId(name === 'Personal' ? 'email-preferences-personal' : 'email-preferences-organization');
}

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EmailPreferencesPage', () => {
  it('counts rules and examples against their limits, and the count follows adding a rule', async () => {
    serve(preferences(true), () => ({ status: 500, body: {} }));
    renderWithProviders(
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <EmailPreferencesPage /> }])} />,
    );
    const organization = await openTab('Organization');
    expect(within(organization).getByTestId('email-list-count-rules').textContent).toBe('3 / 20');
    expect(within(organization).getByTestId('email-list-count-example_emails').textContent).toBe('1 / 5');
    fireEvent.click(within(organization).getByRole('button', { name: 'Add rule' }));
    expect(within(organization).getByTestId('email-list-count-rules').textContent).toBe('4 / 20');
    // The new rule has the focus: what the reader types next goes into it.
    await vi.waitFor(() => expect(document.activeElement).toBe(within(organization).getByLabelText('Rule 4')));
  });

  it('shows a non-admin the organization’s rules read-only, with why, and no Save', async () => {
    const writes = serve(preferences(false), () => ({ status: 403, body: {} }));
    renderWithProviders(
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <EmailPreferencesPage /> }])} />,
    );
    const organization = await openTab('Organization');
    expect(screen.getByTestId('email-preferences-read-only').textContent).toMatch(
      /Only admins change your organization's email rules/,
    );
    const rule = within(organization).getByLabelText('Rule 1') as HTMLInputElement;
    expect(rule.value).toBe('Keep it under 120 words');
    expect(rule.readOnly).toBe(true);
    expect(within(organization).queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(within(organization).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(organization).queryByRole('button', { name: /^Remove/ })).toBeNull();
    // Their own tab stays editable.
    const personal = await openTab('Personal');
    expect((within(personal).getByLabelText('Rule 1') as HTMLInputElement).readOnly).toBe(false);
    expect(within(personal).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('blocks saving a rule over the length limit and says so under it', async () => {
    const writes = serve(preferences(true), () => ({ status: 500, body: {} }));
    renderWithProviders(
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <EmailPreferencesPage /> }])} />,
    );
    const personal = await openTab('Personal');
    fireEvent.change(within(personal).getByLabelText('Rule 1'), { target: { value: 'x'.repeat(201) } });
    expect(within(personal).getByText('At most 200 characters')).toBeTruthy();
    expect((within(personal).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(personal).getAllByTestId('character-counter')[0]?.textContent).toBe('201/200');
    expect(writes).toEqual([]);
  });

  it('saves the personal tab without blank lines and shows a refusal under the rule the server names', async () => {
    const writes = serve(preferences(true), () => ({
      status: 400,
      body: {
        // As the server answers a schema failure: the message, and the field in details.fields.
        error: {
          code: 'validation_failed',
          message: 'rules.1: Too small: expected string to have >=1 characters',
          details: { fields: [{ field: 'rules.1', message: 'Too small: expected string to have >=1 characters' }] },
        },
      },
    }));
    renderWithProviders(
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <EmailPreferencesPage /> }])} />,
    );
    const personal = await openTab('Personal');
    fireEvent.click(within(personal).getByRole('button', { name: 'Add rule' }));
    fireEvent.click(within(personal).getByRole('button', { name: 'Add rule' }));
    fireEvent.change(within(personal).getByLabelText('Rule 3'), { target: { value: '  Mention the signal  ' } });
    fireEvent.click(within(personal).getByRole('button', { name: 'Save' }));
    await within(personal).findByText('Too small: expected string to have >=1 characters');
    expect(writes).toEqual([
      {
        url: '/api/email-preferences/personal',
        body: { rules: ['Sign off with my first name', 'Mention the signal'], example_emails: [] },
      },
    ]);
    // "rules.1" of what was sent is the third line on screen (the blank second one was left out).
    const third = within(personal).getByLabelText('Rule 3');
    expect(third.getAttribute('aria-invalid')).toBe('true');
    expect(within(personal).getByLabelText('Rule 2').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('asks before discarding changes: Cancel keeps what was typed, Discard changes takes it back', async () => {
    serve(preferences(true), () => ({ status: 500, body: {} }));
    renderWithProviders(
      <ModalsProvider>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <EmailPreferencesPage /> }])} />
      </ModalsProvider>,
    );
    const personal = await openTab('Personal');
    const rule = within(personal).getByLabelText('Rule 1') as HTMLInputElement;
    fireEvent.change(rule, { target: { value: 'Sign off with Rita' } });
    fireEvent.click(within(personal).getByRole('button', { name: 'Discard changes' }));
    let dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rule.value).toBe('Sign off with Rita');
    fireEvent.click(within(personal).getByRole('button', { name: 'Discard changes' }));
    dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await vi.waitFor(() =>
      expect((within(personal).getByLabelText('Rule 1') as HTMLInputElement).value).toBe('Sign off with my first name'),
    );
  });
});
