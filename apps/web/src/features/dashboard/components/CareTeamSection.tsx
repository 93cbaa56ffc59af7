import { Anchor, Avatar, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatPhone } from '@portal/contracts';
import type { CareTeamMember } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useTranslation } from '../../../lib/i18n';
import { careTeamQuery } from '../../../shared/api/care-team';
import { profileImageUrl } from '../api/dashboard';
import {
  addressLines,
  canMessage,
  careProviderName,
  careProviderTitle,
  phoneWithExtension,
  sortCareTeam,
} from '../lib/cards';
import { Section } from './Section';

const initials = (member: CareTeamMember) => `${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.toUpperCase();

function CareTeamCard({ member, hasSecureMessages }: { member: CareTeamMember; hasSecureMessages: boolean }) {
  const { t } = useTranslation();
  const name = careProviderName(member);
  const title = careProviderTitle(member, t);
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="care-team-card">
      <Stack gap="xs" h="100%">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          {member.photoThumbnailFilename ? (
            <Avatar
              src={profileImageUrl(member.photoThumbnailFilename)}
              alt={t('dashboard.photoOf', { name })}
              size={64}
              radius="xl"
              color="brand"
            >
              {initials(member)}
            </Avatar>
          ) : (
            <Avatar size={64} radius="xl" color="brand" aria-hidden="true">
              {initials(member)}
            </Avatar>
          )}
          <Box style={{ minWidth: 0 }}>
            <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {title && <Text size="sm">{title}</Text>}
          </Box>
        </Group>
        <Box component="address" fz="sm" style={{ fontStyle: 'normal' }}>
          {addressLines(member, t).map((line, index) => (
            <Text key={index} size="sm">
              {line}
            </Text>
          ))}
        </Box>
        <Stack gap={2}>
          {member.publicEmail && (
            <Anchor href={`mailto:${member.publicEmail}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {member.publicEmail}
            </Anchor>
          )}
          {member.publicPhone && (
            <Text size="sm">
              {t('dashboard.phone')}:{' '}
              <Anchor href={`tel:${member.publicPhone.replace(/[^\d+]/g, '')}`} size="sm">
                {phoneWithExtension(member.publicPhone, member.publicPhoneExt, t)}
              </Anchor>
            </Text>
          )}
          {member.fax && (
            <Text size="sm">
              {t('dashboard.fax')}: {formatPhone(member.fax)}
            </Text>
          )}
        </Stack>
        {canMessage(member, hasSecureMessages) && (
          <Box mt="auto" pt="xs">
            <Button
              component={Link}
              to={`/secure-message?careProviderId=${member.careProviderId}`}
              variant="light"
              size="sm"
            >
              {t('dashboard.sendSecureMessage')}
              <span className="portal-visually-hidden"> {t('dashboard.toName', { name })}</span>
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

/** The patient's care team, by last then first name; a failed call shows the empty text (spec). */
export function CareTeamSection({ patientId, hasSecureMessages }: { patientId: number; hasSecureMessages: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(careTeamQuery(patientId));
  const members = sortCareTeam(query.isError ? [] : (query.data ?? []));
  return (
    <Section title={t('dashboard.careTeamTitle')} testId="dashboard-care-team">
      {query.isPending ? (
        <DelayedLoader label={t('app.loading')} />
      ) : members.length === 0 ? (
        <Text>{t('dashboard.noCareTeam')}</Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, lg: 4 }}
          spacing="md"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {members.map((member) => (
            <CareTeamCard key={member.careTeamId} member={member} hasSecureMessages={hasSecureMessages} />
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}
