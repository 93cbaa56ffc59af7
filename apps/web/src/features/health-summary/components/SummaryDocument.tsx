import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { cleanSummaryHtml, showScrollHints } from './ccda-html';
import classes from './SummaryDocument.module.css';

/**
 * The summary's text in the page (ADR 0014): the server's rendering cleaned again with the contracts' allowlist,
 * so its headings join the page's outline, it reflows at 320 px and prints with the page. A table wider than the
 * screen scrolls in its own region, under a hint that says so (shown only while it does not fit).
 */
export function SummaryDocument({ html, className }: { html: string; className?: string }) {
  const { t } = useTranslation();
  const idPrefix = useId().replace(/:/g, '');
  const clean = useMemo(
    () =>
      cleanSummaryHtml(html, {
        className: classes.tableFrame!,
        blockClassName: classes.tableBlock!,
        hintClassName: classes.scrollHint!,
        hint: t('healthSummary.tableScrollHint'),
        idPrefix,
        label: (caption, index) => caption ?? t('healthSummary.tableLabel', { number: index }),
      }),
    [html, t, idPrefix],
  );
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    showScrollHints(element);
    // Measured again whenever the page's width changes (a phone turned, a window resized, text zoomed).
    const observer = new ResizeObserver(() => showScrollHints(element));
    observer.observe(element);
    return () => observer.disconnect();
  }, [clean]);
  return (
    <div
      ref={container}
      className={[classes.document, className].filter(Boolean).join(' ')}
      data-testid="summary-document"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
