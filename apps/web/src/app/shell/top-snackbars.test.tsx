import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showRouteSnackbar, showSnackbar, useSnackbarStore } from '../../lib/snackbar-store.ts';
import { prepareDom, renderWithProviders } from '../../test-support/dom.tsx';
import { TopSnackbars } from './top-snackbars.tsx';

beforeAll(prepareDom);
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  act(() => {
    useSnackbarStore.getState().closeGeneral();
    useSnackbarStore.getState().closeRoute();
  });
});

const render = () =>
  renderWithProviders(
    <MemoryRouter>
      <TopSnackbars />
    </MemoryRouter>,
  );
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('TopSnackbars', () => {
  it('closes a message after its 4 seconds when nobody is on it', () => {
    render();
    act(() => showSnackbar('Filter saved'));
    wait(3_999);
    expect(screen.queryByTestId('snackbar-general')).not.toBeNull();
    wait(1);
    expect(screen.queryByTestId('snackbar-general')).toBeNull();
  });

  it('keeps a message while the keyboard is on its Visit, and gives it its time again once left', () => {
    render();
    act(() => showRouteSnackbar('1 added to "Morning calls"', '/lists/l1'));
    const visit = screen.getByRole('button', { name: 'Visit' });
    wait(2_000);
    act(() => visit.focus());
    wait(10_000);
    expect(screen.queryByTestId('snackbar-route')).not.toBeNull();
    act(() => visit.blur());
    wait(3_999);
    expect(screen.queryByTestId('snackbar-route')).not.toBeNull();
    wait(1);
    expect(screen.queryByTestId('snackbar-route')).toBeNull();
  });

  it('keeps a message while it is pointed at; the next message starts its own time', () => {
    render();
    act(() => showSnackbar('Filter saved'));
    fireEvent.mouseEnter(screen.getByTestId('snackbar-general'));
    wait(10_000);
    expect(screen.getByTestId('snackbar-general').textContent).toContain('Filter saved');
    act(() => showSnackbar('Filter deleted'));
    wait(4_000);
    expect(screen.queryByTestId('snackbar-general')).toBeNull();
  });
});
