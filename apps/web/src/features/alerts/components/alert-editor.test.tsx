import { ModalsProvider } from '@mantine/modals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { blankAlert } from '../utils/alert-draft.ts';
import { AlertEditor, restrictedPage } from './alert-editor.tsx';

beforeAll(prepareDom);
afterEach(cleanup);

it('tells which action links most members cannot open, however they are written', () => {
  for (const link of [
    '/reporting',
    ' /Reporting?from=2026-11-01',
    '/support-alerts/new',
    '/preferences/integrations#apollo',
  ])
    expect(restrictedPage(link), link).toBe(true);
  for (const link of ['/actions', '/', '/settings', '/reportingx', 'https://status.example.com/reporting'])
    expect(restrictedPage(link), link).toBe(false);
});

describe('AlertEditor', () => {
  const open = (onClose: () => void) =>
    renderWithProviders(
      <ModalsProvider>
        <AlertEditor initial={blankAlert()} tenants={[]} onClose={onClose} />
      </ModalsProvider>,
    );

  it('asks before Cancel throws away what was typed, and keeps it when asked to', async () => {
    const onClose = vi.fn();
    open(onClose);
    const title = await screen.findByRole('textbox', { name: /Title/ });
    fireEvent.change(title, { target: { value: 'Maintenance tonight' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard this alert?' });
    expect(ask.textContent).toContain('What you typed here is lost.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard this alert?' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('Maintenance tonight');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('closes at once when nothing was typed', async () => {
    const onClose = vi.fn();
    open(onClose);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: 'Discard this alert?' })).toBeNull();
  });
});
