import { Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Patient, PersonalContact } from '@portal/contracts';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useFacility } from '../../../lib/facility-context';
import { focusField } from '../../../lib/focus';
import { useTranslation } from '../../../lib/i18n';
import { invalidatePersonalContacts } from '../../../shared/api/personal-contacts';
import { saveContact, type Relationship } from '../api/contacts';
import {
  ADDRESS_FIELDS,
  canonical,
  communicationOptions,
  contactName,
  countryOptions,
  firstError,
  initialValues,
  isDirty,
  MAX_LENGTH,
  otherPrimary,
  patientAddress,
  phoneAsTyped,
  stateOptions,
  toUpsert,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactFormValues,
  type Country,
  type LanguageOption,
  type PreferredCommunication,
  type State,
} from '../lib/contact-form';
import { AccountSettings } from './AccountSettings';
import { ConfirmModal } from './ConfirmModal';
import { useLeaveGuard } from './LeaveGuard';

export interface ContactLookups {
  relationships: Relationship[];
  countries: Country[];
  states: State[];
  preferredCommunications: PreferredCommunication[];
  languages: LanguageOption[];
}

type TextField = Exclude<
  {
    [K in ContactField]: ContactFormValues[K] extends string ? K : never;
  }[ContactField],
  undefined
>;
type FlagField = Exclude<ContactField, TextField>;

/** Locked address fields keep the text colour: the copied address must stay readable. */
const LOCKED = { input: { opacity: 1, color: 'var(--mantine-color-text)' } };

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} id={id} fz={{ base: 19, sm: 21 }} mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/**
 * The contact form of /add-contact and /edit-contact: Name and Relation, Address, Contact Information,
 * Account Settings (edit) or the invite checkbox (add, with the InviteContact capability).
 */
