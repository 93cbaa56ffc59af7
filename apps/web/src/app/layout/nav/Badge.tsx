import { useTranslation } from '../../../lib/i18n';
import classes from './nav.module.css';

/**
 * A count beside a tab or on the envelope: the number is drawn, the words ('3 unread', '3 new') are
 * what a screen reader says. Nothing shows for 0.
 */
export function CountBadge({ count, kind = 'new' }: { count: number; kind?: 'new' | 'unread' }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <>
      <span className={classes.badge} aria-hidden="true" data-testid="nav-badge">
        {count > 99 ? '99+' : count}
      </span>
      <span className="portal-visually-hidden">
        {' '}
        ({t(kind === 'unread' ? 'nav.badgeUnread' : 'nav.badgeNew', { count })})
      </span>
    </>
  );
}
