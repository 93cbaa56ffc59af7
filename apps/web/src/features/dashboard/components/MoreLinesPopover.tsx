import { Popover, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { DetailLine } from '../lib/cards';
import { ContactLine } from './ContactLine';
import { MoreButton } from './MoreButton';

/**
 * The More dropdown of a contact card, opened as it first shows (the button was just pressed): its button
 * takes the focus the pressed one had, then the dropdown opens, so closing gives the focus back to it.
 */
export function MoreLinesPopover({ name, lines }: { name: string; lines: DetailLine[] }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    button.current?.focus();
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Popover
      position="bottom-start"
      withArrow
      shadow="md"
      width={280}
      trapFocus
      returnFocus
      opened={opened}
      onChange={setOpened}
    >
      <Popover.Target>
        <MoreButton ref={button} name={name} />
      </Popover.Target>
      <Popover.Dropdown aria-label={t('dashboard.moreAbout', { name })}>
        <Stack gap={4}>
          {lines.map((line, index) => (
            <ContactLine key={index} line={line} />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
