import { Box, Button, Group, NativeSelect, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ExternalSystem, OfficeVisit } from '@portal/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { DateField } from '../../../components/DateField';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useTranslation } from '../../../lib/i18n';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { officeVisitsQuery } from '../api/office-visits';
import {
  appliedOptions,
  chooseVisit,
  firstInvalidField,
  focusDateRange,
  optionsChoice,
  validateOptions,
  type OptionsChoice,
  type OptionsErrors,
  type OptionsMode,
  type SummaryOptions,
} from '../lib/options';
import { SummaryModal } from './SummaryModal';
import { VisitLabel } from './VisitLabel';

/**
 * 'View Your Health Summary' (spec 002, 2.7, 4 and 5): a date range (start, end, and the system when there are
 * several) or a recent visit; Update Summary checks the chosen one and hands it to the page, Cancel leaves
 * everything as it was. Focusing a date or the system makes the range the choice and forgets the visit; changing
 * the choice clears the messages.
 */
export function OptionsModal({
  patientId,
  opened,
  systems,
  initial,
  today,
  onApply,
  onClose,
}: {
  patientId: number;
  opened: boolean;
  systems: readonly ExternalSystem[];
  /** The options as the modal opens. */
  initial: SummaryOptions;
  today: string;
  onApply: (choice: OptionsChoice, options: SummaryOptions) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SummaryModal opened={opened} title={t('healthSummary.options.title')} testId="options-modal" onClose={onClose}>
      <OptionsForm
        patientId={patientId}
        systems={systems}
        initial={initial}
        today={today}
        onApply={onApply}
        onCancel={onClose}
      />
    </SummaryModal>
  );
}

