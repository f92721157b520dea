import { ModalsProvider } from '@mantine/modals';
import type { StoredTrigger } from '@quarry/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { TriggersPage } from './triggers-page.tsx';

const stamps = { created: '2026-01-05', created_by: 'u1', updated: '2026-01-05', updated_by: 'u1' };
/** A trigger saved before the API required a phrase: it can never match. */
const phraseless: StoredTrigger = {
  id: 'tr_old',
  name: 'Old port trigger',
  hit_type: 'event',
  phrases: [],
  enabled: true,
  hypothesis_ids: [],
  ...stamps,
};
const withPhrase: StoredTrigger = { ...phraseless, id: 'tr_new', name: 'Harbour trigger', phrases: ['harbour'] };

/** The API as the page reads it: the two triggers and the hypotheses given; every write is recorded. */
function serve(hypotheses: unknown[] = []): string[] {
  const writes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method && init.method !== 'GET') writes.push(`${init.method} ${url}`);
      const body = url.endsWith('/api/triggers') ? { triggers: [phraseless, withPhrase] } : { hypotheses };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return writes;
}

const renderPage = (canEdit: boolean) =>
  renderWithProviders(
    <ModalsProvider>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <TriggersPage canEdit={canEdit} /> }])} />
    </ModalsProvider>,
  );

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TriggersPage with a trigger saved without phrases', () => {
  it('says on that card why it never matches and asks an editor to add a phrase; Save then requires one', async () => {
    const writes = serve();
    renderPage(true);
    const warning = await screen.findByTestId('trigger-no-phrases');
    expect(warning.textContent).toBe('This trigger has no phrases, so it never matches. Edit it to add one.');
    // Only the phraseless card carries it; the other shows its phrase.
    const cards = screen.getAllByTestId('trigger');
    expect(cards.map((c) => within(c).queryByTestId('trigger-no-phrases') !== null)).toEqual([true, false]);
    expect(within(cards[1] as HTMLElement).getByText('harbour')).toBeTruthy();

    fireEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Edit “Old port trigger”' }));
    const form = screen.getByTestId('trigger-form');
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Old port trigger');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Add at least one phrase: a trigger without phrases never matches'),
    ).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('says under an emptied name that the trigger needs one, and keeps Save off until it has one', async () => {
    const writes = serve();
    renderPage(true);
    const cards = await screen.findAllByTestId('trigger');
    fireEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Edit “Harbour trigger”' }));
    const form = screen.getByTestId('trigger-form');
    const name = within(form).getByLabelText('Name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: '   ' } });
    expect(await within(form).findByText('Name the trigger')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Harbour closures' } });
    expect(within(form).queryByText('Name the trigger')).toBeNull();
    expect(save.disabled).toBe(false);
    expect(writes).toEqual([]);
  });

  it('tells a reader who cannot edit only that the trigger never matches', async () => {
    serve();
    renderPage(false);
    const warning = await screen.findByTestId('trigger-no-phrases');
    expect(warning.textContent).toBe('This trigger has no phrases, so it never matches.');
  });
});

describe('TriggersPage card actions', () => {
  it('names each Edit and Delete after its trigger, so a screen reader can tell them apart', async () => {
    serve();
    renderPage(true);
    await screen.findAllByTestId('trigger');
    for (const name of ['Old port trigger', 'Harbour trigger']) {
      expect(screen.getByRole('button', { name: `Edit “${name}”` }).textContent).toBe('Edit');
      expect(screen.getByRole('button', { name: `Delete “${name}”` }).textContent).toBe('Delete');
    }
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('TriggersPage saving', () => {
  it('sends one save for a double click on Save', async () => {
    const writes = serve();
    renderPage(true);
    const cards = await screen.findAllByTestId('trigger');
    fireEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Edit “Harbour trigger”' }));
    const form = screen.getByTestId('trigger-form');
    const save = within(form).getByRole('button', { name: 'Save' });
    // Both clicks land before the page renders again, as a quick double click's do: the button cannot yet show it is busy.
    save.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    save.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    // Saved: the form is empty again.
    await waitFor(() => expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe(''));
    expect(writes).toEqual(['PATCH /api/triggers/tr_new']);
  });
});

describe('TriggersPage after a save', () => {
  it("gives the keyboard the saved trigger's Edit, where it had dropped to the page with the form's Save", async () => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PATCH') return json({ ...withPhrase, phrases: ['harbour', 'port'] });
        return json(
          String(input).endsWith('/api/triggers') ? { triggers: [phraseless, withPhrase] } : { hypotheses: [] },
        );
      }),
    );
    renderPage(true);
    const cards = await screen.findAllByTestId('trigger');
    fireEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Edit “Harbour trigger”' }));
    const form = screen.getByTestId('trigger-form');
    // Edit opens the form on its name; the keyboard goes on to Save from there.
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Name')));
    const save = within(form).getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit “Harbour trigger”' })),
    );
  });
});

