import type { ReactNode } from 'react';
import { Checkbox, Fieldset, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import { QUESTIONNAIRE_TEXT_MAX, type ListAnswer } from '@portal/contracts';
import { useTranslation } from '../../../../lib/i18n';
import { answerOf, checkedOf, chooseOption, setOtherText, toggleOption } from '../../lib/answers';
import { type ItemProps, questionDomId, questionErrorId, questionLabelId } from './item-props';
import { QuestionError, QuestionLabel } from './QuestionLabel';
import { inputAria } from '../../../../components/input-aria';

const legendStyles = {
  legend: { padding: 0, marginBottom: 8, fontWeight: 600, fontSize: 'var(--mantine-font-size-md)' },
} as const;

/**
 * The text box of an 'Other' option: enabled only while its option is chosen (spec 001 section 4); a chosen
 * Other without text is the item's error.
 */
function OtherText({
  itemId,
  option,
  chosen,
  value,
  invalid,
  onText,
}: {
  itemId: number;
  option: ListAnswer;
  chosen: boolean;
  value: string;
  invalid: boolean;
  onText: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      ml={30}
      maw={480}
      size="md"
      aria-label={t('questionnaires.otherTextLabel', { option: option.formattedText })}
      placeholder={t('questionnaires.otherTextPlaceholder')}
      disabled={!chosen}
      required={chosen}
      maxLength={QUESTIONNAIRE_TEXT_MAX}
      value={value}
      ref={inputAria(invalid && chosen ? questionErrorId(itemId) : undefined, invalid && chosen)}
      onChange={(e) => onText(e.currentTarget.value)}
      data-testid="other-text"
    />
  );
}

/** The radio and checkbox questions' shell: a fieldset whose legend is the question, its options, its error. */
function OptionsFieldset({ item, error, children }: Pick<ItemProps, 'item' | 'error'> & { children: ReactNode }) {
  const id = item.questionnaireItemId;
  return (
    <Fieldset
      id={questionDomId(id)}
      variant="unstyled"
      p={0}
      m={0}
      legend={<QuestionLabel item={item} announceRequired />}
      styles={legendStyles}
      aria-describedby={error !== null ? questionErrorId(id) : undefined}
    >
      <Stack gap={10}>{children}</Stack>
      <QuestionError itemId={id} error={error} />
    </Fieldset>
  );
}

/** Radio: one option, in a fieldset whose legend is the question; arrow keys move between the options. */
export function RadioItem({ item, answers, error, onChange }: ItemProps) {
  const id = item.questionnaireItemId;
  const answer = answerOf(answers, id);
  const invalid = error !== null;
  return (
    <OptionsFieldset item={item} error={error}>
      {item.listAnswers.map((option) => {
        const chosen = answer?.listAnswerId === option.listAnswerId;
        return (
          <Stack key={option.listAnswerId} gap={6}>
            <Radio
              size="md"
              name={`question-${id}`}
              value={String(option.listAnswerId)}
              label={option.formattedText}
              checked={chosen}
              onChange={() => onChange((list) => chooseOption(list, item, option.listAnswerId))}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? questionErrorId(id) : undefined}
            />
            {option.isOtherOption && (
              <OtherText
                itemId={id}
                option={option}
                chosen={chosen}
                value={chosen ? (answer?.otherOptionText ?? '') : ''}
                invalid={invalid}
                onText={(text) => onChange((list) => setOtherText(list, item, option.listAnswerId, text))}
              />
            )}
          </Stack>
        );
      })}
    </OptionsFieldset>
  );
}

/** Checkbox: any number of options, in a fieldset whose legend is the question. */
export function CheckboxItem({ item, answers, error, onChange }: ItemProps) {
  const id = item.questionnaireItemId;
  const checked = checkedOf(answers, id);
  const invalid = error !== null;
  return (
    <OptionsFieldset item={item} error={error}>
      {item.listAnswers.map((option) => {
        const answer = checked.find((a) => a.listAnswerId === option.listAnswerId);
        return (
          <Stack key={option.listAnswerId} gap={6}>
            <Checkbox
              size="md"
              label={option.formattedText}
              checked={answer !== undefined}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                onChange((list) => toggleOption(list, item, option.listAnswerId, on));
              }}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? questionErrorId(id) : undefined}
            />
            {option.isOtherOption && (
              <OtherText
                itemId={id}
                option={option}
                chosen={answer !== undefined}
                value={answer?.otherOptionText ?? ''}
                invalid={invalid}
                onText={(text) => onChange((list) => setOtherText(list, item, option.listAnswerId, text))}
              />
            )}
          </Stack>
        );
      })}
    </OptionsFieldset>
  );
}

/**
 * Dropdown: the browser's own select (arrow keys on the closed box, the phone's own picker). The 'Other'
 * text box shows only while an 'Other' option is chosen; choosing another option clears its text.
 */
export function DropdownItem({ item, answers, error, onChange }: ItemProps) {
  const { t } = useTranslation();
  const id = item.questionnaireItemId;
  const answer = answerOf(answers, id);
  const chosen = item.listAnswers.find((o) => o.listAnswerId === answer?.listAnswerId);
  return (
    <Stack gap={8} id={questionDomId(id)}>
      <NativeSelect
        id={`question-${id}-select`}
        label={<QuestionLabel item={{ ...item, isRequired: false }} />}
        labelProps={{ id: questionLabelId(id) }}
        required={item.isRequired}
        maw={480}
        size="md"
        styles={{ label: { fontWeight: 600 } }}
        data={[
          { value: '', label: t('questionnaires.selectOption') },
          ...item.listAnswers.map((o) => ({ value: String(o.listAnswerId), label: o.formattedText })),
        ]}
        value={answer?.listAnswerId ? String(answer.listAnswerId) : ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          onChange((list) => chooseOption(list, item, value === '' ? null : Number(value)));
        }}
        error={error && !chosen?.isOtherOption ? error : undefined}
      />
      {chosen?.isOtherOption && (
        <TextInput
          label={t('questionnaires.otherTextLabel', { option: chosen.formattedText })}
          required
          maw={480}
          size="md"
          maxLength={QUESTIONNAIRE_TEXT_MAX}
          value={answer?.otherOptionText ?? ''}
          onChange={(e) => {
            const text = e.currentTarget.value;
            onChange((list) => setOtherText(list, item, chosen.listAnswerId, text));
          }}
          error={error ?? undefined}
          data-testid="other-text"
        />
      )}
    </Stack>
  );
}
