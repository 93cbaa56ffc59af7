import DOMPurify from 'dompurify';
import { SECURE_MESSAGE_ALLOWED_TAGS } from '@portal/contracts';
import { useMemo } from 'react';
import classes from './MessageContent.module.css';

const OPTIONS = {
  ALLOWED_TAGS: [...SECURE_MESSAGE_ALLOWED_TAGS],
  ALLOWED_ATTR: [],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/**
 * A message's content. The server stored it cleaned to the toolbar's markup (p, br, strong, em, u, ol, ul, li, no
 * attributes); it is cleaned again here to the same list, so nothing a sender wrote can run, link, load or style
 * anything in the reader's page whatever reached the database.
 */
export function MessageContent({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, OPTIONS), [html]);
  return <div className={classes.content} data-testid="message-content" dangerouslySetInnerHTML={{ __html: clean }} />;
}
