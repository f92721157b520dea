import type { Report } from '@quarry/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { ReportUsersTable } from './report-users-table.tsx';

const report: Report = {
  from: '2026-03-01',
  to: '2026-03-30',
  days: [],
  weeks: [],
  pages: [],
  events: [],
  users: [
    {
      uid: 'u1',
      display_name: '=HYPERLINK("http://x","y")',
      email: 'mallory@acme.test',
      last_sign_in_at: '2026-03-30T08:00:00.000Z',
      days_active: 3,
      sign_ins: 4,
      events: 5,
    },
    {
      uid: 'u2',
      display_name: 'Rita Rep',
      email: 'rita@acme.test',
      last_sign_in_at: null,
      days_active: 0,
      sign_ins: 0,
      events: 0,
    },
  ],
};

/** Clicks Export CSV and answers the file the browser was handed: its name and its text. */
async function exportCsv(): Promise<{ name: string; text: string }> {
  let blob: Blob | undefined;
  let name = '';
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    blob = object as Blob;
    return 'blob:quarry/report';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    name = this.download;
  });
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  if (!blob) throw new Error('no file was handed to the browser');
  return { name, text: await blob.text() };
}

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ReportUsersTable export', () => {
  it('downloads a CSV in which a display name holding a formula arrives as plain text', async () => {
    renderWithProviders(<ReportUsersTable report={report} />);
    // On screen the name is shown as typed.
    expect(screen.getByText('=HYPERLINK("http://x","y")')).toBeTruthy();

    const { name, text } = await exportCsv();
    expect(name).toBe('quarry-usage-2026-03-01-to-2026-03-30.csv');
    expect(text.split('\r\n')).toEqual([
      '\uFEFFUser,Email,Last sign-in,Days active,Days signed in,Events',
      `"'=HYPERLINK(""http://x"",""y"")",mallory@acme.test,2026-03-30 08:00,3,4,5`,
      'Rita Rep,rita@acme.test,,0,0,0',
      '',
    ]);
  });
});
