import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Patient, PersonalContact } from '@portal/contracts';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useFacility } from '../../../lib/facility-context';
import { focusField } from '../../../lib/focus';
import { useTranslation } from '../../../lib/i18n';
import { invalidatePersonalContacts, personalContactsQuery } from '../../../shared/api/personal-contacts';
import {
  saveContact,
  type Country,
  type LanguageOption,
  type PreferredCommunication,
  type Relationship,
  type State,
} from '../api/contacts';
import {
  contactName,
  firstError,
  initialValues,
  isDirty,
  otherPrimary,
  patientAddress,
  toUpsert,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactFormValues,
} from '../lib/contact-form';
import { ConfirmModal } from './ConfirmModal';
import { ACCOUNT_SETTINGS_ANCHOR, AccountSettingsSection } from './contact-form/AccountSettingsSection';
import { AddressSection } from './contact-form/AddressSection';
import { ContactInformationSection } from './contact-form/ContactInformationSection';
import type { ContactFields } from './contact-form/fields';
import { InviteCheckbox } from './contact-form/InviteCheckbox';
import { NameAndRelationSection } from './contact-form/NameAndRelationSection';

export interface ContactLookups {
  relationships: Relationship[];
  countries: Country[];
  states: State[];
  preferredCommunications: PreferredCommunication[];
  languages: LanguageOption[];
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
  const { t } = useTranslation();
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

  // On arrival: at the Account Settings section, with the focus on it, when the link names it (the dashboard's
  // Change link, or back from the invitation's statement); otherwise at the top, where the title and the
  // message bar are (the page before may have been scrolled).
  const location = useLocation();
  const arrival = useRef(location.hash);
  useEffect(() => {
    const section =
      arrival.current === `#${ACCOUNT_SETTINGS_ANCHOR}` ? document.getElementById(ACCOUNT_SETTINGS_ANCHOR) : null;
    if (section) {
      section.scrollIntoView({ block: 'start' });
      section.focus({ preventScroll: true });
    } else {
      window.scrollTo(0, 0);
    }
  }, []);

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
      if (invite) {
        // The new contact takes the add form's place in the history, so Cancel on the statement (back) returns
        // to that contact, not to an empty add form that invites adding them twice.
        queryClient.setQueryData(personalContactsQuery(patientId).queryKey, (list) =>
          list ? [...list.filter((c) => c.contactId !== saved.contactId), saved] : list,
        );
        await navigate(`/edit-contact?contactId=${saved.contactId}`, { replace: true });
        await navigate(`/invite-auth-statement?contactId=${saved.contactId}`);
      } else {
        await navigate('/');
      }
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

  const fields: ContactFields = {
    values,
    errors,
    set,
    update: (change, clear = []) => {
      setValues((v) => ({ ...v, ...change(v) }));
      if (clear.length > 0) setErrors((e) => ({ ...e, ...Object.fromEntries(clear.map((f) => [f, undefined])) }));
    },
  };

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

          <NameAndRelationSection
            fields={fields}
            relationships={lookups.relationships}
            primaryLocked={primaryLocked}
            onAskPrimary={currentPrimary ? () => setAskPrimary(true) : undefined}
          />
          <AddressSection fields={fields} patient={patient} countries={lookups.countries} states={lookups.states} />
          <ContactInformationSection
            fields={fields}
            preferredCommunications={lookups.preferredCommunications}
            languages={lookups.languages}
          />

          {mode === 'edit' && contact && (
            <AccountSettingsSection
              contact={contact}
              patientId={patientId}
              canInvite={canInvite}
              requestAction={requestAccountAction}
              leaveFreely={leaveFreely}
            />
          )}

          {mode === 'add' && canInvite && (
            <InviteCheckbox
              checked={invite}
              onChange={(checked) => {
                setInvite(checked);
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
