import { ModalsProvider } from '@mantine/modals';
import type { FlowDetail, FlowMessage, UserDocument } from '@quarry/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useSnackbarStore } from '../../../lib/snackbar-store.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { flowSummary } from '../../../test-support/flows.ts';
import { FlowPage } from './flow-page.tsx';

const flow = flowSummary();
const firstStep = { step: 1, kind: 'first_touch', day_offset: 0 } as const;
const message: FlowMessage = {
  id: 'm1',
  master_account_id: 'acc_1',
  account_name: 'Acme',
  contact_id: 'c1',
  contact_name: 'Dana Buyer',
  contact_title: 'VP Operations',
  contact_email: 'dana@acme.test',
  email_usable: true,
  status: 'generated',
  review_reason: null,
  review_detail: null,
  steps: [{ ...firstStep, subject: 'Your port expansion', body: 'Hello Dana' }],
  evidence: {
    hypothesis_name: 'Port logistics',
    problem_or_goal: 'Ships wait too long',
    signal_title: 'Acme opens a new terminal <b>today</b>',
    signal_excerpt: '<img src=x onerror=alert(1)> capacity doubles',
    signal_url: 'javascript:alert(1)',
    signal_source: 'Harbour News',
    signal_published_at: '2026-02-20T00:00:00.000Z',
  },
  edited: false,
  delivery_error: null,
  version: 1,
  updated: '2026-03-02T10:00:00.000Z',
};
const unusable: FlowMessage = {
  ...message,
  id: 'm2',
  contact_id: 'c2',
  contact_name: 'Nobody Reachable',
  contact_email: null,
  email_usable: false,
  status: 'needs_review',
  review_reason: 'unusable_email',
};

type Answer = { status: number; body: unknown };
const json = ({ status, body }: Answer) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The API: GET answers the current detail, PATCH what `patch` says; every write is recorded. */
function serve(state: { detail: FlowDetail; patch: () => Answer }): { method: string; url: string; body: unknown }[] {
  const writes: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (method === 'GET') return json({ status: 200, body: state.detail });
      writes.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return json(state.patch());
    }),
  );
  return writes;
}

/** The flow page in a data router (leaving it may be blocked), with Actions to go back to. */
function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/action/:flowId', element: <FlowPage /> },
      { path: '/actions', element: <p>Actions list</p> },
    ],
    { initialEntries: ['/action/f1'] },
  );
  return renderWithProviders(
    <ModalsProvider>
      <RouterProvider router={router} />
    </ModalsProvider>,
  );
}

const card = (id: string) => {
  const found = screen.getAllByTestId('flow-message').find((c) => c.dataset.messageId === id);
  if (!found) throw new Error(`no message ${id}`);
  return found;
};

beforeAll(prepareDom);

