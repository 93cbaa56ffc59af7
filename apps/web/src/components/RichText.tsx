import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Facility-authored HTML, sanitised again in the browser although the server already did. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
