import { Button, Checkbox, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { RichText } from '../../../components/RichText';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { loginProfileQuery } from '../../../shared/api/login-profile';
import { usePageTitle } from '../../../lib/use-page-title';
import { acceptTermsOfUse } from '../api/account';
import { ProfileLoadingOrFailed } from '../components/ProfileLoadingOrFailed';
import { FormCard } from '../../../shared/components/FormCard';

/**
 * /termsOfUse: the facility's terms in a scrollable region, an accept box, Continue and Cancel (which
 * logs out). Continuing records the acceptance and goes home.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle('termsOfUse.title');
  const profile = useQuery(loginProfileQuery());
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const checkboxRef = useRef<HTMLInputElement>(null);

  if (profile.isPending || profile.isError) return <ProfileLoadingOrFailed failed={profile.isError} />;
  const { userId, isEulaAccepted, termsOfUse } = profile.data;
  // Nothing to accept (already accepted, or a kiosk or link user who has no user account).
  if (isEulaAccepted || userId === null) return <Navigate to="/dashboard" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setError('termsOfUse.mustAccept');
      checkboxRef.current?.focus();
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await acceptTermsOfUse(userId);
      // The guard reads the profile: it must know about the acceptance before the next page.
      await queryClient.invalidateQueries({ queryKey: loginProfileQuery().queryKey });
      messageBar.dismiss();
      await navigate('/', { replace: true });
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.isSessionTimeout)) {
        messageBar.show({ type: 'error', key: 'messages.unexpectedError' });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormCard title={t('termsOfUse.heading')} titleId="terms-title" width={860} onSubmit={(e) => void submit(e)}>
      <Text>{t('termsOfUse.intro')}</Text>
      {/* A focusable region, so keyboard users can scroll the terms too. */}
      <div
        role="region"
        aria-label={t('termsOfUse.scrollLabel')}
        tabIndex={0}
        className="portal-rich-text"
        style={{
          maxHeight: '50vh',
          overflowY: 'auto',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-sm)',
          padding: 'var(--mantine-spacing-md)',
        }}
      >
        <RichText html={termsOfUse} />
      </div>
      <Checkbox
        ref={checkboxRef}
        name="acceptTerms"
        label={t('termsOfUse.accept')}
        checked={accepted}
        error={error && t(error)}
        onChange={(e) => setAccepted(e.currentTarget.checked)}
      />
      <Group gap="sm">
        <Button type="submit" size="md" loading={submitting}>
          {t('common.continue')}
        </Button>
        <Button variant="default" size="md" onClick={() => void navigate('/logout')}>
          {t('common.cancel')}
        </Button>
      </Group>
    </FormCard>
  );
}
