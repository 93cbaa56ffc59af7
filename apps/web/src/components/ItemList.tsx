import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import classes from './ItemList.module.css';

/** The spec's shared list item: heading, sub-text, tertiary text, right text and a badge. */
export interface ListItem {
  itemId: string | number;
  heading: ReactNode;
  subText?: ReactNode;
  tertiaryText?: ReactNode;
  rightText?: ReactNode;
  /** A new or unread item: a dot, and `badgeLabel` (default 'New') for screen readers. */
  displayBadge?: boolean;
  badgeLabel?: string;
  /** Shown quieter (an archived article), still readable. */
  muted?: boolean;
}

/**
 * A list to pick one item from (test results, medical notes, articles). Each item is a button in a list,
 * so it is reached by Tab and chosen with Enter or Space; the chosen one carries aria-current.
 */
export function ItemList({
  label,
  items,
  selectedId,
  onSelect,
  emptyText,
  badge = 'dot',
}: {
  /** Names the list for assistive technology. */
  label: string;
  /** How a new item shows: a dot (unread notes), or its badge label written out ('New' test results). */
  badge?: 'dot' | 'label';
  items: readonly ListItem[];
  selectedId: string | number | null;
  onSelect: (itemId: string | number) => void;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return emptyText ? (
      <Text className={classes.empty} role="status">
        {emptyText}
      </Text>
    ) : null;
  }
  return (
    <Box component="ul" aria-label={label} className={classes.list}>
      {items.map((item) => {
        const selected = item.itemId === selectedId;
        return (
          <li key={item.itemId} className={classes.row}>
            <UnstyledButton
              className={classes.item}
              data-selected={selected || undefined}
              data-muted={item.muted || undefined}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(item.itemId)}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={8} wrap="nowrap" align="center">
                    {item.displayBadge && badge === 'dot' && (
                      <span className={classes.dot} aria-hidden="true" data-testid="item-badge" />
                    )}
                    <Text
                      component="span"
                      fw={item.displayBadge ? 700 : 600}
                      className={classes.heading}
                      data-testid="item-heading"
                    >
                      {item.heading}
                    </Text>
                    {item.displayBadge && badge === 'label' && (
                      <span className={classes.label} data-testid="item-badge">
                        {item.badgeLabel ?? t('itemList.new')}
                      </span>
                    )}
                    {item.displayBadge && badge === 'dot' && (
                      <VisuallyHidden>({item.badgeLabel ?? t('itemList.new')})</VisuallyHidden>
                    )}
                  </Group>
                  {item.subText && (
                    <Text component="span" size="sm" className={classes.secondary}>
                      {item.subText}
                    </Text>
                  )}
                  {item.tertiaryText && (
                    <Text component="span" size="sm" className={classes.secondary}>
                      {item.tertiaryText}
                    </Text>
                  )}
                </Stack>
                {item.rightText && (
                  <Text component="span" size="sm" className={classes.right}>
                    {item.rightText}
                  </Text>
                )}
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Box>
  );
}
