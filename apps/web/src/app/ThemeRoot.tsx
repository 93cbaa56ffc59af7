import { MantineContext, MantineThemeProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from '../theme';

const context = {
  colorScheme: 'light',
  setColorScheme: () => undefined,
  clearColorScheme: () => undefined,
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
} as const;

/**
 * What the library's MantineProvider gives the components, without the work it does at every start: the
 * theme's CSS variables and breakpoint classes are a stylesheet written at build (vite.config.ts), and the
 * colour scheme is light (index.html says so on the root element), with nothing to remember or follow.
 */
export function ThemeRoot({ children }: { children: ReactNode }) {
  return (
    <MantineContext value={context}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
