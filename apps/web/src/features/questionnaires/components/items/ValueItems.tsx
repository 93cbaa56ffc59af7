import { ActionIcon, Box, Group, Slider, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { QUESTIONNAIRE_TEXT_MAX, clampNumber, numberInputText, sliderMarks } from '@portal/contracts';
import { DateField } from '../../../../components/DateField';
import { useTranslation } from '../../../../lib/i18n';
import { answerOf, setDate, setNumber, setText } from '../../lib/answers';
import { type ItemProps, questionDomId, questionErrorId, questionLabelId } from './item-props';
import { QuestionError, QuestionLabel } from './QuestionLabel';
import { inputAria } from '../../../../components/input-aria';

/** The question as a plain label: Mantine adds the asterisk of a required field itself. */
const plainLabel = (item: ItemProps['item']) => <QuestionLabel item={{ ...item, isRequired: false }} />;

/** Text: one line or several, at most 2000 characters, with a counter. */
export function TextItem({ item, answers, error, onChange }: ItemProps) {
  const { t } = useTranslation();
  const id = item.questionnaireItemId;
  const value = answerOf(answers, id)?.textAnswer ?? '';
  const common = {
    id: `question-${id}-input`,
    label: plainLabel(item),
    required: item.isRequired,
    maxLength: QUESTIONNAIRE_TEXT_MAX,
    value,
    description: t('questionnaires.characterCount', { count: value.length, max: QUESTIONNAIRE_TEXT_MAX }),
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
    error: error ?? undefined,
    maw: 640,
    size: 'md',
    styles: { label: { fontWeight: 600 } },
  };
  return (
    <Box id={questionDomId(id)}>
      {item.isMultiLine ? (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={12}
          onChange={(e) => {
            const text = e.currentTarget.value;
            onChange((list) => setText(list, id, text));
          }}
        />
      ) : (
        <TextInput
          {...common}
          onChange={(e) => {
            const text = e.currentTarget.value;
            onChange((list) => setText(list, id, text));
          }}
        />
      )}
    </Box>
  );
}

/**
 * Date: the portal's date field ('Mar 5, 2024', typed or picked in its calendar), whose answer is a calendar day
 * (YYYY-MM-DD) whatever the time zone; emptying it clears the answer.
 */
export function DateItem({ item, answers, error, onChange }: ItemProps) {
  const id = item.questionnaireItemId;
  return (
    <Box id={questionDomId(id)}>
      <DateField
        id={`question-${id}-input`}
        label={plainLabel(item)}
        required={item.isRequired}
        value={answerOf(answers, id)?.dateAnswer ?? null}
        minDate="1900-01-01"
        maxDate="2100-12-31"
        onChange={(day) => onChange((list) => setDate(list, id, day ?? ''))}
        error={error ?? undefined}
        size="md"
        styles={{ label: { fontWeight: 600 }, wrapper: { maxWidth: 280 } }}
      />
    </Box>
  );
}

/**
 * Number: digits only (a minus where the lower bound is negative), clamped to the bounds when the box loses
 * the keyboard and on the minus and plus buttons (spec 001 section 5).
 */
export function NumberItem({ item, answers, error, onChange }: ItemProps) {
  const { t } = useTranslation();
  const id = item.questionnaireItemId;
  const stored = answerOf(answers, id)?.numberAnswer ?? null;
  const [text, setTextValue] = useState(stored === null ? '' : String(stored));
  const allowNegative = item.lowerBound !== null && item.lowerBound < 0;
  const inputId = `question-${id}-input`;

  const commit = (value: number | null) => {
    setTextValue(value === null ? '' : String(value));
    onChange((list) => setNumber(list, id, value));
  };
  const step = (by: number) => {
    const start = stored ?? clampNumber(0, item.lowerBound, item.upperBound);
    commit(clampNumber(stored === null ? start : start + by, item.lowerBound, item.upperBound));
  };

  const hint =
    item.lowerBound !== null && item.upperBound !== null
      ? t('questionnaires.numberRange', { min: item.lowerBound, max: item.upperBound })
      : item.lowerBound !== null
        ? t('common.minValue', { min: item.lowerBound })
        : item.upperBound !== null
          ? t('common.maxValue', { max: item.upperBound })
          : undefined;

  return (
    <Stack gap={4} id={questionDomId(id)}>
      <Text component="label" htmlFor={inputId} id={questionLabelId(id)} fw={600} size="md">
        <QuestionLabel item={item} />
      </Text>
      {hint && (
        <Text id={`question-${id}-hint`} size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      <Group gap={6} wrap="nowrap" align="center">
        <ActionIcon
          variant="default"
          size={42}
          aria-label={t('questionnaires.decrease')}
          aria-describedby={questionLabelId(id)}
          onClick={() => step(-1)}
          disabled={stored !== null && item.lowerBound !== null && stored <= item.lowerBound}
        >
          <span aria-hidden="true">−</span>
        </ActionIcon>
        <TextInput
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          required={item.isRequired}
          w={120}
          size="md"
          value={text}
          ref={inputAria(
            [hint ? `question-${id}-hint` : '', error ? questionErrorId(id) : ''].join(' ').trim() || undefined,
            Boolean(error),
          )}
          onChange={(e) => {
            const typed = numberInputText(e.currentTarget.value, allowNegative);
            setTextValue(typed);
            const value = typed === '' || typed === '-' ? null : Number(typed);
            onChange((list) => setNumber(list, id, value));
          }}
          onBlur={() => {
            if (stored !== null) commit(clampNumber(stored, item.lowerBound, item.upperBound));
            else if (text !== '') setTextValue('');
          }}
        />
        <ActionIcon
          variant="default"
          size={42}
          aria-label={t('questionnaires.increase')}
          aria-describedby={questionLabelId(id)}
          onClick={() => step(1)}
          disabled={stored !== null && item.upperBound !== null && stored >= item.upperBound}
        >
          <span aria-hidden="true">+</span>
        </ActionIcon>
      </Group>
      <QuestionError itemId={id} error={error} />
    </Stack>
  );
}

/**
 * Slider: at most 10 labelled marks, step = floor(range / marks), the lower and upper labels under its ends
 * (spec 001 section 5). Until the patient sets it, it shows as not answered (a slider has no empty position);
 * Home, End or an arrow key answer it, as does a click.
 */
export function SliderItem({ item, answers, error, onChange }: ItemProps) {
  const { t } = useTranslation();
  const id = item.questionnaireItemId;
  const lower = item.lowerBound ?? 0;
  const upper = item.upperBound ?? 10;
  const { step, marks } = sliderMarks(lower, upper);
  const value = answerOf(answers, id)?.numberAnswer ?? null;
  const set = (next: number) => onChange((list) => setNumber(list, id, clampNumber(next, lower, upper)));

  const valueText = (v: number) => {
    if (value === null) return t('questionnaires.sliderNotAnswered');
    const end = v === lower ? item.lowerBoundLabel : v === upper ? item.upperBoundLabel : null;
    return end ? t('questionnaires.sliderValueWithLabel', { value: v, label: end }) : String(v);
  };

  return (
    <Stack gap={6} id={questionDomId(id)}>
      <Text id={questionLabelId(id)} fw={600} size="md">
        <QuestionLabel item={item} announceRequired />
      </Text>
      <Text size="sm" aria-hidden="true" data-testid="slider-value">
        {value === null ? t('questionnaires.sliderNotAnswered') : t('questionnaires.sliderValue', { value })}
      </Text>
      <Box px={{ base: 6, sm: 12 }} pb={28} maw={640}>
        <Slider
          min={lower}
          max={upper}
          step={step}
          value={value ?? lower}
          marks={marks.map((m) => ({ value: m, label: String(m) }))}
          label={null}
          color={value === null ? 'gray.5' : undefined}
          thumbValueText={valueText}
          thumbProps={{
            'aria-labelledby': questionLabelId(id),
            'aria-describedby': error ? questionErrorId(id) : undefined,
            'aria-invalid': error ? true : undefined,
          }}
          styles={{
            thumb:
              value === null
                ? { background: 'var(--mantine-color-body)', borderColor: 'var(--mantine-color-gray-6)' }
                : {},
            markLabel: { fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-text)' },
          }}
          onChange={set}
          onChangeEnd={set}
        />
      </Box>
      {(item.lowerBoundLabel || item.upperBoundLabel) && (
        <Group justify="space-between" align="flex-start" wrap="nowrap" maw={640} gap="md">
          <Text size="sm" maw="45%" data-testid="slider-lower-label">
            {item.lowerBoundLabel}
          </Text>
          <Text size="sm" maw="45%" ta="right" data-testid="slider-upper-label">
            {item.upperBoundLabel}
          </Text>
        </Group>
      )}
      <QuestionError itemId={id} error={error} />
    </Stack>
  );
}
