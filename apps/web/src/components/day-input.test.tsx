import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n.ts';
import { prepareDom, renderWithProviders } from '../test-support/dom.tsx';
import { DayInput, parseTypedDay } from './day-input.tsx';

beforeAll(prepareDom);
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('parseTypedDay', () => {
  it('reads a day as the interface language writes it, whatever the browser’s language', () => {
    expect(parseTypedDay('10/31/2026', 'en')).toBe('2026-10-31');
    expect(parseTypedDay('31/10/2026', 'fr')).toBe('2026-10-31');
    expect(parseTypedDay('2026/10/31', 'ja')).toBe('2026-10-31');
    expect(parseTypedDay('2026年10月31日', 'cn')).toBe('2026-10-31');
    expect(parseTypedDay('2026. 10. 31.', 'ko')).toBe('2026-10-31');
    expect(parseTypedDay(' 2026-10-31 ', 'fr')).toBe('2026-10-31');
  });

  it('reads back the text the field shows', () => {
    expect(parseTypedDay('Oct 31, 2026', 'en')).toBe('2026-10-31');
    expect(parseTypedDay('31 oct. 2026', 'fr')).toBe('2026-10-31');
  });

  it('is no day until the day is whole and real', () => {
    expect(parseTypedDay('10/31/202', 'en')).toBeNull();
    expect(parseTypedDay('10/31', 'en')).toBeNull();
    expect(parseTypedDay('02/31/2026', 'en')).toBeNull();
    expect(parseTypedDay('31/10/2026', 'en')).toBeNull();
    expect(parseTypedDay('Oct 31, 20', 'en')).toBeNull();
    expect(parseTypedDay('', 'en')).toBeNull();
  });
});

describe('DayInput', () => {
  it('shows and takes a day in the interface language', async () => {
    await changeLanguage('fr');
    const onDay = vi.fn();
    renderWithProviders(
      <DayInput label="Du" minDate="2000-01-01" maxDate="2026-11-29" value="2026-10-31" onDay={onDay} />,
    );
    const field = screen.getByLabelText('Du') as HTMLInputElement;
    expect(field.value).toBe('31 oct. 2026');
    fireEvent.focus(field);
    // The calendar names the month in French.
    expect(await screen.findByText('octobre 2026')).toBeTruthy();
    fireEvent.change(field, { target: { value: '01/10/202' } });
    expect(onDay).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '01/10/2026' } });
    expect(onDay).toHaveBeenLastCalledWith('2026-10-01');
    // Enter closes the calendar over the page, as Escape does.
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByText('octobre 2026')).toBeNull());
    fireEvent.keyDown(field, { key: '1' });
    expect(await screen.findByText('octobre 2026')).toBeTruthy();
    // A whole day after the last one offered is not taken, and the field says why.
    fireEvent.change(field, { target: { value: '15/12/2026' } });
    expect(onDay).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Choisissez un jour du 1 janv. 2000 au 29 nov. 2026.')).toBeTruthy();
  });

  it('heads the calendar’s month as Chinese writes it', async () => {
    await changeLanguage('cn');
    renderWithProviders(
      <DayInput label="开始日期" minDate="2000-01-01" maxDate="2026-11-29" value="2026-10-31" onDay={() => {}} />,
    );
    const field = screen.getByLabelText('开始日期') as HTMLInputElement;
    expect(field.value).toBe('2026年10月31日');
    fireEvent.focus(field);
    expect(await screen.findByText('2026年10月')).toBeTruthy();
  });
});
