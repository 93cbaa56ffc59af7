import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useCapabilities } from '../../../shared/api/capabilities';
import { useCurrentPatient } from '../../../shared/api/current-patient';
import { useTranslation } from '../../../lib/i18n';
import { personalContactsQuery } from '../../../shared/api/personal-contacts';
import { lookupQueries } from '../api/contacts';
import { ContactForm, type ContactLookups } from './ContactForm';

/**
 * What /add-contact and /edit-contact share: only the patient themself with the AddContact capability
 * edits contacts (anyone else goes to the dashboard); the form waits for the contacts and lookups.
 */
export function ContactFormPage({ mode, contactId }: { mode: 'add' | 'edit'; contactId: number | null }) {
  const { t, locale } = useTranslation();
  const capabilities = useCapabilities();
  const { patientId, isSelf, patient, profile } = useCurrentPatient();
  const allowed = capabilities.hasField('Dashboard', 'AddContact');
  const enabled = patientId !== null && isSelf && allowed;

  const contacts = useQuery({ ...personalContactsQuery(patientId ?? 0), enabled });
  const lookups = useQueries({
    queries: [
      lookupQueries.relationships(locale),
      lookupQueries.countries(locale),
      lookupQueries.states(locale),
      lookupQueries.preferredCommunications(locale),
      lookupQueries.languages(locale),
    ].map((q) => ({ ...q, enabled })),
  });

  const failure = contacts.error ?? lookups.find((q) => q.error)?.error ?? null;
  useEffect(() => {
    if (failure && !(failure instanceof ApiError && failure.isSessionTimeout)) {
      messageBar.show({ type: 'error', key: 'messages.unexpectedError' });
    }
  }, [failure]);

  if (profile && capabilities.loaded && (!isSelf || !allowed)) return <Navigate to="/dashboard" replace />;
  const title = t(mode === 'add' ? 'contactForm.addTitle' : 'contactForm.editTitle');
  if (failure) {
    return (
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
      </Stack>
    );
  }
  const [relationships, countries, states, preferredCommunications, languages] = lookups.map((q) => q.data);
  if (
    patientId === null ||
    !contacts.data ||
    !relationships ||
    !countries ||
    !states ||
    !preferredCommunications ||
    !languages
  ) {
    return <DelayedLoader label={t('app.loading')} />;
  }
  const contact = contactId === null ? null : (contacts.data.find((c) => c.contactId === contactId) ?? null);
  if (mode === 'edit' && !contact) {
    return (
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Text>{t('contactForm.notFound')}</Text>
        <Anchor component={Link} to="/dashboard">
          {t('contactForm.backToDashboard')}
        </Anchor>
      </Stack>
    );
  }
  const data = { relationships, countries, states, preferredCommunications, languages } as ContactLookups;
  return (
    <ContactForm
      // The form keeps its edits while the contact's account state refreshes under it.
      key={contactId ?? 'new'}
      mode={mode}
      patientId={patientId}
      patient={patient}
      contact={contact}
      contacts={contacts.data}
      lookups={data}
      canInvite={capabilities.hasField('Dashboard', 'PersonalContacts', 'InviteContact')}
    />
  );
}
