import { useMarkPageLoading } from '../lib/page-loading';
import { DelayedLoader } from './DelayedLoader';

/**
 * What stands for a page (or its body) while its code or first answers load: the loading indicator once
 * loading takes longer than 500 ms; meanwhile the footer waits (lib/page-loading.ts), so the page's
 * arrival moves nothing already on screen.
 */
export function PagePlaceholder({ label }: { label?: string }) {
  useMarkPageLoading();
  return <DelayedLoader label={label} />;
}
