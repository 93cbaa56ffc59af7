import type { ThemeColors } from './facilities.repository';

function channel(hex: string, start: number): number {
  const c = parseInt(hex.slice(start, start + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const h = hex.replace('#', '');
  if (!/^[0-9a-fA-F]{6}$/.test(h)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return 0.2126 * channel(h, 0) + 0.7152 * channel(h, 2) + 0.0722 * channel(h, 4);
}

/** WCAG 2 contrast ratio between two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The foreground/background pairs a theme paints text with; each must reach WCAG AA (4.5:1). */
export function themeTextPairs(c: ThemeColors): [string, string, string][] {
  return [
    ['onPrimary on primary', c.onPrimary, c.primary],
    ['onPrimary on primaryHover', c.onPrimary, c.primaryHover],
    ['headerText on headerBackground', c.headerText, c.headerBackground],
    ['footerText on footerBackground', c.footerText, c.footerBackground],
    ['link on pageBackground', c.link, c.pageBackground],
    ['text on pageBackground', c.text, c.pageBackground],
    ['mutedText on pageBackground', c.mutedText, c.pageBackground],
    ['primary on pageBackground', c.primary, c.pageBackground],
  ];
}

export function failingContrastPairs(c: ThemeColors): string[] {
  return themeTextPairs(c)
    .filter(([, fg, bg]) => contrastRatio(fg, bg) < 4.5)
    .map(([name, fg, bg]) => `${name} (${contrastRatio(fg, bg).toFixed(2)}:1)`);
}

/**
 * The stylesheet the web app links for a facility: portal variables plus the component library's
 * primary palette. `:root:root` outranks the library's own :root rules whatever the load order.
 */
export function themeToCss(c: ThemeColors): string {
  const lines = [
    `--portal-primary: ${c.primary}`,
    `--portal-primary-hover: ${c.primaryHover}`,
    `--portal-on-primary: ${c.onPrimary}`,
    `--portal-header-bg: ${c.headerBackground}`,
    `--portal-header-text: ${c.headerText}`,
    `--portal-footer-bg: ${c.footerBackground}`,
    `--portal-footer-text: ${c.footerText}`,
    `--portal-link: ${c.link}`,
    `--portal-page-bg: ${c.pageBackground}`,
    `--portal-text: ${c.text}`,
    `--portal-muted-text: ${c.mutedText}`,
    ...c.shades.flatMap((shade, i) => [
      `--mantine-color-brand-${i}: ${shade}`,
      `--mantine-primary-color-${i}: ${shade}`,
    ]),
    `--mantine-primary-color-filled: ${c.primary}`,
    `--mantine-primary-color-filled-hover: ${c.primaryHover}`,
    `--mantine-primary-color-contrast: ${c.onPrimary}`,
    `--mantine-primary-color-light-color: ${c.primary}`,
    `--mantine-color-anchor: ${c.link}`,
    `--mantine-color-body: ${c.pageBackground}`,
    `--mantine-color-text: ${c.text}`,
    `--mantine-color-dimmed: ${c.mutedText}`,
  ];
  return `:root:root {\n${lines.map((l) => `  ${l};`).join('\n')}\n}\n`;
}
