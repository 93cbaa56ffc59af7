import type { FormEvent, ReactNode } from 'react';
import { cx, Stack, Title, withVars, type Spacing } from '../../components/light/layout';
import classes from '../../components/light/light.module.css';

export interface FormCardProps {
  /** The card's heading; leave it out when the page heads the card from outside. */
  title?: ReactNode;
  /** The heading's id: the form (or, with `section`, the card) is labelled by it. */
  titleId?: string;
  /** 1 (the page's heading, the default) or 2 (a card beside another). */
  headingLevel?: 1 | 2;
  /** Given, the content is a form (browser validation off) labelled by the heading. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's own label, for a form without a heading of its own in the card. */
  formLabel?: string;
  /** Shown above the heading (a step counter). */
  above?: ReactNode;
  /** The card's largest width, centred; null: as wide as its place. */
  width?: number | null;
  gap?: Spacing | number;
  mt?: Spacing;
  /** A labelled section (by the heading) rather than a plain box. */
  section?: boolean;
  children?: ReactNode;
}

/**
 * The bordered card of the form and message pages (sign-in, sign-up, account, contacts): padding that
 * grows from phones up, the heading, then the content in a column; optionally the form around it all.
 * The component library's Paper, drawn without its code (components/light), as the login page needs it.
 */
export function FormCard({
  title,
  titleId,
  headingLevel = 1,
  onSubmit,
  formLabel,
  above,
  width = 640,
  gap = 'md',
  mt,
  section = false,
  children,
}: FormCardProps) {
  const body = (
    <Stack gap={gap}>
      {above}
      {title !== undefined && (
        <Title order={headingLevel} id={titleId} inCard>
          {title}
        </Title>
      )}
      {children}
    </Stack>
  );
  const Card = section ? 'section' : 'div';
  return (
    <Card
      className={cx('m_1b7284a3 mantine-Paper-root', classes.cardPadding)}
      data-with-border="true"
      aria-labelledby={section ? titleId : undefined}
      style={withVars(
        { '--paper-radius': 'var(--mantine-radius-md)' },
        {
          marginInline: width === null ? undefined : 'auto',
          marginTop: mt ? `var(--mantine-spacing-${mt})` : undefined,
          maxWidth: width === null ? undefined : `calc(${width / 16}rem * var(--mantine-scale))`,
        },
      )}
    >
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate aria-labelledby={formLabel ? undefined : titleId} aria-label={formLabel}>
          {body}
        </form>
      ) : (
        body
      )}
    </Card>
  );
}
