import { Checkbox, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n';
import type { LanguageOption, PreferredCommunication } from '../../api/contacts';
import { communicationOptions, MAX_LENGTH, phoneAsTyped } from '../../lib/contact-form';
import { choose, ContactTextInput, FormSection, type ContactFields, type FlagFieldName } from './fields';

type PhoneField = 'homePhone' | 'mobilePhone' | 'workPhone';

/** A phone number (formatted as typed) beside its 'OK to leave a message' tick. */
function PhoneInput({
  fields,
  field,
  okField,
  label,
  ok,
}: {
  fields: ContactFields;
  field: PhoneField;
  okField: FlagFieldName;
  label: string;
  ok: string;
}) {
  const { t } = useTranslation();
  const { values, errors, set } = fields;
  const error = errors[field];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing={4}>
      <TextInput
        name={field}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        label={label}
        maxLength={MAX_LENGTH[field]}
        value={values[field]}
        error={error && t(error)}
        onChange={(e) => set(field, phoneAsTyped(e.currentTarget.value))}
      />
      <Checkbox
        name={okField}
        label={ok}
        mt={{ base: 4, sm: 32 }}
        checked={values[okField]}
        onChange={(e) => set(okField, e.currentTarget.checked)}
      />
    </SimpleGrid>
  );
}

/** Contact Information: three phones, the email address, the preferred way of contact and the language. */
export function ContactInformationSection({
  fields,
  preferredCommunications,
  languages,
}: {
  fields: ContactFields;
  preferredCommunications: readonly PreferredCommunication[];
  languages: readonly LanguageOption[];
}) {
  const { t } = useTranslation();
  const { values, errors, set } = fields;
  return (
    <FormSection title={t('contactForm.sections.contactInformation')}>
      <PhoneInput
        fields={fields}
        field="homePhone"
        okField="isOkToLeaveMsgHome"
        label={t('contactForm.form.homePhone')}
        ok={t('contactForm.form.okToLeaveMsgHome')}
      />
      <PhoneInput
        fields={fields}
        field="mobilePhone"
        okField="isOkToLeaveMsgMobile"
        label={t('contactForm.form.mobilePhone')}
        ok={t('contactForm.form.okToLeaveMsgMobile')}
      />
      <PhoneInput
        fields={fields}
        field="workPhone"
        okField="isOkToLeaveMsgWork"
        label={t('contactForm.form.workPhone')}
        ok={t('contactForm.form.okToLeaveMsgWork')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ContactTextInput fields={fields} field="contactEmail" label={t('contactForm.form.email')} type="email" />
        <NativeSelect
          name="preferredCommunicationId"
          label={t('contactForm.form.preferredCommunication')}
          data={[
            choose(t('contactForm.form.choose')),
            ...communicationOptions(preferredCommunications).map((c) => ({
              value: String(c.preferredCommunicationId),
              label: c.preferredCommunicationDisplay,
            })),
          ]}
          value={values.preferredCommunicationId}
          onChange={(e) => set('preferredCommunicationId', e.currentTarget.value)}
        />
        <NativeSelect
          name="communicationLanguageId"
          label={t('contactForm.form.language')}
          required
          data={[
            choose(t('contactForm.form.choose')),
            ...languages.map((l) => ({ value: String(l.languageId), label: l.displayName })),
          ]}
          value={values.communicationLanguageId}
          error={errors.communicationLanguageId && t(errors.communicationLanguageId)}
          onChange={(e) => set('communicationLanguageId', e.currentTarget.value)}
        />
      </SimpleGrid>
    </FormSection>
  );
}
