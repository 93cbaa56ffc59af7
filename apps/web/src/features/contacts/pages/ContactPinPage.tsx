import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { invalidatePersonalContacts, personalContactsQuery } from '../../../shared/api/personal-contacts';
import { FormCard } from '../../../shared/components/FormCard';
import { inviteContact, pinPdfUrl, type InvitationCreated } from '../api/contacts';
import { InviteGate } from '../components/InviteGate';
import { contactName } from '../lib/contact-form';
import { resendRequested } from '../lib/invite-flow';

/** /contact-pin?contactId=: sends the invitation on arrival, then shows the PIN the contact will need. */
export function Component() {
  usePageTitle('contactForm.pin.title');
  return (
    <InviteGate>{(contactId, patientId) => <PinRequired contactId={contactId} patientId={patientId} />}</InviteGate>
  );
}

/** The server's refusals and the message each one shows on the contact's form. */
function failureKey(error: unknown): string {
  if (error instanceof ApiError && error.code === 'failedSendingEmail')
    return 'contactForm.messages.failedSendingEmail';
  if (error instanceof ApiError && error.code === 'contactEmailRequiredForInvite') {
    return 'contactForm.messages.contactEmailRequiredForInvite';
  }
  return 'messages.unexpectedError';
}

function PinRequired({ contactId, patientId }: { contactId: number; patientId: number }) {
  const { t, locale } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const contacts = useQuery(personalContactsQuery(patientId));
  const contact = contacts.data?.find((c) => c.contactId === contactId);
  const [invitation, setInvitation] = useState<InvitationCreated | null>(null);

  // One call per arrival, even when React runs the effect twice (development's strict mode). A reload calls
  // again, and the server answers the invitation it issued moments ago (same PIN, no second email). Only
  // Resend Invitation asks for a new one, and the request is taken out of the history state before the call
  // so that a reload does not repeat it.
  const location = useLocation();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const resend = resendRequested(location.state);
    if (resend) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    inviteContact(contactId, locale, resend)
      .then((created) => {
        setInvitation(created);
        messageBar.show({
          type: 'success',
          key: 'contactForm.messages.contactInviteSuccess',
          params: { email: created.email },
        });
        void invalidatePersonalContacts(queryClient);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.isSessionTimeout) return;
        messageBar.show({ type: 'error', key: failureKey(error), keepDisplay: true });
        void navigate(`/edit-contact?contactId=${contactId}`, { replace: true });
      });
  }, [contactId, locale, location, navigate, queryClient]);

  if (!invitation) return <DelayedLoader label={t('contactForm.pin.sending')} />;

  const name = contact ? contactName(contact) : '';
  return (
    <FormCard title={t('contactForm.pin.title')} gap="lg">
      <Text>{t('contactForm.pin.sent', { email: invitation.email })}</Text>
      <Text>{t(name ? 'contactForm.pin.giveTo' : 'contactForm.pin.giveToContact', { name })}</Text>
      <Stack gap={4} align="center" py="md" bg="gray.0" style={{ borderRadius: 8 }}>
        <Text id="contact-pin-label" fw={600}>
          {t('contactForm.pin.label')}
        </Text>
        <Text
          data-testid="contact-pin"
          ff="monospace"
          fw={700}
          fz={{ base: 36, sm: 48 }}
          style={{ letterSpacing: '0.2em' }}
        >
          {invitation.pin}
        </Text>
      </Stack>
      <Text size="sm">{t('contactForm.pin.keepSafe')}</Text>
      <Group gap="sm">
        <Button size="md" variant="default" onClick={() => window.open(pinPdfUrl(invitation), '_blank', 'noopener')}>
          {t('contactForm.pin.print')}
        </Button>
        <Button size="md" onClick={() => void navigate('/')}>
          {t('contactForm.pin.done')}
        </Button>
      </Group>
    </FormCard>
  );
}
