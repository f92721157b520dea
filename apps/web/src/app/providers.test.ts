import { DEFAULT_THEME, luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { READABLE_LIGHT_COLORS } from './providers.tsx';

const contrast = (a: string, b: string) => {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};

describe('light badge, alert and button text', () => {
  it('reads at WCAG AA (4.5:1) on its light background and on its hover, where Mantine shade 9 does not', () => {
    for (const [name, color] of Object.entries(READABLE_LIGHT_COLORS)) {
      const shades = DEFAULT_THEME.colors[name as keyof typeof READABLE_LIGHT_COLORS];
      expect(Math.min(contrast(shades[9], shades[1]), contrast(shades[9], shades[2])), `${name} shade 9`).toBeLessThan(
        4.5,
      );
      expect(contrast(color, shades[1]), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(color, shades[2]), `${name} on its hover`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('covers every Mantine colour whose shade 9 is below 4.5:1 on shade 1 or shade 2', () => {
    const below = Object.entries(DEFAULT_THEME.colors)
      .filter(([, shades]) => Math.min(contrast(shades[9], shades[1]), contrast(shades[9], shades[2])) < 4.5)
      .map(([name]) => name)
      .sort();
    expect(below).toEqual(Object.keys(READABLE_LIGHT_COLORS).sort());
  });
});
