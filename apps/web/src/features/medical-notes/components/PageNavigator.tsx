import { Button, Group, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { committedPage, steppedPage } from '../lib/medical-notes';
import { inputAria } from '../../../components/input-aria';

/**
 * Previous / next and a typed page: 'Page [n] of N'. A typed page counts on Enter or on leaving the field,
 * and must be 1..N, else the field reverts (spec 002 section 5). The buttons stay focusable at either end
 * (aria-disabled), so keyboard focus is never lost to the page.
 */
export function PageNavigator({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const ofId = useId();
  // What the user is typing, for the page it was typed on; another page shows its own number.
  const [draft, setDraft] = useState<{ page: number; text: string } | null>(null);
  const text = draft?.page === page ? draft.text : String(page);

  const commit = () => {
    const next = committedPage(text, page, total);
    setDraft(null);
    if (next !== page) onChange(next);
  };
  const step = (delta: -1 | 1) => {
    const next = steppedPage(page, delta, total);
    setDraft(null);
    if (next !== page) onChange(next);
  };
  const atFirst = page <= 1;
  const atLast = page >= total;

  return (
    <Group role="group" aria-label={t('medicalNotes.pages')} gap="xs" wrap="nowrap" align="center">
      <Button
        variant="default"
        px="sm"
        aria-label={t('medicalNotes.previousPage')}
        aria-disabled={atFirst || undefined}
        data-disabled={atFirst || undefined}
        onClick={() => step(-1)}
      >
        <span aria-hidden="true">‹</span>
      </Button>
      <Text component="label" htmlFor={inputId} size="sm">
        {t('medicalNotes.pageLabel')}
      </Text>
      <TextInput
        id={inputId}
        value={text}
        inputMode="numeric"
        autoComplete="off"
        w={64}
        ref={inputAria(ofId, false)}
        onChange={(e) => setDraft({ page, text: e.currentTarget.value })}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'Escape') {
            setDraft(null);
          }
        }}
      />
      <Text id={ofId} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {t('medicalNotes.pageOf', { total })}
      </Text>
      <Button
        variant="default"
        px="sm"
        aria-label={t('medicalNotes.nextPage')}
        aria-disabled={atLast || undefined}
        data-disabled={atLast || undefined}
        onClick={() => step(1)}
      >
        <span aria-hidden="true">›</span>
      </Button>
      <VisuallyHidden role="status">{t('medicalNotes.pagePosition', { page, total })}</VisuallyHidden>
    </Group>
  );
}