function OptionsForm({
  patientId,
  systems,
  initial,
  today,
  onApply,
  onCancel,
}: {
  patientId: number;
  systems: readonly ExternalSystem[];
  initial: SummaryOptions;
  today: string;
  onApply: (choice: OptionsChoice, options: SummaryOptions) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const systemIds = systems.map((s) => s.externalSystemId);
  const visitsAnswer = useQuery(officeVisitsQuery(patientId));
  useLoadErrorMessage(visitsAnswer.error, { generic: true });
  const visits = (visitsAnswer.data ?? []).filter((v) => systemIds.includes(v.ifSystemId));
  const noVisits = visitsAnswer.data !== undefined && visits.length === 0;
  const visitsKnown = visitsAnswer.data !== undefined || visitsAnswer.isError;

  const [options, setOptions] = useState(initial);
  const [errors, setErrors] = useState<OptionsErrors>({});
  const systemRef = useRef<HTMLSelectElement>(null);

  const update = (next: SummaryOptions, clear: readonly (keyof OptionsErrors)[]) => {
    setOptions(next);
    if (clear.some((field) => errors[field] !== undefined)) {
      setErrors((before) => Object.fromEntries(Object.entries(before).filter(([f]) => !clear.includes(f as never))));
    }
  };
  const onRangeFocus = () => update(focusDateRange(options), ['visit']);
  const changeMode = (mode: OptionsMode) => {
    setOptions(mode === 'daterange' ? focusDateRange(options) : { ...options, radioValue: mode });
    // A change of the choice clears every message (spec 002, 4).
    setErrors({});
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateOptions(options, visits);
    const first = firstInvalidField(found);
    const choice = optionsChoice(options, visits);
    if (first !== null || choice === null) {
      setErrors(found);
      // The first field with an error takes focus (spec 002, 5).
      if (first === 'system') systemRef.current?.focus();
      else if (first === 'visit') document.getElementById(`${id}-visit-${visits[0]?.ccdaId ?? 0}`)?.focus();
      else if (first !== null) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    onApply(choice, appliedOptions(options, choice));
  };

  const rangeError = errors.startDate ?? errors.endDate;
  const visitsDisabled = noVisits || visitsAnswer.isError;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
          <Text component="legend" fw={500} fz="sm" mb="xs">
            {t('healthSummary.options.choice')}
          </Text>
          <Stack gap="sm">
            <Radio
              name={`${id}-mode`}
              value="daterange"
              checked={options.radioValue === 'daterange'}
              onChange={() => changeMode('daterange')}
              label={t('healthSummary.options.dateRange')}
            />
            <Stack gap="sm" pl={{ base: 0, xs: 'xl' }} onFocus={onRangeFocus} data-testid="options-range">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <DateField
                  id={`${id}-startDate`}
                  label={t('healthSummary.options.startDate')}
                  value={options.startDate}
                  maxDate={today}
                  today={today}
                  required
                  error={errors.startDate ? t(errors.startDate) : errors.endDate ? true : undefined}
                  onChange={(day) => update({ ...focusDateRange(options), startDate: day }, ['startDate', 'visit'])}
                />
                <DateField
                  id={`${id}-endDate`}
                  label={t('healthSummary.options.endDate')}
                  value={options.endDate}
                  maxDate={today}
                  today={today}
                  required
                  error={errors.endDate && !errors.startDate ? t(errors.endDate) : rangeError ? true : undefined}
                  onChange={(day) => update({ ...focusDateRange(options), endDate: day }, ['endDate', 'visit'])}
                />
              </SimpleGrid>
              {systems.length > 1 && (
                <NativeSelect
                  ref={systemRef}
                  id={`${id}-system`}
                  label={t('healthSummary.options.system')}
                  required
                  value={options.selectedExternalSystem === null ? '' : String(options.selectedExternalSystem)}
                  error={errors.system ? t(errors.system) : undefined}
                  data={[
                    { value: '', label: t('healthSummary.options.systemPlaceholder') },
                    ...systems.map((s) => ({ value: String(s.externalSystemId), label: s.name })),
                  ]}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    update(
                      { ...focusDateRange(options), selectedExternalSystem: value === '' ? null : Number(value) },
                      ['system', 'visit'],
                    );
                  }}
                />
              )}
            </Stack>
            <Radio
              name={`${id}-mode`}
              value="visits"
              checked={options.radioValue === 'visits'}
              onChange={() => changeMode('visits')}
              disabled={visitsDisabled}
              label={t('healthSummary.options.visits')}
              description={noVisits ? t('healthSummary.options.noVisits') : undefined}
            />
            <Box pl={{ base: 0, xs: 'xl' }}>
              {!visitsKnown ? (
                <DelayedLoader label={t('app.loading')} />
              ) : visits.length > 0 ? (
                <VisitList
                  id={id}
                  visits={visits}
                  showSystem={systems.length > 1}
                  chosen={options.selectedVisitIdentifier}
                  error={errors.visit ? t(errors.visit) : undefined}
                  onChoose={(ccdaId) =>
                    update(chooseVisit(options, ccdaId), ['visit', 'startDate', 'endDate', 'system'])
                  }
                />
              ) : null}
            </Box>
          </Stack>
        </Box>
        <Group gap="sm">
          <Button type="submit">{t('healthSummary.options.update')}</Button>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function VisitList({
  id,
  visits,
  showSystem,
  chosen,
  error,
  onChoose,
}: {
  id: string;
  visits: readonly OfficeVisit[];
  showSystem: boolean;
  chosen: number | null;
  error: string | undefined;
  onChoose: (ccdaId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={chosen === null ? null : String(chosen)}
      onChange={(value) => onChoose(Number(value))}
      label={t('healthSummary.options.visitList')}
      name={`${id}-visit`}
      error={error}
      data-testid="options-visits"
    >
      <Stack gap="xs" mt="xs">
        {visits.map((visit) => (
          <Radio
            key={visit.ccdaId}
            id={`${id}-visit-${visit.ccdaId}`}
            value={String(visit.ccdaId)}
            label={<VisitLabel visit={visit} showSystem={showSystem} />}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
