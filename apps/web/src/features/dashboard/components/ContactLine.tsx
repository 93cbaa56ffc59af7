import { Anchor, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { DetailLine } from '../lib/cards';

/** One line of a contact card: its label and the value (a link to call or write, where it is one). */
export function ContactLine({ line }: { line: DetailLine }) {
  const { t } = useTranslation();
  const translated = line.valueKey ? t(line.valueKey) : undefined;
  // A key the pack lacks (a facility's own relationship) shows the text as sent.
  const value = translated !== undefined && translated !== line.valueKey ? translated : (line.value ?? '');
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {line.label && `${t(line.label)}: `}
      {line.href ? (
        <Anchor href={line.href} size="sm">
          {value}
        </Anchor>
      ) : (
        value
      )}
    </Text>
  );
}
