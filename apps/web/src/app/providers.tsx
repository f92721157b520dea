import { type CSSVariablesResolver, createTheme, MantineProvider, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { themePreferenceManager } from '../lib/color-scheme-manager.ts';
import { queryClient } from '../lib/query-client.ts';

const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white button text above the WCAG AA contrast ratio.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // A reader who asked their system for less motion gets drawers, menus and accordions that open
  // at once instead of sliding and fading.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // A page title shrinks on a phone (26 px at 390 px wide, Mantine's 34 px from about 830 px), so
  // a long title word ("Correspondance de valeur" in French) fits the screen.
  headings: { sizes: { h1: { fontSize: 'clamp(1.625rem, 1.2rem + 1.8vw, 2.125rem)' } } },
  components: {
    // Titles wrap between words first; a word wider than the screen (a wide font, a long name)
    // breaks rather than pushing the page sideways, whatever fonts the reader's machine has.
    Title: Title.extend({ styles: { root: { overflowWrap: 'anywhere' } } }),
  },
});
const colorSchemeManager = themePreferenceManager();

// Mantine's default dimmed grey is below AA contrast on white; use a darker one in light mode.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

/** What every screen needs; modals and toasts join with the signed-in shell. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
