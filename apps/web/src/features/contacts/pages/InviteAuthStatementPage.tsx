import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { RichText } from '../../../components/RichText';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { contentQuery } from '../../../shared/api/content';
import { InviteGate } from '../components/InviteGate';
import { FormCard } from '../../../shared/components/FormCard';
import { resendRequested, type InviteFlowState } from '../lib/invite-flow';

/** /invite-auth-statement?contactId=: the patient agrees to the authorization statement before inviting. */
export function Component() {
  usePageTitle('contactForm.statement.title');
  return <InviteGate>{(contactId) => <Statement contactId={contactId} />}</InviteGate>;
}

function Statement({ contactId }: { contactId: number }) {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const navigate = useNavigate();
  const location = useLocation();
  const statement = useQuery(contentQuery('AuthorizationStatement', locale, facility.facilityId));

  // Back to where the patient came from; opened directly, back to the contact.
  const cancel = () =>
    void (location.key === 'default' ? navigate(`/edit-contact?contactId=${contactId}`) : navigate(-1));

  return (
    <FormCard title={t('contactForm.statement.title')} width={760} gap="lg">
      {statement.isPending ? (
        <DelayedLoader label={t('app.loading')} />
      ) : statement.data ? (
        <RichText className="portal-rich-text" html={statement.data.body} />
      ) : (
        <Text role="alert">{t('content.loadFailed')}</Text>
      )}
      <Group gap="sm">
        <Button
          size="md"
          disabled={!statement.data}
          onClick={() => {
            const flow: InviteFlowState = { resend: resendRequested(location.state) };
            void navigate(`/contact-pin?contactId=${contactId}`, { state: flow });
          }}
        >
          {t('contactForm.statement.agree')}
        </Button>
        <Button size="md" variant="default" onClick={cancel}>
          {t('common.cancel')}
        </Button>
      </Group>
    </FormCard>
  );
}
