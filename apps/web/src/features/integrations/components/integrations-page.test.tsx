import { ModalsProvider } from '@mantine/modals';
import type { IntegrationConnection, IntegrationsResponse } from '@quarry/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { IntegrationsPage } from './integrations-page.tsx';

const entry = (
  type: 'apolloio' | 'outreach' | 'hubspot' | 'salesloft',
  name: string,
  available = true,
  oauth = type === 'outreach',
) => ({
  type,
  name,
  brand_colour: '#FF7A59',
  icon: `/integrations/${type}.svg`,
  auth: type === 'outreach' ? ('oauth' as const) : ('api_key' as const),
  available,
  oauth,
});
const hubspot: IntegrationConnection = {
  type: 'hubspot',
  status: 'VALID',
  status_message: null,
  account_name: 'HubSpot account 4242',
  credential_tail: '…5555',
  checked_at: '2026-11-26T05:00:00.000Z',
  connected_by: 'u_ada',
  connected_at: '2026-11-26T05:00:00.000Z',
  field_mappings: { value_message_subject: 'quarry_subject' },
  value_messaging_configured: false,
};
const salesloft: IntegrationConnection = {
  ...hubspot,
  type: 'salesloft',
  status: 'INVALID',
  status_message: 'Not Authorized',
  account_name: null,
};

/** A 400 as the server answers one, naming the refused field. */
const refusal = (field: string, message: string) =>
  Response.json(
    { error: { code: 'validation_error', message: `${field}: ${message}`, details: { fields: [{ field, message }] } } },
    { status: 400 },
  );

function serve(body: IntegrationsResponse, refuse?: (method: string, url: string) => Response | null) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const refused = refuse?.(method, url);
      if (refused) return refused;
      if (method === 'DELETE') return new Response(null, { status: 204 });
      if (url.endsWith('/custom-fields')) {
        return Response.json({ fields: [{ name: 'quarry_subject', label: 'Quarry subject' }] });
      }
      if (method === 'PUT') return Response.json({ ...hubspot, type: 'apolloio' });
      if (method === 'POST' && url.endsWith('/oauth')) {
        return Response.json({ authorization_url: 'https://outreach.example/oauth/authorize?state=s' });
      }
      return Response.json(body);
    }),
  );
  return calls;
}

const list = (canManage: boolean): IntegrationsResponse => ({
  integrations: [
    { entry: entry('apolloio', 'Apollo'), connection: null },
    { entry: entry('outreach', 'Outreach', false), connection: null },
    { entry: entry('hubspot', 'HubSpot'), connection: hubspot },
    { entry: entry('salesloft', 'Salesloft'), connection: salesloft },
  ],
  can_manage: canManage,
});

