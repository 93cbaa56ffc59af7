import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { formatPhone } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { facilityContactsQuery } from '../../features/contact-us/api/contact-us';
import { useFacility } from '../../lib/facility-context';
import { useTranslation } from '../../lib/i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { FormCard } from '../../shared/components/FormCard';

/** The facility's Contact Us list, by its sort order: name, phone and email of each desk. */
function FacilityContacts({ facilityId }: { facilityId: number }) {
  const { t } = useTranslation();
  const contacts = useQuery(facilityContactsQuery(facilityId));
  const shown = (contacts.data ?? []).filter((contact) => contact.phone || contact.email);
  if (shown.length === 0) return null;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="no-patient-contacts">
      {shown.map((contact, index) => (
        <li key={index}>
          <Text fw={700}>{contact.contactName}</Text>
          {contact.phone && (
            <Text size="sm">
              {t('noPatient.phone')}:{' '}
              <Anchor href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} size="sm">
                {formatPhone(contact.phone)}
              </Anchor>
            </Text>
          )}
          {contact.email && (
            <Text size="sm">
              {t('noPatient.email')}:{' '}
              <Anchor href={`mailto:${contact.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {contact.email}
              </Anchor>
            </Text>
          )}
        </li>
      ))}
    </Stack>
  );
}

/**
 * What a logged-in user with no patient's record to show sees on every page instead of a page that would
 * wait for a patient forever: a representative whose access the patient switched off is told so; anyone
 * else that their account has no record. Whom to contact (the facility's Contact Us list) and Log Out.
 */
export function NoPatientPage({ switchedOff }: { switchedOff: boolean }) {
  const { t } = useTranslation();
  const facility = useFacility();
  const navigate = useNavigate();
  const titleKey = switchedOff ? 'noPatient.switchedOffTitle' : 'noPatient.title';
  usePageTitle(titleKey);
  return (
    <FormCard title={t(titleKey)} mt="xl">
      <Text>{t(switchedOff ? 'noPatient.switchedOffMessage' : 'noPatient.message')}</Text>
      <Title order={2} fz="lg">
        {t('nav.contactUs')}
      </Title>
      <Text>{t('noPatient.contact', { facility: facility.facilityName })}</Text>
      <FacilityContacts facilityId={facility.facilityId} />
      <Button onClick={() => void navigate('/logout')} w="fit-content">
        {t('header.logOut')}
      </Button>
    </FormCard>
  );
}
