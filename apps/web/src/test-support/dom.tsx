import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { initI18n, loadFeatureStrings } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** A browser's media queries, those in `matching` holding (a phone's width, a touch screen). */
export function mediaQueries(matching: readonly string[] = []): (query: string) => MediaQueryList {
  return (query: string) =>
    ({
      matches: matching.includes(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** What Mantine needs of a browser that happy-dom lacks, and the English texts. Call in beforeAll. */
export async function prepareDom(): Promise<void> {
  window.matchMedia ??= mediaQueries();
  Element.prototype.scrollIntoView ??= () => {};
  // Mantine's autosizing Textarea listens for web fonts loading.
  if (!('fonts' in document) || !document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  await initI18n();
  await loadFeatureStrings();
}

/**
 * Renders a screen with the providers the app gives it (mutations report through the app's
 * mutation cache); queries are not retried. `staleTime` as the app's (30 s) where a test is about
 * what is read again and when; 0 otherwise.
 */
export function renderWithProviders(ui: ReactNode, { staleTime = 0 }: { staleTime?: number } = {}) {
  const client = createQueryClient({ defaultOptions: { queries: { retry: false, staleTime } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>{ui}</MantineProvider>
    </QueryClientProvider>,
  );
}
