import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../test-support/dom.tsx';
import { RetryAlert } from './retry-alert.tsx';

beforeAll(prepareDom);
afterEach(cleanup);

describe('RetryAlert', () => {
  it('says what failed as an alert, and asks again on its button', () => {
    const onRetry = vi.fn();
    renderWithProviders(<RetryAlert message="Error getting flows" retryLabel="Try again" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Error getting flows');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
