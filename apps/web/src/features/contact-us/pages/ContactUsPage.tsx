import { Alert, Anchor, Box, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatPhone } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { RichText } from '../../../components/RichText';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import type { FacilityContact } from '@portal/contracts';
import { contentQuery, isContentMissing } from '../../../shared/api/content';
import { facilityContactsQuery } from '../api/contact-us';

function addressLines(contact: FacilityContact): string[] {
  const place = [contact.city, [contact.state, contact.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [contact.address1, contact.address2, place, contact.country].filter((line): line is string =>
    Boolean(line?.trim()),
  );
}

function Address({ contact }: { contact: FacilityContact }) {
  const lines = addressLines(contact);
  if (lines.length === 0) return null;
  return (
    <Box component="address" style={{ fontStyle: 'normal' }}>
      {lines.map((line, index) => (
        <div key={index}>{line}</div>
      ))}
    </Box>
  );
}

function Phone({ value }: { value: string | null }) {
  if (!value) return null;
  return (
    <Anchor href={`tel:${value.replace(/[^\d+]/g, '')}`} size="sm">
      {formatPhone(value)}
    </Anchor>
  );
}

function Email({ value }: { value: string | null }) {
  if (!value) return null;
  return (
    <Anchor href={`mailto:${value}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Anchor>
  );
}

/** Wide windows: one table row per contact. */
function ContactsTable({ contacts, captionId }: { contacts: FacilityContact[]; captionId: string }) {
  const { t } = useTranslation();
  return (
    <Table visibleFrom="sm" striped withTableBorder verticalSpacing="sm" fz="sm" aria-labelledby={captionId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('contactUs.name')}</Table.Th>
          <Table.Th scope="col">{t('contactUs.address')}</Table.Th>
          <Table.Th scope="col">{t('contactUs.phone')}</Table.Th>
          <Table.Th scope="col">{t('contactUs.fax')}</Table.Th>
          <Table.Th scope="col">{t('contactUs.email')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {contacts.map((contact, index) => (
          <Table.Tr key={index} data-testid="facility-contact-row">
            <Table.Th scope="row" fw={700}>
              {contact.contactName}
            </Table.Th>
            <Table.Td>
              <Address contact={contact} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Phone value={contact.phone} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{contact.fax ? formatPhone(contact.fax) : ''}</Table.Td>
            <Table.Td>
              <Email value={contact.email} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Narrow windows: one card per contact, each field labelled. */
function ContactCards({ contacts }: { contacts: FacilityContact[] }) {
  const { t } = useTranslation();
  const field = (label: string, value: ReactNode) =>
    value ? (
      <Text size="sm">
        <Text component="span" size="sm" fw={600}>
          {label}:
        </Text>{' '}
        {value}
      </Text>
    ) : null;
  return (
    <Stack component="ul" hiddenFrom="sm" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {contacts.map((contact, index) => (
        <Paper component="li" key={index} withBorder radius="md" p="sm" data-testid="facility-contact-card">
          <Title order={3} fz="md" mb={4}>
            {contact.contactName}
          </Title>
          <Stack gap={4}>
            {addressLines(contact).length > 0 && (
              <Box fz="sm">
                <Address contact={contact} />
              </Box>
            )}
            {field(t('contactUs.phone'), contact.phone && <Phone value={contact.phone} />)}
            {field(t('contactUs.fax'), contact.fax && formatPhone(contact.fax))}
            {field(t('contactUs.email'), contact.email && <Email value={contact.email} />)}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** /contact-us: the facility's instructions and its contacts (a table that turns into cards on phones). */
export function Component() {
  const { t, locale } = useTranslation();
  usePageTitle('contactUs.title');
  const facility = useFacility();
  const content = useQuery(contentQuery('ContactUs', locale, facility.facilityId));
  const contacts = useQuery(facilityContactsQuery(facility.facilityId));
  const contactsHeadingId = useId();
  const body = content.data?.body.trim();
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {t('contactUs.title')}
      </Title>
      <Box component="section" aria-label={t('contactUs.instructions')} data-testid="contact-us-instructions">
        {content.isPending ? (
          <DelayedLoader label={t('app.loading')} />
        ) : content.isError && !isContentMissing(content.error) ? (
          <Alert color="red" variant="light">
            {t('content.loadFailed')}
          </Alert>
        ) : body ? (
          <RichText html={body} className="portal-rich-text" />
        ) : (
          <Text>{t('contactUs.noInstructionsInContactUs')}</Text>
        )}
      </Box>
      <Box component="section" aria-labelledby={contactsHeadingId}>
        <Title order={2} id={contactsHeadingId} fz={{ base: 20, sm: 24 }} mb="sm">
          {t('contactUs.contactsTitle')}
        </Title>
        {contacts.isPending ? (
          <DelayedLoader label={t('app.loading')} />
        ) : contacts.isError ? (
          <Alert color="red" variant="light">
            {t('messages.unexpectedError')}
          </Alert>
        ) : contacts.data.length === 0 ? (
          <Text>{t('contactUs.noContactsInContactUs')}</Text>
        ) : (
          <>
            <ContactsTable contacts={contacts.data} captionId={contactsHeadingId} />
            <ContactCards contacts={contacts.data} />
          </>
        )}
      </Box>
    </Stack>
  );
}
