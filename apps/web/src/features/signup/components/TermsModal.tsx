import { Alert, Button, Group, Modal, ScrollArea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { RichText } from '../../../components/RichText';
import { useTranslation } from '../../../lib/i18n';
import { contentQuery } from '../../../shared/api/content';

/** The facility's terms of use, in the current language, opened from the create-account form. */
export function TermsModal({
  facilityId,
  opened,
  onClose,
}: {
  facilityId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, locale } = useTranslation();
  const terms = useQuery({ ...contentQuery('TermsOfUse', locale, facilityId), enabled: opened });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('createAccount.termsTitle')}
      size="lg"
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {terms.isPending && <DelayedLoader label={t('app.loading')} />}
      {terms.isError && (
        <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
          {t('content.loadFailed')}
        </Alert>
      )}
      {terms.data && <RichText html={terms.data.body} className="portal-rich-text" />}
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>{t('common.close')}</Button>
      </Group>
    </Modal>
  );
}
