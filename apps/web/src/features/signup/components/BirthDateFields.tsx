import { Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { digitsOnly, type BirthDateInput } from '../../../shared/forms/validation';

type Part = keyof BirthDateInput;

const PARTS: { part: Part; maxLength: number; autoComplete: string }[] = [
  { part: 'day', maxLength: 2, autoComplete: 'bday-day' },
  { part: 'month', maxLength: 2, autoComplete: 'bday-month' },
  { part: 'year', maxLength: 4, autoComplete: 'bday-year' },
];

/** Date of birth as day, month and year inputs that take digits only. Errors are language-pack keys. */
export function BirthDateFields({
  value,
  errors,
  onChange,
}: {
  value: BirthDateInput;
  errors: Partial<Record<Part, string>>;
  onChange: (next: BirthDateInput) => void;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset
      legend={t('birthDate.legend')}
      variant="unstyled"
      p={0}
      m={0}
      styles={{ legend: { padding: 0, marginBottom: 4, fontWeight: 600, fontSize: 'var(--mantine-font-size-md)' } }}
    >
      <SimpleGrid cols={3} spacing="sm" maw={400}>
        {PARTS.map(({ part, maxLength, autoComplete }) => (
          <TextInput
            key={part}
            name={part}
            label={t(`birthDate.${part}`)}
            placeholder={t(`birthDate.${part}Placeholder`)}
            required
            inputMode="numeric"
            autoComplete={autoComplete}
            maxLength={maxLength}
            value={value[part]}
            error={errors[part] && t(errors[part])}
            onChange={(e) => onChange({ ...value, [part]: digitsOnly(e.currentTarget.value, maxLength) })}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
