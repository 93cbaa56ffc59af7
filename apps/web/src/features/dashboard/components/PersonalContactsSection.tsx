import { Alert, Anchor, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PersonalContact } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useTranslation } from '../../../lib/i18n';
import { personalContactsQuery } from '../../../shared/api/personal-contacts';
import {
  AUTHORIZATION_TEXT,
  authorizationState,
  CONTACT_LINE_LIMITS,
  contactLines,
  contactName,
  sortContacts,
  splitLines,
} from '../lib/cards';
import { useBreakpoint } from '../lib/use-breakpoint';
import { ContactLine as Line } from './ContactLine';
import { MoreLines } from './MoreLines';
import { Section } from './Section';

function Star() {
  const { t } = useTranslation();
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      role="img"
      aria-label={t('dashboard.primaryContact')}
      fill="#8a5a00"
      style={{ flexShrink: 0 }}
    >
      <title>{t('dashboard.primaryContact')}</title>
      <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
    </svg>
  );
}

function ContactCard({ contact, canEdit }: { contact: PersonalContact; canEdit: boolean }) {
  const { t } = useTranslation();
  const breakpoint = useBreakpoint();
  const name = contactName(contact);
  const { shown, more } = splitLines(contactLines(contact), CONTACT_LINE_LIMITS[breakpoint]);
  const editPath = `/edit-contact?contactId=${contact.contactId}`;
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="contact-card">
      <Stack gap="xs" h="100%">
        <Group gap={6} wrap="nowrap" align="center">
          <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {contact.isPrimaryContact && <Star />}
        </Group>
        <Stack gap={2}>
          {shown.map((line, index) => (
            <Line key={index} line={line} />
          ))}
          {more.length > 0 && <MoreLines name={name} lines={more} />}
        </Stack>
        <Box mt="auto" pt="xs">
          <Text size="sm" fs="italic" data-testid="contact-authorization">
            {t(AUTHORIZATION_TEXT[authorizationState(contact)])}
          </Text>
          {canEdit && (
            <Group gap="md" mt={6}>
              <Anchor component={Link} to={editPath} size="sm" fw={600}>
                {t('dashboard.edit')}
                <span className="portal-visually-hidden"> {name}</span>
              </Anchor>
              <Anchor component={Link} to={`${editPath}#account-settings`} size="sm" fw={600}>
                {t('dashboard.change')}
                <span className="portal-visually-hidden"> {t('dashboard.recordAccessOf', { name })}</span>
              </Anchor>
            </Group>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}

/**
 * The patient's personal contacts, by first then last name. With the AddContact field, Add Contact and
 * each card's Edit and Change links (Change goes to the same form, where the contact's record access is
 * set). A failed load shows the generic error.
 */
export function PersonalContactsSection({ patientId, canEdit }: { patientId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(personalContactsQuery(patientId));
  const contacts = sortContacts(query.data ?? []);
  return (
    <Section
      title={t('dashboard.personalContactsTitle')}
      testId="dashboard-personal-contacts"
      action={
        canEdit && (
          <Button component={Link} to="/add-contact" variant="light" size="sm">
            {t('dashboard.addContact')}
          </Button>
        )
      }
    >
      {query.isPending ? (
        <DelayedLoader label={t('app.loading')} />
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('messages.unexpectedError')}
        </Alert>
      ) : contacts.length === 0 ? (
        <Text>{t('dashboard.noContacts')}</Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="md"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {contacts.map((contact) => (
            <ContactCard key={contact.contactId} contact={contact} canEdit={canEdit} />
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}
