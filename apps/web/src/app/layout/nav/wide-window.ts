import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@portal/contracts';

/** The large window size (1200 px) and up, where the header shows the tabs, the links and the user menu. */
export const WIDE_WINDOW = `(min-width: ${BREAKPOINTS.large.min / 16}em)`;

/** True in a wide window; follows resizing. Known at the first render, so nothing is drawn twice. */
export function useWideWindow(): boolean {
  return useMediaQuery(WIDE_WINDOW, undefined, { getInitialValueInEffect: false });
}