export function ContactForm({
  mode,
  patientId,
  patient,
  contact,
  contacts,
  lookups,
  canInvite,
}: {
  mode: 'add' | 'edit';
  patientId: number;
  patient: Patient | undefined;
  contact: PersonalContact | null;
  contacts: PersonalContact[];
  lookups: ContactLookups;
  canInvite: boolean;
}) {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);

  const [initial, setInitial] = useState<ContactFormValues>(() => {
    const start = initialValues(contact, {
      languageId: facility.defaultCommunicationLanguage.id,
      languages: lookups.languages,
    });
    return start.usePatientAddress && patient ? { ...start, ...patientAddress(patient) } : start;
  });
  const [values, setValues] = useState<ContactFormValues>(initial);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [invite, setInvite] = useState(false);
  const [saving, setSaving] = useState(false);
  const [askPrimary, setAskPrimary] = useState(false);
  // An account action waiting for the answer to 'Save Changes?'.
  const [pendingAction, setPendingAction] = useState<(() => void) | null>(null);

  const dirty = isDirty(initial, values) || invite;
  const { modal: leaveModal, leaveFreely } = useLeaveGuard(dirty && !saving);

  const contactId = contact?.contactId ?? null;
  const primaryLocked = contact?.isPrimaryContact === true && contact.isActive;
  const currentPrimary = otherPrimary(contacts, contactId);

  const set = <K extends ContactField>(field: K, value: ContactFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const showErrors = (found: ContactErrors): boolean => {
    setErrors(found);
    const first = firstError(found);
    if (first) focusField(formRef.current, first);
    return first !== undefined;
  };

  /** Validates and saves; answers the saved contact, or null (the errors are shown). */
  const persist = async (): Promise<PersonalContact | null> => {
    if (showErrors(validateContact(values, { invite }))) return null;
    setSaving(true);
    try {
      const saved = await saveContact(patientId, toUpsert(values, contactId));
      void invalidatePersonalContacts(queryClient);
      return saved;
    } catch (error) {
      if (error instanceof ApiError && error.isSessionTimeout) return null;
      if (error instanceof ApiError && error.code === 'primary_contact_exists') {
        messageBar.show({ type: 'error', key: 'contactForm.messages.primaryContactExists' });
      } else if (error instanceof ApiError && error.status === 400 && error.code === 'validation_failed') {
        messageBar.show({ type: 'error', text: error.message });
      } else {
        messageBar.show({ type: 'error', key: 'messages.unexpectedError' });
      }
      return null;
    } finally {
      setSaving(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const saved = await persist();
    if (!saved) return;
    leaveFreely();
    const name = contactName(saved);
    if (mode === 'add') {
      messageBar.show({
        type: 'success',
        key: 'contactForm.messages.contactAddedSuccess',
        params: { name },
        keepDisplay: true,
      });
      await navigate(invite ? `/invite-auth-statement?contactId=${saved.contactId}` : '/');
    } else {
      messageBar.show({
        type: 'success',
        key: 'contactForm.messages.contactEditSuccess',
        params: { name },
        keepDisplay: true,
      });
      await navigate('/');
    }
  };

  /** Account actions run on the saved contact: with unsaved changes, the user says first what to do with them. */
  const requestAccountAction = (action: () => void) => {
    if (isDirty(initial, values)) setPendingAction(() => action);
    else action();
  };

  const saveThenAct = async () => {
    const action = pendingAction;
    setPendingAction(null);
    const saved = await persist();
    if (!saved || !action) return;
    const next = initialValues(saved, { languageId: null, languages: lookups.languages });
    const shown = next.usePatientAddress && patient ? { ...next, ...patientAddress(patient) } : next;
    setInitial(shown);
    setValues(shown);
    messageBar.show({
      type: 'success',
      key: 'contactForm.messages.contactEditSuccess',
      params: { name: contactName(saved) },
    });
    action();
  };

  const discardThenAct = () => {
    const action = pendingAction;
    setPendingAction(null);
    setValues(initial);
    setErrors({});
    action?.();
  };

  const textInput = (field: TextField, label: string, options: { required?: boolean; type?: string } = {}) => {
    const locked = values.usePatientAddress && (ADDRESS_FIELDS as readonly string[]).includes(field);
    return (
      <TextInput
        name={field}
        label={label}
        type={options.type ?? 'text'}
        required={options.required}
        maxLength={MAX_LENGTH[field]}
        value={values[field]}
        error={errors[field] && t(errors[field])}
        disabled={locked}
        styles={locked ? LOCKED : undefined}
        onChange={(e) => set(field, e.currentTarget.value)}
      />
    );
  };

  const checkbox = (field: FlagField, label: string, description?: string) => (
    <Checkbox
      name={field}
      label={label}
      description={description}
      checked={values[field]}
      onChange={(e) => set(field, e.currentTarget.checked)}
    />
  );

  const choose = (label: string) => ({ value: '', label });
  const countries = countryOptions(lookups.countries, values.country, locale);
  const states = stateOptions(lookups.states, lookups.countries, values.country, values.state, locale);
  const addressLocked = values.usePatientAddress;

  const phone = (field: 'homePhone' | 'mobilePhone' | 'workPhone', okField: FlagField, label: string, ok: string) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing={4}>
      <TextInput
        name={field}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        label={label}
        maxLength={MAX_LENGTH[field]}
        value={values[field]}
        error={errors[field] && t(errors[field])}
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

  return (
    <>
      {leaveModal}
      <ConfirmModal
        opened={askPrimary}
        title={t('contactForm.primary.title')}
        message={t('contactForm.primary.message')}
        confirmLabel={t('contactForm.primary.yes')}
        onConfirm={() => {
          setAskPrimary(false);
          set('isPrimaryContact', true);
        }}
        onCancel={() => setAskPrimary(false)}
      />
      <ConfirmModal
        opened={pendingAction !== null}
        title={t('contactForm.saveChanges.title')}
        message={t('contactForm.saveChanges.message')}
        confirmLabel={t('contactForm.saveChanges.save')}
        alternative={{ label: t('contactForm.saveChanges.discard'), onClick: discardThenAct }}
        onConfirm={() => void saveThenAct()}
        onCancel={() => setPendingAction(null)}
        busy={saving}
      />
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="contact-form-title">
        <Stack gap="lg">
          <Title order={1} id="contact-form-title" fz={{ base: 26, sm: 32 }}>
            {t(mode === 'add' ? 'contactForm.addTitle' : 'contactForm.editTitle')}
          </Title>
          <Text size="sm">{t('contactForm.form.requiredNote')}</Text>

          <Section title={t('contactForm.sections.nameAndRelation')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {textInput('contactFirstName', t('contactForm.form.firstName'), { required: true })}
              {textInput('contactLastName', t('contactForm.form.lastName'), { required: true })}
              {textInput('suffix', t('contactForm.form.suffix'))}
              <NativeSelect
                name="relationshipId"
                label={t('contactForm.form.relationship')}
                required
                data={[
                  choose(t('contactForm.form.choose')),
                  ...lookups.relationships.map((r) => ({
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
                  if (checked && currentPrimary) setAskPrimary(true);
                  else set('isPrimaryContact', checked);
                }}
              />
              {checkbox('isNextOfKin', t('contactForm.form.nextOfKin'))}
              {checkbox('providesTransport', t('contactForm.form.providesTransport'))}
            </Stack>
          </Section>

          <Section title={t('contactForm.sections.address')}>
            <Checkbox
              name="usePatientAddress"
              label={t('contactForm.form.usePatientAddress')}
              checked={values.usePatientAddress}
              disabled={!patient}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setValues((v) => ({ ...v, usePatientAddress: checked, ...(checked ? patientAddress(patient) : {}) }));
                if (checked) setErrors((e2) => ({ ...e2, zipCode: undefined }));
              }}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {textInput('address1', t('contactForm.form.address1'))}
              {textInput('address2', t('contactForm.form.address2'))}
              <NativeSelect
                name="country"
                label={t('contactForm.form.country')}
                disabled={addressLocked}
                styles={addressLocked ? LOCKED : undefined}
                data={[
                  choose(t('contactForm.form.choose')),
                  ...countries.map((c) => ({ value: c.countryNameDisplay, label: c.countryNameDisplay })),
                ]}
                value={canonical(
                  countries.map((c) => c.countryNameDisplay),
                  values.country,
                )}
                onChange={(e) => {
                  const country = e.currentTarget.value;
                  const stillThere = stateOptions(lookups.states, lookups.countries, country, '', locale).some(
                    (s) => s.toLowerCase() === values.state.trim().toLowerCase(),
                  );
                  setValues((v) => ({ ...v, country, state: stillThere ? v.state : '' }));
                }}
              />
              {states.length > 0 ? (
                <NativeSelect
                  name="state"
                  label={t('contactForm.form.state')}
                  disabled={addressLocked}
                  styles={addressLocked ? LOCKED : undefined}
                  data={[choose(t('contactForm.form.choose')), ...states]}
                  value={canonical(states, values.state)}
                  onChange={(e) => set('state', e.currentTarget.value)}
                />
              ) : (
                textInput('state', t('contactForm.form.state'))
              )}
              {textInput('city', t('contactForm.form.city'))}
              {textInput('zipCode', t('contactForm.form.zipCode'))}
            </SimpleGrid>
          </Section>

          <Section title={t('contactForm.sections.contactInformation')}>
            {phone(
              'homePhone',
              'isOkToLeaveMsgHome',
              t('contactForm.form.homePhone'),
              t('contactForm.form.okToLeaveMsgHome'),
            )}
            {phone(
              'mobilePhone',
              'isOkToLeaveMsgMobile',
              t('contactForm.form.mobilePhone'),
              t('contactForm.form.okToLeaveMsgMobile'),
            )}
            {phone(
              'workPhone',
              'isOkToLeaveMsgWork',
              t('contactForm.form.workPhone'),
              t('contactForm.form.okToLeaveMsgWork'),
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {textInput('contactEmail', t('contactForm.form.email'), { type: 'email' })}
              <NativeSelect
                name="preferredCommunicationId"
                label={t('contactForm.form.preferredCommunication')}
                data={[
                  choose(t('contactForm.form.choose')),
                  ...communicationOptions(lookups.preferredCommunications).map((c) => ({
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
                  ...lookups.languages.map((l) => ({ value: String(l.languageId), label: l.displayName })),
                ]}
                value={values.communicationLanguageId}
                error={errors.communicationLanguageId && t(errors.communicationLanguageId)}
                onChange={(e) => set('communicationLanguageId', e.currentTarget.value)}
              />
            </SimpleGrid>
          </Section>

          {mode === 'edit' && contact && (
            <AccountSettings
              contact={contact}
              patientId={patientId}
              canInvite={canInvite}
              requestAction={requestAccountAction}
              leaveFreely={leaveFreely}
            />
          )}

          {mode === 'add' && canInvite && (
            <Checkbox
              name="invite"
              label={t('contactForm.form.invite')}
              description={t('contactForm.form.inviteDescription')}
              checked={invite}
              onChange={(e) => {
                setInvite(e.currentTarget.checked);
                if (errors.contactEmail === 'contactForm.messages.contactEmailRequiredForInvite') {
                  setErrors((e2) => ({ ...e2, contactEmail: undefined }));
                }
              }}
            />
          )}

          <Group gap="sm">
            <Button type="submit" size="md" loading={saving}>
              {t('contactForm.form.save')}
            </Button>
            <Button variant="default" size="md" onClick={() => void navigate('/')}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
