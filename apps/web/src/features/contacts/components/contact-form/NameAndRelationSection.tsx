import { Checkbox, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n';
import type { Relationship } from '../../api/contacts';
import { choose, ContactCheckbox, ContactTextInput, FormSection, type ContactFields } from './fields';

/**
 * Name and Relation: names, suffix, relationship, and the Primary (asked first when another contact is
 * primary; locked on the active primary contact), Next of kin and Provides transport ticks.
 */
export function NameAndRelationSection({
  fields,
  relationships,
  primaryLocked,
  onAskPrimary,
}: {
  fields: ContactFields;
  relationships: readonly Relationship[];
  primaryLocked: boolean;
  /** Given when ticking Primary would replace another contact's: asks before ticking. */
  onAskPrimary: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { values, errors, set } = fields;
  return (
    <FormSection title={t('contactForm.sections.nameAndRelation')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ContactTextInput fields={fields} field="contactFirstName" label={t('contactForm.form.firstName')} required />
        <ContactTextInput fields={fields} field="contactLastName" label={t('contactForm.form.lastName')} required />
        <ContactTextInput fields={fields} field="suffix" label={t('contactForm.form.suffix')} />
        <NativeSelect
          name="relationshipId"
          label={t('contactForm.form.relationship')}
          required
          data={[
            choose(t('contactForm.form.choose')),
            ...relationships.map((r) => ({
              value: String(r.relationshipId),
              label: r.relationshipDisplay,
            })),
          ]}
          value={values.relationshipId}
          error={errors.relationshipId && t(errors.relationshipId)}
          onChange={(e) => set('relationshipId', e.currentTarget.value)}
        />
      </SimpleGrid>
      <Stack gap="sm">
        <Checkbox
          name="isPrimaryContact"
          label={t('contactForm.form.primaryContact')}
          description={primaryLocked ? t('contactForm.form.primaryLocked') : undefined}
          checked={values.isPrimaryContact}
          disabled={primaryLocked}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            if (checked && onAskPrimary) onAskPrimary();
            else set('isPrimaryContact', checked);
          }}
        />
        <ContactCheckbox fields={fields} field="isNextOfKin" label={t('contactForm.form.nextOfKin')} />
        <ContactCheckbox fields={fields} field="providesTransport" label={t('contactForm.form.providesTransport')} />
      </Stack>
    </FormSection>
  );
}