beforeEach(() => useSnackbarStore.setState({ general: null, route: null }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FlowPage message editor', () => {
  it('saves an edit with the version it read', async () => {
    const saved = {
      ...message,
      version: 2,
      edited: true,
      steps: [{ ...firstStep, subject: 'A shorter wait', body: 'Hello Dana' }],
    };
    const state = { detail: { flow, messages: [message, unusable] }, patch: () => ({ status: 200, body: saved }) };
    const writes = serve(state);
    renderPage();
    await screen.findAllByTestId('flow-message');
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(card('m1')).getByLabelText('Subject'), { target: { value: 'A shorter wait' } });
    state.detail = { flow, messages: [saved, unusable] };
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(within(card('m1')).getByTestId('flow-step-subject').textContent).toBe('A shorter wait'),
    );
    expect(writes).toEqual([
      {
        method: 'PATCH',
        url: '/api/flows/f1/messages/m1',
        body: { version: 1, steps: [{ subject: 'A shorter wait', body: 'Hello Dana' }] },
      },
    ]);
  });

  it('asks before leaving the page while an edit is not saved, and lets a saved one go', async () => {
    const saved = {
      ...message,
      version: 2,
      edited: true,
      steps: [{ ...firstStep, subject: 'Mine', body: 'Hello Dana' }],
    };
    const state = { detail: { flow, messages: [message] }, patch: () => ({ status: 200, body: saved }) };
    serve(state);
    renderPage();
    await screen.findAllByTestId('flow-message');
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(card('m1')).getByLabelText('Subject'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('link', { name: 'Back to Actions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain('A message you edited is not saved.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((within(card('m1')).getByLabelText('Subject') as HTMLInputElement).value).toBe('Mine');

    state.detail = { flow, messages: [saved] };
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(within(card('m1')).getByTestId('flow-step-subject').textContent).toBe('Mine'));
    fireEvent.click(screen.getByRole('link', { name: 'Back to Actions' }));
    expect(await screen.findByText('Actions list')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the editor in the first subject; follow-ups answering it follow its new subject, others stay', async () => {
    const threaded: FlowMessage = {
      ...message,
      steps: [
        { ...firstStep, subject: 'Your port expansion', body: 'Hello Dana' },
        { step: 2, kind: 'follow_up', day_offset: 3, subject: 'Re: Your port expansion', body: 'Following up' },
        { step: 3, kind: 'break_up', day_offset: 7, subject: 'Closing the loop', body: 'Last note' },
      ],
    };
    const writes = serve({ detail: { flow, messages: [threaded] }, patch: () => ({ status: 200, body: threaded }) });
    renderPage();
    await screen.findAllByTestId('flow-message');
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Edit' }));
    const subjects = within(card('m1')).getAllByLabelText('Subject') as HTMLInputElement[];
    await vi.waitFor(() => expect(document.activeElement).toBe(subjects[0]));
    fireEvent.change(subjects[0] as HTMLInputElement, { target: { value: 'Quick idea for Acme' } });
    expect(subjects.map((input) => input.value)).toEqual([
      'Quick idea for Acme',
      'Re: Quick idea for Acme',
      'Closing the loop',
    ]);
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    const sent = writes[0]?.body as { steps: { subject: string }[] } | undefined;
    expect(sent?.steps.map((step) => step.subject)).toEqual([
      'Quick idea for Acme',
      'Re: Quick idea for Acme',
      'Closing the loop',
    ]);
  });

  it('on a save someone else beat, says so and reloads that message with their text', async () => {
    const theirs = {
      ...message,
      version: 2,
      edited: true,
      steps: [{ ...firstStep, subject: 'Their subject', body: 'Their body' }],
    };
    const state = {
      detail: { flow, messages: [message, unusable] },
      patch: () => ({
        status: 409,
        body: { error: { code: 'version_conflict', message: 'Someone saved this message in the meantime' } },
      }),
    };
    serve(state);
    renderPage();
    await screen.findAllByTestId('flow-message');
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(card('m1')).getByLabelText('Subject'), { target: { value: 'My subject' } });
    // Meanwhile a colleague saved version 2.
    state.detail = { flow, messages: [theirs, unusable] };
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Save' }));

    await vi.waitFor(() =>
      expect(useSnackbarStore.getState().general?.message).toBe(
        'Someone else saved this message in the meantime. It has been reloaded with their changes; yours were not saved.',
      ),
    );
    await vi.waitFor(() =>
      expect(within(card('m1')).getByTestId('flow-step-subject').textContent).toBe('Their subject'),
    );
    expect(within(card('m1')).queryByLabelText('Subject')).toBeNull();
    expect(within(card('m1')).getByTestId('flow-step-body').textContent).toBe('Their body');

    // The refused text is not lost: the user may edit again with it, over their colleague's version.
    within(card('m1')).getByTestId('flow-message-unsaved');
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Edit with my text' }));
    expect((within(card('m1')).getByLabelText('Subject') as HTMLInputElement).value).toBe('My subject');
    expect(within(card('m1')).queryByTestId('flow-message-unsaved')).toBeNull();
  });

  it('shows why a contact with an unusable email gets nothing, and offers no approval for it', async () => {
    serve({ detail: { flow, messages: [message, unusable] }, patch: () => ({ status: 500, body: {} }) });
    renderPage();
    await screen.findAllByTestId('flow-message');
    expect(within(card('m2')).getByTestId('flow-message-review').textContent).toBe(
      "This contact's email is unusable, so this message will not be sent",
    );
    expect(within(card('m2')).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(card('m1')).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('takes a message out of the flow once the rep confirms, and offers no removal of its last message', async () => {
    const state = { detail: { flow, messages: [message, unusable] }, patch: () => ({ status: 204, body: null }) };
    const writes = serve(state);
    renderPage();
    await screen.findAllByTestId('flow-message');
    fireEvent.click(within(card('m2')).getByRole('button', { name: 'Remove from flow' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Nobody Reachable from this flow?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([]);

    fireEvent.click(within(card('m2')).getByRole('button', { name: 'Remove from flow' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Nobody Reachable from this flow?' });
    state.detail = { flow, messages: [message] };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove from flow' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('flow-message')).toHaveLength(1));
    expect(writes).toEqual([{ method: 'DELETE', url: '/api/flows/f1/messages/m2', body: undefined }]);
    expect(useSnackbarStore.getState().general?.message).toBe('Nobody Reachable removed from the flow');
    // The one left is the flow's last: the flow is deleted instead.
    expect(within(card('m1')).queryByRole('button', { name: 'Remove from flow' })).toBeNull();
  });

  it('deletes the flow from its own page after confirming, and goes back to Actions', async () => {
    const writes = serve({ detail: { flow, messages: [message] }, patch: () => ({ status: 204, body: null }) });
    renderPage();
    const remove = await screen.findByRole('button', { name: /^Delete / });
    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Actions list');
    expect(writes).toEqual([{ method: 'DELETE', url: expect.stringMatching(/\/api\/flows\/f1$/), body: undefined }]);
    expect(useSnackbarStore.getState().general?.message).toBe('Flow deleted');
  });

  it('says every message of a completed flow was sent, and offers neither approval nor sending', async () => {
    const done = flowSummary({
      status: 'flow_completed',
      destination_type: 'download',
      destination_status: 'destination_completed',
      message_count: 1,
      generated_count: 1,
      needs_review_count: 0,
      delivered_count: 1,
    });
    serve({
      detail: { flow: done, messages: [{ ...message, status: 'delivered' }] },
      patch: () => ({ status: 500, body: {} }),
    });
    renderPage();
    // A CSV is downloaded, not sent: "sent" had told the rep someone was written to.
    expect((await screen.findByTestId('flow-send-hint')).textContent).toBe("This flow's message was downloaded.");
    // Sent as a CSV: the message was downloaded, not delivered to its prospect.
    expect(screen.getByTestId('flow-message-status').textContent).toBe('Downloaded');
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Approve all/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('says before the first send that a sent flow can no longer be retried, and not once one went out', async () => {
    const ready = flowSummary({ approved_count: 1 });
    serve({
      detail: { flow: ready, messages: [{ ...message, status: 'approved' }] },
      patch: () => ({ status: 500, body: {} }),
    });
    renderPage();
    expect((await screen.findByTestId('flow-send-final')).textContent).toBe(
      'Once sent, this flow can no longer be retried: its messages stay as they went out.',
    );
    // Read with the Send button, which it stands above.
    const note = screen.getByTestId('flow-send-final');
    const send = screen.getByRole('button', { name: /^Send 1 approved/ });
    expect(send.getAttribute('aria-describedby')).toBe(note.id);
    expect(note.compareDocumentPosition(send) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    cleanup();
    const partly = flowSummary({ approved_count: 1, delivered_count: 1 });
    serve({
      detail: {
        flow: partly,
        messages: [
          { ...message, status: 'approved' },
          { ...message, id: 'm3', status: 'delivered' },
        ],
      },
      patch: () => ({ status: 500, body: {} }),
    });
    renderPage();
    await screen.findByTestId('retry-unavailable');
    expect(screen.queryByTestId('flow-send-final')).toBeNull();
  });

  it('says when Regenerate gave the same text back, and when it wrote a new one', async () => {
    const state: { detail: FlowDetail; patch: () => Answer } = {
      detail: { flow, messages: [message] },
      patch: () => ({ status: 200, body: { ...message, version: 2 } }),
    };
    serve(state);
    renderPage();
    await screen.findAllByTestId('flow-message');
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Regenerate' }));
    await vi.waitFor(() =>
      expect(useSnackbarStore.getState().general?.message).toBe(
        'Written again from the same evidence: the text came out the same. Edit it to change it.',
      ),
    );
    const rewritten = { ...message, version: 3, steps: [{ ...firstStep, subject: 'New words', body: 'Hello Dana' }] };
    state.patch = () => ({ status: 200, body: rewritten });
    state.detail = { flow, messages: [{ ...message, version: 2 }] };
    await vi.waitFor(() => expect(within(card('m1')).getByRole('button', { name: 'Regenerate' })).toBeTruthy());
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Regenerate' }));
    await vi.waitFor(() => expect(useSnackbarStore.getState().general?.message).toBe('Message written again'));
  });

  it('tells the reader an edit of an approved message needs approving again', async () => {
    const approved: FlowMessage = { ...message, status: 'approved' };
    const saved: FlowMessage = { ...message, version: 2, edited: true, status: 'generated' };
    const state: { detail: FlowDetail; patch: () => Answer } = {
      detail: { flow, messages: [approved] },
      patch: () => ({ status: 200, body: saved }),
    };
    serve(state);
    renderPage();
    await screen.findAllByTestId('flow-message');
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(card('m1')).getByLabelText('Body'), { target: { value: 'Hello again, Dana' } });
    state.detail = { flow, messages: [saved] };
    fireEvent.click(within(card('m1')).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(useSnackbarStore.getState().general?.message).toBe(
        'Message saved. It was approved before your edit: approve it again to send it.',
      ),
    );
    await vi.waitFor(() => expect(within(card('m1')).getByRole('button', { name: 'Approve' })).toBeTruthy());
  });

  it('shows signal text as plain text and links a signal only when its address is http(s)', async () => {
    serve({ detail: { flow, messages: [message] }, patch: () => ({ status: 500, body: {} }) });
    const { container } = renderPage();
    const evidence = await screen.findByTestId('flow-evidence');
    expect(within(evidence).getByText('Acme opens a new terminal <b>today</b>')).toBeTruthy();
    expect(evidence.textContent).toContain('<img src=x onerror=alert(1)> capacity doubles');
    expect(container.querySelector('img, b')).toBeNull();
    expect(within(evidence).queryByRole('link')).toBeNull();
  });

  it('says a flow support started while acting as Rita was started "via Support"', async () => {
    serve({
      detail: { flow: { ...flow, initiated_via_support: true }, messages: [message] },
      patch: () => ({ status: 500, body: {} }),
    });
    renderPage();
    expect((await screen.findByTestId('via-support')).textContent).toBe('via Support');
    expect(screen.getByText(/Rita Rep/)).toBeTruthy();
  });

  it('shows a flow still being written with its progress instead of its messages', async () => {
    serve({
      detail: { flow: { ...flow, status: 'flow_in_progress', generated_count: 1 }, messages: [] },
      patch: () => ({ status: 500, body: {} }),
    });
    renderPage();
    const waiting = await screen.findByTestId('flow-waiting');
    expect(within(waiting).getByText('Still writing messages')).toBeTruthy();
    expect(within(waiting).getByText('1 of 2 messages')).toBeTruthy();
    expect(screen.queryByTestId('flow-message')).toBeNull();
  });
});

describe('FlowPage send panel without a connected tool', () => {
  it('tells a rep to ask an admin, and an admin to connect one', async () => {
    const integrations = (url: string) => url.includes('/api/integrations');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        integrations(String(input))
          ? json({ status: 200, body: { integrations: [], can_manage: false } })
          : json({ status: 200, body: { flow, messages: [message] } }),
      ),
    );
    useAuthStore.setState({ user: { uid: 'u_rita', is_admin: false } as UserDocument });
    renderPage();
    await screen.findByText(
      'Ask an admin to connect a tool and map its fields in Organization Settings › Integrations',
    );
    cleanup();
    useAuthStore.setState({ user: { uid: 'u_ada', is_admin: true } as UserDocument });
    renderPage();
    await screen.findByText('Connect a tool and map its fields in Organization Settings › Integrations');
    useAuthStore.setState({ user: null });
  });

  it('says what a connected tool still needs, rather than to connect one', async () => {
    let connection = { status: 'PENDING', value_messaging_configured: false };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/api/integrations')
          ? json({
              status: 200,
              body: { integrations: [{ entry: { type: 'hubspot', name: 'HubSpot' }, connection }], can_manage: true },
            })
          : json({ status: 200, body: { flow, messages: [message] } }),
      ),
    );
    useAuthStore.setState({ user: { uid: 'u_ada', is_admin: true } as UserDocument });
    renderPage();
    await vi.waitFor(() =>
      expect(screen.getByTestId('flow-send-no-tool').textContent).toBe(
        'HubSpot is connected but has not accepted its credential yet: check it again in Organization Settings › Integrations',
      ),
    );
    cleanup();
    connection = { status: 'VALID', value_messaging_configured: false };
    renderPage();
    await vi.waitFor(() =>
      expect(screen.getByTestId('flow-send-no-tool').textContent).toBe(
        'HubSpot is connected: map a subject and a body to its fields in Organization Settings › Integrations',
      ),
    );
    cleanup();
    useAuthStore.setState({ user: { uid: 'u_rita', is_admin: false } as UserDocument });
    renderPage();
    await vi.waitFor(() =>
      expect(screen.getByTestId('flow-send-no-tool').textContent).toBe(
        'HubSpot is connected but not ready to receive messages: ask an admin to finish it in Organization Settings › Integrations',
      ),
    );
    useAuthStore.setState({ user: null });
  });
});
