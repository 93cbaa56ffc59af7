import { Text, VisuallyHidden } from '@mantine/core';
import type { QuestionnaireItem } from '@portal/contracts';
import { useTranslation } from '../../../../lib/i18n';
import { questionErrorId, questionText } from './item-props';

/**
 * A question's text with the asterisk of a required one. Where the control itself cannot say it is required
 * (a group of options, a matrix row, a slider), a hidden word says so to screen readers.
 */
export function QuestionLabel({
  item,
  announceRequired = false,
}: {
  item: Pick<QuestionnaireItem, 'questionNumber' | 'formattedText' | 'isRequired'>;
  announceRequired?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {questionText(item)}
      {item.isRequired && (
        <>
          <Text component="span" c="red.8" aria-hidden="true" ml={4}>
            *
          </Text>
          {announceRequired && <VisuallyHidden>{t('questionnaires.requiredHidden')}</VisuallyHidden>}
        </>
      )}
    </>
  );
}

/** The message under a question whose answer is missing or wrong; announced as it appears. */
export function QuestionError({ itemId, error }: { itemId: number; error: string | null }) {
  if (!error) return null;
  return (
    <Text id={questionErrorId(itemId)} c="red.8" size="sm" fw={600} mt={4} data-testid="question-error">
      {error}
    </Text>
  );
}
