import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n.ts';
import { prepareDom, renderWithProviders } from '../test-support/dom.tsx';
import { MomentInput } from './moment-input.tsx';

beforeAll(prepareDom);
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('MomentInput', () => {
  it('shows and picks a moment in the interface language, on the 24-hour clock where it is used', async () => {
    await changeLanguage('ja');
    const onChange = vi.fn();
    renderWithProviders(<MomentInput label="開始" value="2026-11-29T13:05" onChange={onChange} />);
    const field = screen.getByRole('button', { name: '開始' });
    expect(field.textContent).toBe('2026/11/29 13:05');
    fireEvent.click(field);
    expect(await screen.findByText('2026年11月')).toBeTruthy();
    expect((screen.getByLabelText('時') as HTMLInputElement).value).toBe('13');
    const days = (await screen.findAllByText('30')).map((day) => day.closest('button'));
    const november30 = days.find((day) => day && !day.hasAttribute('data-outside'));
    fireEvent.click(november30 as HTMLButtonElement);
    fireEvent.click(screen.getByLabelText('決定'));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30T13:05');
    // Done hands the focus back to the field, not to the page under the dialog it sits in.
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('counts 12 hours where the language does, with its own morning and afternoon', async () => {
    await changeLanguage('ko');
    renderWithProviders(<MomentInput label="시작" value="2026-11-29T14:30" onChange={() => {}} />);
    const field = screen.getByRole('button', { name: '시작' });
    // (This machine's Intl may name the afternoon "PM" in Korean, where a browser says 오후.)
    expect(field.textContent).toMatch(/^2026\. 11\. 29\. .*2:30$/);
    fireEvent.click(field);
    expect(((await screen.findByLabelText('시')) as HTMLInputElement).value).toBe('02');
    const half = screen.getByLabelText('오전 또는 오후') as HTMLInputElement | HTMLSelectElement;
    const afternoon = new Intl.DateTimeFormat('ko-KR', { hour: 'numeric', hour12: true })
      .formatToParts(new Date(2026, 0, 1, 15))
      .find((part) => part.type === 'dayPeriod')?.value;
    expect(half.value).toBe(afternoon);
    // The calendar's arrows are named, and its days read as Korean writes a date.
    expect(screen.getByLabelText('다음 달')).toBeTruthy();
    expect(screen.getByLabelText('2026년 11월 30일')).toBeTruthy();
  });

  it('is empty for no moment, and answers "" when cleared', async () => {
    const onChange = vi.fn();
    renderWithProviders(<MomentInput label="Ends" clearable value="2026-11-29T13:05" onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Ends' }).textContent).toBe('Nov 29, 2026, 1:05 PM');
    fireEvent.click(document.querySelector('.mantine-InputClearButton-root, [data-clear]') as Element);
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
