import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { cleanSummaryHtml } from './ccda-html';
import classes from './SummaryDocument.module.css';

/**
 * The summary's text in the page (ADR 0014): the server's rendering cleaned again with the contracts' allowlist,
 * so its headings join the page's outline, it reflows at 320 px and prints with the page.
 */
export function SummaryDocument({ html, className }: { html: string; className?: string }) {
  const { t } = useTranslation();
  const clean = useMemo(
    () =>
      cleanSummaryHtml(html, {
        className: classes.tableFrame!,
        label: (caption, index) => caption ?? t('healthSummary.tableLabel', { number: index }),
      }),
    [html, t],
  );
  return (
    <div
      className={[classes.document, className].filter(Boolean).join(' ')}
      data-testid="summary-document"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
