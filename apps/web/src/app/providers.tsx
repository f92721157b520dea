import { type CSSVariablesResolver, createTheme, MantineProvider, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { themePreferenceManager } from '../lib/color-scheme-manager.ts';
import { queryClient } from '../lib/query-client.ts';

/** A finger, not a mouse, points here: small controls grow to a size a finger hits. */
const touchScreen = typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;

const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white button text above the WCAG AA contrast ratio.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // A reader who asked their system for less motion gets drawers, menus and accordions that open
  // at once instead of sliding and fading.
  respectReducedMotion: true,
  // Text on a filled colour (a green button, an orange avatar) is black or white, whichever reads
  // better on it: 0.179 is the luminance at which both give the same contrast, so either gives at
  // least 4.58:1 (WCAG AA). White stays on the blue of primary buttons.
  autoContrast: true,
  luminanceThreshold: 0.179,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // A page title shrinks on a phone (26 px at 390 px wide, Mantine's 34 px from about 830 px), so
  // a long title word ("Correspondance de valeur" in French) fits the screen.
  headings: { sizes: { h1: { fontSize: 'clamp(1.625rem, 1.2rem + 1.8vw, 2.125rem)' } } },
  components: {
    // Titles wrap between words first; a word wider than the screen (a wide font, a long name)
    // breaks rather than pushing the page sideways, whatever fonts the reader's machine has.
    Title: Title.extend({ styles: { root: { overflowWrap: 'anywhere' } } }),
    // A table wider than a phone shows its scrollbar while it overflows, not only under a mouse
    // pointer: on a touch screen the Email and Admin columns had been cut off with no sign they
    // were there. (Named, not extended: Table stays out of the sign-in page's JavaScript.)
    TableScrollContainer: { defaultProps: { scrollAreaProps: { type: 'auto' } } },
    // On a touch screen a tick box or a switch is 24 px tall (WCAG 2.5.8), not 20: rows of them in
    // My Accounts, a list, an account's contacts, triggers and roles were hard to hit with a finger.
    // (Named, not extended, as above.)
    Checkbox: { defaultProps: { size: touchScreen ? 'md' : 'sm' } },
    Radio: { defaultProps: { size: touchScreen ? 'md' : 'sm' } },
    Switch: { defaultProps: { size: touchScreen ? 'md' : 'sm' } },
    // A menu opened by a click holds its focus on itself, not on a focusable "presentation" element
    // Mantine adds among the items, which a screen reader's menu may not hold (axe:
    // aria-required-children, on every menu). Keys still start on the first item (menu-keys.ts).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});
const colorSchemeManager = themePreferenceManager();

/**
 * The text colour of a light badge, alert or button in the light theme: Mantine's shade 9 reads
 * below WCAG AA on its shade 1 (the background) or shade 2 (a light button's hover, and its open
 * state: "Add people" read at 4.01:1) for these colours; each is shade 9 darkened only as far as
 * needed to reach 4.5:1 on both (written out, not computed, to keep Mantine's colour functions out
 * of the sign-in page's JavaScript; providers.test.ts checks the ratios).
 */
export const READABLE_LIGHT_COLORS = {
  red: '#b12525',
  violet: '#5a3aba',
  indigo: '#3249b9',
  blue: '#165c9c',
  cyan: '#0a697b',
  teal: '#077150',
  green: '#247334',
  lime: '#48730a',
  yellow: '#a15300',
  orange: '#af3a0c',
} as const;

const readableLightColors = Object.fromEntries(
  Object.entries(READABLE_LIGHT_COLORS).map(([name, color]) => [`--mantine-color-${name}-light-color`, color]),
);

// Mantine's default dimmed grey is below AA contrast on white; use a darker one in light mode.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', ...readableLightColors },
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
