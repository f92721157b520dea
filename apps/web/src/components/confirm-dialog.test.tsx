import { ModalsProvider } from '@mantine/modals';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareDom, renderWithProviders } from '../test-support/dom.tsx';
import { confirm } from './confirm-dialog.tsx';

beforeAll(prepareDom);
afterEach(cleanup);

describe('confirm with a phrase to type', () => {
  it('takes the phrase as the page shows it: runs of spaces in a saved name are typed as one', async () => {
    renderWithProviders(<ModalsProvider>{null}</ModalsProvider>);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({
        title: 'Delete workspace?',
        message: 'It is deleted for everyone it is shared with.',
        confirmPhrase: 'walkB  two   spaces',
        proceedLabel: 'Delete workspace',
        danger: true,
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete workspace?' });
    const proceed = within(dialog).getByRole('button', { name: 'Delete workspace' }) as HTMLButtonElement;
    const phrase = within(dialog).getByTestId('confirm-phrase');
    fireEvent.change(phrase, { target: { value: 'walkB two' } });
    expect(proceed.disabled).toBe(true);
    fireEvent.change(phrase, { target: { value: 'walkB two spaces' } });
    expect(proceed.disabled).toBe(false);
    fireEvent.change(phrase, { target: { value: 'walkb two spaces' } });
    expect(proceed.disabled).toBe(true);
    fireEvent.change(phrase, { target: { value: 'walkB two spaces' } });
    fireEvent.click(proceed);
    expect(await answer).toBe(true);
  });
});
