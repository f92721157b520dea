import { cleanup, fireEvent, screen } from '@testing-library/react';
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
  });

  it('is empty for no moment, and answers "" when cleared', async () => {
    const onChange = vi.fn();
    renderWithProviders(<MomentInput label="Ends" clearable value="2026-11-29T13:05" onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Ends' }).textContent).toBe('Nov 29, 2026, 1:05 PM');
    fireEvent.click(document.querySelector('.mantine-InputClearButton-root, [data-clear]') as Element);
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