describe('TriggersPage editing', () => {
  it('asks before Cancel throws away a changed trigger, and keeps the edit when told to', async () => {
    serve();
    renderPage(true);
    const cards = await screen.findAllByTestId('trigger');
    fireEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Edit “Harbour trigger”' }));
    const form = screen.getByTestId('trigger-form');
    const name = within(form).getByLabelText('Name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Harbour closures' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(name.value).toBe('Harbour closures');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe(''));
  });

  it('cancels an edit that changed nothing without asking', async () => {
    serve();
    renderPage(true);
    const cards = await screen.findAllByTestId('trigger');
    fireEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Edit “Harbour trigger”' }));
    const form = screen.getByTestId('trigger-form');
    // Once the form has taken the keyboard (Edit opens it on its name).
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Name')));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The keyboard goes back to the card it was editing, not to the form's first field.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit “Harbour trigger”' })),
    );
  });
});

describe('TriggersPage from the keyboard', () => {
  it('saves with Enter in the name, as the other preference forms do', async () => {
    const writes = serve();
    renderPage(true);
    const cards = await screen.findAllByTestId('trigger');
    fireEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Edit “Harbour trigger”' }));
    const name = within(screen.getByTestId('trigger-form')).getByLabelText('Name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Harbour closures' } });
    // Enter in a field submits the form it stands in (the browser's implicit submission).
    const form = name.closest('form');
    expect(form).not.toBeNull();
    fireEvent.submit(form as HTMLFormElement);
    await waitFor(() => expect(writes).toEqual(['PATCH /api/triggers/tr_new']));
  });
});

describe('TriggersPage when what the triggers find cannot be loaded', () => {
  it('says so once above the cards, with a Retry that loads it', async () => {
    let statsAnswers = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.includes('/trigger-stats')) {
          statsAnswers++;
          // The first answer fails; the retry's succeeds.
          return statsAnswers === 1
            ? new Response(JSON.stringify({ error: { code: 'internal', message: 'Internal error' } }), { status: 500 })
            : new Response(JSON.stringify({ triggers: [], computed_at: null }), { status: 200 });
        }
        const body = url.endsWith('/api/triggers') ? { triggers: [phraseless, withPhrase] } : { hypotheses: [] };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderPage(true);
    const error = await screen.findByTestId('trigger-stats-error');
    expect(error.textContent).toContain('Could not load what the triggers find.');
    expect(screen.getAllByTestId('trigger')).toHaveLength(2);
    expect(screen.getAllByText('Could not load what the triggers find.')).toHaveLength(1);
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('trigger-stats-error')).toBeNull());
    expect(statsAnswers).toBe(2);
  });
});

describe('TriggersPage value hypotheses', () => {
  it('shows a hypothesis by its problem, or by its description when the problem was left empty', async () => {
    const hypothesis = {
      id: 'hyp_1',
      name: 'Port congestion',
      description: 'Importers whose containers wait at crowded ports.',
      visibility: 'private',
      problem_or_goal: '',
      product_value: '',
      roi_explanation: '',
      importance: '',
      observation: '',
      ...stamps,
    };
    serve([hypothesis, { ...hypothesis, id: 'hyp_2', name: 'Fuel costs', problem_or_goal: 'Fuel eats margin.' }]);
    renderPage(false);
    const cards = await screen.findAllByTestId('value-hypothesis');
    expect(cards[0]?.textContent).toContain('Importers whose containers wait at crowded ports.');
    expect(cards[1]?.textContent).toContain('Fuel eats margin.');
    expect(cards[1]?.textContent).not.toContain('Importers');
  });
});

describe('TriggersPage, a trigger that supports hypotheses', () => {
  it('names what the hypotheses under a trigger are, one or several', async () => {
    const hypothesis = (id: string, name: string) => ({
      id,
      name,
      description: '',
      visibility: 'public',
      problem_or_goal: '',
      product_value: '',
      roi_explanation: '',
      importance: '',
      observation: '',
      ...stamps,
    });
    const one = { ...withPhrase, id: 'tr_one', name: 'Port strike', hypothesis_ids: ['hyp_1'] };
    const two = { ...withPhrase, id: 'tr_two', name: 'Fuel surcharge', hypothesis_ids: ['hyp_1', 'hyp_2'] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const body = String(input).endsWith('/api/triggers')
          ? { triggers: [one, two] }
          : { hypotheses: [hypothesis('hyp_1', 'Port congestion'), hypothesis('hyp_2', 'Fuel costs')] };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderPage(false);
    await screen.findByText('Port strike');
    const lines = await screen.findAllByTestId('trigger-hypotheses');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Supports the hypothesis: Port congestion',
      'Supports the hypotheses: Port congestion · Fuel costs',
    ]);
  });
});
