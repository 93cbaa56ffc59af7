import { Checkbox, NativeSelect, SimpleGrid } from '@mantine/core';
import type { Patient } from '@portal/contracts';
import { useTranslation } from '../../../../lib/i18n';
import type { Country, State } from '../../api/contacts';
import { countryOptions, optionValue, patientAddress, stateOptions } from '../../lib/contact-form';
import { choose, ContactTextInput, FormSection, LOCKED, type ContactFields } from './fields';

/**
 * Address: 'Use same address as patient' (copies and locks the address), the lines, the country, its
 * states (a list when the lookup has them, else text), city and ZIP code.
 */
export function AddressSection({
  fields,
  patient,
  countries: countryLookup,
  states: stateLookup,
}: {
  fields: ContactFields;
  patient: Patient | undefined;
  countries: readonly Country[];
  states: readonly State[];
}) {
  const { t, locale } = useTranslation();
  const { values, set, update } = fields;
  const countries = countryOptions(countryLookup, values.country, locale);
  const states = stateOptions(stateLookup, countryLookup, values.country, values.state, locale);
  // The value is the name a contact stores (the same in every language); the label is in the user's language.
  const countryChoices = countries.map((c) => ({ value: c.countryName, label: c.countryNameDisplay }));
  const addressLocked = values.usePatientAddress;
  return (
    <FormSection title={t('contactForm.sections.address')}>
      <Checkbox
        name="usePatientAddress"
        label={t('contactForm.form.usePatientAddress')}
        checked={values.usePatientAddress}
        disabled={!patient}
        onChange={(e) => {
          const checked = e.currentTarget.checked;
          update(
            () => ({ usePatientAddress: checked, ...(checked ? patientAddress(patient) : {}) }),
            checked ? ['zipCode'] : [],
          );
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ContactTextInput fields={fields} field="address1" label={t('contactForm.form.address1')} />
        <ContactTextInput fields={fields} field="address2" label={t('contactForm.form.address2')} />
        <NativeSelect
          name="country"
          label={t('contactForm.form.country')}
          disabled={addressLocked}
          styles={addressLocked ? LOCKED : undefined}
          data={[choose(t('contactForm.form.choose')), ...countryChoices]}
          value={optionValue(countryChoices, values.country)}
          onChange={(e) => {
            const country = e.currentTarget.value;
            const stillThere = stateOptions(stateLookup, countryLookup, country, '', locale).some(
              (s) => s.value.toLowerCase() === values.state.trim().toLowerCase(),
            );
            update((v) => ({ country, state: stillThere ? v.state : '' }));
          }}
        />
        {states.length > 0 ? (
          <NativeSelect
            name="state"
            label={t('contactForm.form.state')}
            disabled={addressLocked}
            styles={addressLocked ? LOCKED : undefined}
            data={[choose(t('contactForm.form.choose')), ...states]}
            value={optionValue(states, values.state)}
            onChange={(e) => set('state', e.currentTarget.value)}
          />
        ) : (
          <ContactTextInput fields={fields} field="state" label={t('contactForm.form.state')} />
        )}
        <ContactTextInput fields={fields} field="city" label={t('contactForm.form.city')} />
        <ContactTextInput fields={fields} field="zipCode" label={t('contactForm.form.zipCode')} />
      </SimpleGrid>
    </FormSection>
  );
}
