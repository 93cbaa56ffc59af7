import { Box, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { useTranslation } from '../../../lib/i18n';
import { FormCard } from '../../../shared/components/FormCard';
import { registrationDetailsQuery } from '../api/account-settings';
import { registrationText, type RegistrationField } from '../lib/registration-details';

/** The three parts of the read-only details (spec 002, 2.8), in the order of section 3. */
const PARTS: { heading: string; fields: RegistrationField[] }[] = [
  {
    heading: 'demographics',
    fields: [
      'fullName',
      'mrn',
      'gender',
      'dateOfBirth',
      'birthCountry',
      'ethnicity',
      'race',
      'religion',
      'primaryLanguage',
      'citizenship',
      'maritalStatus',
      'mothersMaidenName',
      'occupation',
    ],
  },
  {
    heading: 'contactInformation',
    fields: [
      'homePhone',
      'mobilePhone',
      'primaryEmail',
      'preferredCommunication',
      'address1',
      'address2',
      'city',
      'state',
      'zipCode',
      'country',
    ],
  },
  { heading: 'otherDetails', fields: ['insuranceNote', 'advancedDirectiveNote', 'isClinicalTrial', 'clinicalTrialID'] },
];

/** Registration details: what the facility registered about the patient, read only. */
export function RegistrationDetailsCard({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const details = useQuery(registrationDetailsQuery(patientId));
  useLoadErrorMessage(details.error);
  if (!details.data) return null;
  const data = details.data;
  return (
    <FormCard
      title={t('accountSettings.registration.heading')}
      titleId="registration-details-title"
      headingLevel={2}
      width={null}
      section
    >
      <Text>{t('accountSettings.registration.intro')}</Text>
      {PARTS.map((part) => (
        <Box key={part.heading} component="section" aria-labelledby={`registration-${part.heading}`}>
          <Title order={3} fz="lg" id={`registration-${part.heading}`} mb="xs">
            {t(`accountSettings.registration.${part.heading}`)}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" m={0}>
            {part.fields.map((key) => (
              <Box key={key}>
                <Text component="dt" size="sm" c="dimmed">
                  {t(`accountSettings.registration.field.${key}`)}
                </Text>
                <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {registrationText(data, key, t)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Box>
      ))}
    </FormCard>
  );
}
