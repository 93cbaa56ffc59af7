import { Anchor, type AnchorProps } from '@mantine/core';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** The More button of a contact card. */
export function MoreButton({
  name,
  ...props
}: { name: string; ref?: Ref<HTMLButtonElement> } & AnchorProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  const { t } = useTranslation();
  return (
    <Anchor component="button" type="button" size="sm" fw={600} ta="start" {...props}>
      {t('dashboard.more')}
      <span className="portal-visually-hidden"> {t('dashboard.aboutName', { name })}</span>
    </Anchor>
  );
}
