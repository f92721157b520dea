import type { IntegrationConnection, IntegrationsResponse, MailboxesResponse } from '@quarry/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { flowSummary } from '../../../test-support/flows.ts';
import { FlowSendPanel } from './flow-send-panel.tsx';

/** The flow page's send panel, Outreach chosen: its "Send from" select (issue #21). */

const flow = flowSummary({ message_count: 1, generated_count: 1, needs_review_count: 0, approved_count: 1 });
const outreach: IntegrationConnection = {
  type: 'outreach',
  status: 'VALID',
  status_message: null,
  account_name: 'Owen Reach (Outreach)',
  credential_tail: 'OAuth',
  checked_at: '2026-11-26T05:00:00.000Z',
  connected_by: 'u_ada',
  connected_at: '2026-11-26T05:00:00.000Z',
  field_mappings: { value_message_subject: 'custom1', value_message_body: 'custom2' },
  value_messaging_configured: true,
};
const integrations: IntegrationsResponse = {
  integrations: [
    {
      entry: {
        type: 'outreach',
        name: 'Outreach',
        brand_colour: '#5951FF',
        icon: '/integrations/outreach.svg',
        auth: 'oauth',
        available: true,
        oauth: true,
      },
      connection: outreach,
    },
  ],
  can_manage: false,
};

/** The API as the panel reads it; `mailboxes` answers GET …/mailboxes. Every send is recorded. */
function serve(mailboxes: () => Response) {
  const sends: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/integrations') return Response.json(integrations);
      if (url === '/api/integrations/outreach/sequences') {
        return Response.json({ sequences: [{ id: '41', name: 'Quarry outbound' }] });
      }
      if (url === '/api/integrations/outreach/mailboxes') return mailboxes();
      if (url === '/api/flows/f1/send' && init?.method === 'POST') {
        sends.push(JSON.parse(String(init.body)));
        return Response.json({ ...flow, destination_type: 'engagement', destination_integration: 'outreach' });
      }
      return Response.json({ error: { code: 'not_found', message: `No route ${url}` } }, { status: 404 });
    }),
  );
  return sends;
}

const renderPanel = () =>
  renderWithProviders(
    <MemoryRouter>
      <FlowSendPanel flow={flow} locked={false} />
    </MemoryRouter>,
  );

const mailbox = (id: string, email: string): MailboxesResponse['mailboxes'][number] => ({ id, email });

/** Chooses Engagement, then the tool's one sequence, as a person does. */
async function chooseSequence() {
  renderPanel();
  const panel = screen.getByTestId('flow-send');
  const engagement = await within(panel).findByRole('radio', { name: 'Engagement' });
  await vi.waitFor(() => expect((engagement as HTMLInputElement).disabled).toBe(false));
  fireEvent.click(engagement);
  fireEvent.click(await within(panel).findByLabelText('Enrol in sequence'));
  fireEvent.click(await screen.findByRole('option', { name: 'Quarry outbound', hidden: true }));
  return panel;
}

beforeAll(prepareDom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Send from', () => {
  it('lists the tool’s mailboxes once a sequence is chosen and sends the chosen one’s id', async () => {
    const sends = serve(() =>
      Response.json({ mailboxes: [mailbox('31', 'owen@outreach.example'), mailbox('32', 'sales@outreach.example')] }),
    );
    const panel = await chooseSequence();
    const sendFrom = await within(panel).findByLabelText('Send from');
    await vi.waitFor(() => expect((sendFrom as HTMLInputElement).disabled).toBe(false));
    expect((sendFrom as HTMLInputElement).placeholder).toBe('The tool’s default');
    fireEvent.click(sendFrom);
    fireEvent.click(await screen.findByRole('option', { name: 'sales@outreach.example', hidden: true }));
    expect((sendFrom as HTMLInputElement).value).toBe('sales@outreach.example');
    fireEvent.click(within(panel).getByRole('button', { name: 'Send 1 approved' }));
    await vi.waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]).toEqual({
      destination: 'engagement',
      integration: 'outreach',
      sequence_id: '41',
      mailbox_id: '32',
    });
  });

  it('sends no mailbox id when none is chosen: the tool’s default', async () => {
    const sends = serve(() => Response.json({ mailboxes: [mailbox('31', 'owen@outreach.example')] }));
    const panel = await chooseSequence();
    await within(panel).findByLabelText('Send from');
    fireEvent.click(within(panel).getByRole('button', { name: 'Send 1 approved' }));
    await vi.waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]).toEqual({ destination: 'engagement', integration: 'outreach', sequence_id: '41' });
  });

  it('says the tool names no mailbox when its list is empty, and sends without one', async () => {
    const sends = serve(() => Response.json({ mailboxes: [] }));
    const panel = await chooseSequence();
    const empty = await within(panel).findByTestId('send-from-empty');
    expect(empty.textContent).toBe('Outreach lists no mailbox to choose: it sends from its own default');
    expect(within(panel).queryByLabelText('Send from')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Send 1 approved' }));
    await vi.waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]).not.toHaveProperty('mailbox_id');
  });

  it('says so when the tool’s mailboxes cannot be read', async () => {
    serve(() =>
      Response.json(
        { error: { code: 'integration_unreachable', message: 'Outreach could not be reached' } },
        { status: 409 },
      ),
    );
    const panel = await chooseSequence();
    const error = await within(panel).findByRole('alert');
    expect(error.textContent).toBe('Quarry could not read Outreach’s mailboxes: it will send from its own default');
    expect(within(panel).queryByLabelText('Send from')).toBeNull();
  });

  it('asks for no mailbox before a sequence is chosen', async () => {
    serve(() => Response.json({ mailboxes: [mailbox('31', 'owen@outreach.example')] }));
    renderPanel();
    const panel = screen.getByTestId('flow-send');
    const engagement = await within(panel).findByRole('radio', { name: 'Engagement' });
    await vi.waitFor(() => expect((engagement as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(engagement);
    await within(panel).findByLabelText('Enrol in sequence');
    expect(within(panel).queryByLabelText('Send from')).toBeNull();
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).endsWith('/mailboxes'))).toBe(false);
  });
});