beforeAll(prepareDom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IntegrationsPage', () => {
  it('shows each tool’s state: valid with its account and masked key, invalid with the tool’s reason, not configured with a subject alone', async () => {
    serve(list(true));
    renderWithProviders(<IntegrationsPage />);
    const card = await screen.findByTestId('integration-hubspot');
    within(card).getByText('Valid');
    within(card).getByText('Connected account: HubSpot account 4242');
    within(card).getByText('Credential ending …5555');
    within(card).getByText('Map a subject and a body to send value messages');
    const invalid = screen.getByTestId('integration-salesloft');
    within(invalid).getByText('Invalid');
    within(invalid).getByText('Not Authorized');
    within(screen.getByTestId('integration-outreach')).getByText('Not available yet');
    await within(card).findByTestId('field-mappings-hubspot');
  });

  it('says "Not reached" of a tool a check did not reach, "Pending" while one runs; the key named as the tool names it', async () => {
    const unreached = {
      ...hubspot,
      status: 'PENDING' as const,
      status_message: 'connect ECONNREFUSED',
      account_name: null,
    };
    serve({
      ...list(true),
      integrations: [
        { entry: entry('apolloio', 'Apollo'), connection: { ...unreached, type: 'apolloio' } },
        { entry: entry('hubspot', 'HubSpot'), connection: { ...unreached, checked_at: null, status_message: null } },
        { entry: entry('salesloft', 'Salesloft'), connection: null },
      ],
    });
    renderWithProviders(<IntegrationsPage />);
    const apollo = await screen.findByTestId('integration-apolloio');
    expect(within(apollo).getByTestId('integration-status').textContent).toBe('Not reached');
    within(apollo).getByText(/^Apollo could not be reached at the last check/);
    const checking = screen.getByTestId('integration-hubspot');
    expect(within(checking).getByTestId('integration-status').textContent).toBe('Pending');
    expect(within(checking).queryByText(/could not be reached/)).toBeNull();
    within(screen.getByTestId('integration-salesloft')).getByLabelText('API key');
    // Replacing a key can be given up: the current one is kept and the form closes.
    fireEvent.click(within(checking).getByRole('button', { name: 'Replace credential' }));
    // ...and the keyboard is in the field the new one is pasted into.
    expect(document.activeElement).toBe(within(checking).getByLabelText('Private-app token'));
    fireEvent.click(within(checking).getByRole('button', { name: 'Keep the current credential' }));
    expect(within(checking).queryByLabelText('Private-app token')).toBeNull();
    within(checking).getByRole('button', { name: 'Replace credential' });
  });

  it('lets an admin connect a tool with its key, sent once and cleared from the field', async () => {
    const calls = serve(list(true));
    renderWithProviders(<IntegrationsPage />);
    const card = await screen.findByTestId('integration-apolloio');
    const input = within(card).getByLabelText('API key');
    fireEvent.change(input, { target: { value: 'apollo-key-123456' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/api/integrations/apolloio', body: { credential: 'apollo-key-123456' } },
      ]),
    );
    await vi.waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
  });

  it('gives the keyboard back once a key was checked, where the Connect it was on had gone disabled', async () => {
    serve(list(true));
    renderWithProviders(<IntegrationsPage />);
    const card = await screen.findByTestId('integration-apolloio');
    const input = within(card).getByLabelText('API key') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'apollo-key-123456' } });
    const connect = within(card).getByRole('button', { name: 'Connect' });
    connect.focus();
    fireEvent.click(connect);
    await vi.waitFor(() => expect(input.value).toBe(''));
    // Still unconnected in this list: back to the field, not left on a disabled button.
    await vi.waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('says Pending at once while a key is checked, not the old status', async () => {
    // The tool takes its time to answer: the check is still running when the card is read.
    serve(list(true), (method) => (method === 'PUT' ? (new Promise(() => {}) as unknown as Response) : null));
    renderWithProviders(<IntegrationsPage />);
    const card = await screen.findByTestId('integration-apolloio');
    fireEvent.change(within(card).getByLabelText('API key'), { target: { value: 'apollo-key-slow-1' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    await vi.waitFor(() => expect(within(card).getByTestId('integration-status').textContent).toBe('Pending'));
  });

  it('tells someone who cannot re-check that an admin can, rather than to press Re-check', async () => {
    serve({
      ...list(false),
      integrations: [
        {
          entry: entry('apolloio', 'Apollo'),
          connection: { ...hubspot, type: 'apolloio', status: 'PENDING', status_message: 'connect ECONNREFUSED' },
        },
      ],
    });
    renderWithProviders(<IntegrationsPage />);
    const card = await screen.findByTestId('integration-apolloio');
    // Unreachable is the server's network, not the credential: a refused credential reads Invalid.
    within(card).getByText(
      /this Quarry server may not be allowed to reach Apollo \(its network or proxy settings\): tell an admin\.$/,
    );
    expect(within(card).queryByText(/Re-check/)).toBeNull();
  });

  it('connects with Enter in the key field, as a form does', async () => {
    const calls = serve(list(true));
    renderWithProviders(<IntegrationsPage />);
    const card = await screen.findByTestId('integration-apolloio');
    const input = within(card).getByLabelText('API key');
    fireEvent.change(input, { target: { value: 'apollo-key-enter-1' } });
    const form = input.closest('form');
    expect(form).not.toBeNull();
    fireEvent.submit(form as HTMLFormElement);
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/api/integrations/apolloio', body: { credential: 'apollo-key-enter-1' } },
      ]),
    );
  });

  it('opens Outreach’s consent in a new window at the authorization URL and waits for the connection', async () => {
    const popup = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    const calls = serve({
      ...list(true),
      integrations: list(true).integrations.map((i) =>
        i.entry.type === 'outreach' ? { entry: entry('outreach', 'Outreach'), connection: null } : i,
      ),
    });
    renderWithProviders(<IntegrationsPage />);
    const card = await screen.findByTestId('integration-outreach');
    expect(within(card).queryByLabelText('API key')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await vi.waitFor(() => expect(popup.location.href).toBe('https://outreach.example/oauth/authorize?state=s'));
    expect(popup.opener).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/integrations/outreach/oauth', body: undefined },
    ]);
    await within(card).findByText('Finish connecting in the Outreach window. This page checks every few seconds.');
  });

  it('offers Salesloft’s OAuth besides its key once Quarry’s OAuth app is configured, and only then', async () => {
    const popup = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
    const withSalesloft = (oauth: boolean): IntegrationsResponse => ({
      ...list(true),
      integrations: list(true).integrations.map((i) =>
        i.entry.type === 'salesloft' ? { entry: entry('salesloft', 'Salesloft', true, oauth), connection: null } : i,
      ),
    });
    serve(withSalesloft(false));
    const first = renderWithProviders(<IntegrationsPage />);
    const plain = await screen.findByTestId('integration-salesloft');
    within(plain).getByLabelText('API key');
    expect(within(plain).queryByRole('button', { name: 'Connect with OAuth' })).toBeNull();
    first.unmount();

    const calls = serve(withSalesloft(true));
    renderWithProviders(<IntegrationsPage />);
    const card = await screen.findByTestId('integration-salesloft');
    within(card).getByLabelText('API key');
    fireEvent.click(within(card).getByRole('button', { name: 'Connect with OAuth' }));
    await vi.waitFor(() => expect(popup.location.href).toBe('https://outreach.example/oauth/authorize?state=s'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/integrations/salesloft/oauth', body: undefined },
    ]);
    await within(card).findByText('Finish connecting in the Salesloft window. This page checks every few seconds.');
  });

  it('says so when the browser blocks the consent window', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    serve({
      ...list(true),
      integrations: list(true).integrations.map((i) =>
        i.entry.type === 'outreach' ? { entry: entry('outreach', 'Outreach'), connection: null } : i,
      ),
    });
    renderWithProviders(<IntegrationsPage />);
    const card = await screen.findByTestId('integration-outreach');
    fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    await within(card).findByText('Your browser blocked the Outreach window. Allow pop-ups for Quarry and try again.');
  });

  it('says a tool that did not answer has not refused anything, and offers no Connect that can only fail', async () => {
    const pending: IntegrationConnection = {
      ...hubspot,
      type: 'apolloio',
      status: 'PENDING',
      status_message: 'the service could not be reached',
      account_name: null,
      field_mappings: {},
    };
    serve({
      ...list(true),
      integrations: list(true).integrations.map((i) =>
        i.entry.type === 'apolloio'
          ? { entry: entry('apolloio', 'Apollo'), connection: pending }
          : i.entry.type === 'outreach'
            ? { entry: entry('outreach', 'Outreach', true, false), connection: null }
            : i,
      ),
    });
    renderWithProviders(<IntegrationsPage />);
    const card = await screen.findByTestId('integration-apolloio');
    within(card).getByText(
      /^Apollo could not be reached at the last check\. Quarry keeps the credential and tries again every 6 hours/,
    );
    within(card).getByText('Fields can be mapped once Apollo accepts the credential');
    expect(within(card).queryByText('the service could not be reached')).toBeNull();
    // Outreach connects by OAuth only, and this server has no OAuth app for it: said, no button.
    const outreach = screen.getByTestId('integration-outreach');
    within(outreach).getByText(/not set up on this Quarry server yet/);
    expect(within(outreach).queryByRole('button', { name: 'Connect' })).toBeNull();
  });

  it('shows a rep the tools read-only', async () => {
    serve(list(false));
    renderWithProviders(<IntegrationsPage />);
    await screen.findByText('Only an admin can connect tools and map fields.');
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(screen.queryByTestId('field-mappings-hubspot')).toBeNull();
  });

  it('disconnects a tool only once the admin confirms, and not when they cancel', async () => {
    const body = list(true);
    const calls = serve(body);
    // The app's shell provides the modals a confirmation opens in.
    renderWithProviders(
      <ModalsProvider>
        <IntegrationsPage />
      </ModalsProvider>,
    );
    const card = await screen.findByTestId('integration-hubspot');
    const deletes = () => calls.filter((c) => c.method === 'DELETE');

    fireEvent.click(within(card).getByRole('button', { name: 'Disconnect' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect HubSpot?' });
    within(dialog).getByText(/Quarry forgets the credential and the field mappings/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Disconnect' }));
    dialog = await screen.findByRole('dialog', { name: 'Disconnect HubSpot?' });
    // Read again after the delete, HubSpot has no connection.
    body.integrations = body.integrations.map((i) => (i.entry.type === 'hubspot' ? { ...i, connection: null } : i));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await vi.waitFor(() =>
      expect(deletes()).toEqual([{ method: 'DELETE', url: '/api/integrations/hubspot', body: undefined }]),
    );
    // The keyboard goes on from the field to connect it again, not from the page's top.
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(
        within(screen.getByTestId('integration-hubspot')).getByLabelText(/^Private-app token/),
      ),
    );
  });

  it('says why Connect waits while the key typed is shorter than any key', async () => {
    serve(list(true));
    renderWithProviders(<IntegrationsPage />);
    const card = await screen.findByTestId('integration-apolloio');
    const input = within(card).getByLabelText('API key');
    fireEvent.change(input, { target: { value: 'abc' } });
    within(card).getByText('A key or token has at least 8 characters');
    expect((within(card).getByRole('button', { name: 'Connect' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'apollo-key-long-enough' } });
    expect(within(card).queryByText('A key or token has at least 8 characters')).toBeNull();
    expect((within(card).getByRole('button', { name: 'Connect' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says a refused credential under its field, and keeps what was typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve(list(true), (method) =>
      method === 'PUT' ? refusal('credential', 'Too big: expected string to have <=2000 characters') : null,
    );
    renderWithProviders(<IntegrationsPage />);
    const card = await screen.findByTestId('integration-apolloio');
    const input = within(card).getByLabelText('API key');
    fireEvent.change(input, { target: { value: 'apollo-key-refused' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    const message = await within(card).findByText('Too big: expected string to have <=2000 characters');
    expect(input.getAttribute('aria-describedby') ?? '').toContain(message.id);
    expect((input as HTMLInputElement).value).toBe('apollo-key-refused');
  });

  it('says a refused mapping under the field it concerns', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve(list(true), (method, url) =>
      method === 'PUT' && url.endsWith('/field-mappings')
        ? refusal('field_mappings.value_message_subject', 'HubSpot has no field quarry_subject')
        : null,
    );
    renderWithProviders(<IntegrationsPage />);
    const form = await screen.findByTestId('field-mappings-hubspot');
    fireEvent.click(await within(form).findByRole('button', { name: 'Save mappings' }));
    const message = await within(form).findByText('HubSpot has no field quarry_subject');
    const subject = within(form).getByLabelText('Value message subject');
    expect(subject.getAttribute('aria-describedby') ?? '').toContain(message.id);
  });

  it('says in the consent window why Outreach’s callback was refused (the reason’s translation), and stays open', async () => {
    serve(list(true));
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/preferences/integrations?oauth=outreach&failed=oauth_state_expired');
    try {
      renderWithProviders(<IntegrationsPage />);
      const alert = await screen.findByRole('alert');
      await within(alert).findByText('Connecting Outreach did not finish');
      within(alert).getByText('The authorization took too long: connect again');
      within(alert).getByText(/^Close this window, then press Connect again/);
      expect(close).not.toHaveBeenCalled();
    } finally {
      window.history.replaceState(null, '', '/');
      close.mockRestore();
    }
  });

  it('closes the consent window when the callback connected, and reads an unknown reason as the generic error', async () => {
    serve(list(true));
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    try {
      window.history.replaceState(null, '', '/preferences/integrations?oauth=outreach');
      renderWithProviders(<IntegrationsPage />);
      await vi.waitFor(() => expect(close).toHaveBeenCalledTimes(1));
      cleanup();
      window.history.replaceState(null, '', '/preferences/integrations?oauth=outreach&failed=apiErrors.x');
      renderWithProviders(<IntegrationsPage />);
      within(await screen.findByRole('alert')).getByText('Something went wrong, please try again');
      expect(close).toHaveBeenCalledTimes(1);
    } finally {
      window.history.replaceState(null, '', '/');
      close.mockRestore();
    }
  });
});
