import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINTS } from '@portal/contracts';

// Replaced at run time by the facility's theme stylesheet (GET /api/themes/{id}/css).
const brand: MantineColorsTuple = [
  '#e6f4f2',
  '#c3e4e0',
  '#9dd2cc',
  '#72bfb6',
  '#4eaea4',
  '#2f9a8f',
  '#0f6b63',
  '#0d5e57',
  '#0a4f49',
  '#07403b',
];

const em = (px: number) => `${px / 16}em`;

/** The spec's window sizes: xsmall below 768, small 768-991, medium 992-1199, large from 1200 px. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", "Microsoft YaHei", Arial, sans-serif',
  defaultRadius: 'md',
  breakpoints: {
    xs: em(480),
    sm: em(BREAKPOINTS.small.min),
    md: em(BREAKPOINTS.medium.min),
    lg: em(BREAKPOINTS.large.min),
    xl: em(1600),
  },
  other: { maxWidth: BREAKPOINTS.large.max },
});
