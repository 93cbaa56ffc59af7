import { Box } from '@mantine/core';
import { DelayedLoader } from './DelayedLoader';

/**
 * What stands for a page (or its body) while its code or first answers load: a screen's height of room, so
 * the footer is not shown only to be pushed away when the page arrives (a layout shift), and the loading
 * indicator once loading takes longer than 500 ms.
 */
export function PagePlaceholder({ label }: { label?: string }) {
  return (
    <Box mih="100vh">
      <DelayedLoader label={label} />
    </Box>
  );
}
