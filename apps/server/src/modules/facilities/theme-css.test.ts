import { describe, expect, it } from 'vitest';
import type { ThemeColors } from '../../db/schema/index';
import { THEMES } from '../../db/seed/reference-data';
import { contrastRatio, failingContrastPairs, themeToCss } from './theme-css';

describe('contrastRatio', () => {
  it('is 21 for black on white, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
  });

  it('is 1 for equal colours', () => {
    expect(contrastRatio('#0f6b63', '#0f6b63')).toBe(1);
    expect(contrastRatio('#FFFFFF', '#ffffff')).toBe(1);
  });

  it('matches a known WCAG value (#767676 on white is 4.54:1)', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('rejects a colour that is not #rrggbb', () => {
    expect(() => contrastRatio('#fff', '#000000')).toThrow(/#fff/);
  });
});

describe('the bundled themes', () => {
  it.each(THEMES.map((theme) => [theme.name, theme] as const))(
    '%s passes WCAG AA and has ten shades',
    (_name, theme) => {
      expect(failingContrastPairs(theme.colors)).toEqual([]);
      expect(theme.colors.shades).toHaveLength(10);
      for (const shade of theme.colors.shades) expect(shade).toMatch(/^#[0-9a-f]{6}$/i);
    },
  );
});

describe('failingContrastPairs', () => {
  it('names every pair of a bad theme that misses 4.5:1, with its ratio', () => {
    const first = THEMES[0]!.colors;
    const bad: ThemeColors = { ...first, onPrimary: '#ffffff', primary: '#7fd3ca', mutedText: '#cccccc' };
    const failing = failingContrastPairs(bad);
    expect(failing).toEqual([
      expect.stringMatching(/^onPrimary on primary \(\d+\.\d\d:1\)$/),
      expect.stringMatching(/^mutedText on pageBackground \(\d+\.\d\d:1\)$/),
      expect.stringMatching(/^primary on pageBackground \(\d+\.\d\d:1\)$/),
    ]);
  });
});

describe('themeToCss', () => {
  it('writes every shade under both palette names', () => {
    const css = themeToCss(THEMES[0]!.colors);
    THEMES[0]!.colors.shades.forEach((shade, i) => {
      expect(css).toContain(`--mantine-color-brand-${i}: ${shade};`);
      expect(css).toContain(`--mantine-primary-color-${i}: ${shade};`);
    });
  });
});
