import { TagsInput } from '@mantine/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { loadFeatureStrings } from '../lib/i18n.ts';
import { prepareDom, renderWithProviders } from '../test-support/dom.tsx';
import { useRemovablePills } from './removable-pill.tsx';

function Phrases() {
  const [value, setValue] = useState(['recall', 'shortage', 'strike']);
  const removablePill = useRemovablePills();
  return <TagsInput label="Phrases" value={value} onChange={setValue} renderPill={removablePill} />;
}

beforeAll(async () => {
  await prepareDom();
  await loadFeatureStrings();
});
afterEach(cleanup);

it('lets the keyboard remove any pill, not only the last, and gives the focus back to the input', async () => {
  renderWithProviders(<Phrases />);
  const remove = screen.getByRole('button', { name: 'Remove “shortage”' });
  // In the tab order, named for its pill.
  expect(remove.tabIndex).toBe(0);
  // A name cut to fit is whole on hover.
  expect(screen.getByTitle('strike').textContent).toContain('strike');
  remove.focus();
  fireEvent.click(remove);
  await waitFor(() => expect(screen.queryByText('shortage')).toBeNull());
  expect(screen.getByText('recall')).toBeTruthy();
  expect(screen.getByText('strike')).toBeTruthy();
  const input = screen
    .getAllByLabelText('Phrases')
    .find((e) => e.tagName === 'INPUT' && e.getAttribute('type') !== 'hidden');
  await waitFor(() => expect(document.activeElement).toBe(input));
});
