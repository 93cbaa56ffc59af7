import { Alert, Button, Group, Modal, ScrollArea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n';
import type { PublicContentKey } from '@portal/contracts';
import { DelayedLoader } from '../../components/DelayedLoader';
import { RichText } from '../../components/RichText';
import { contentQuery } from '../../shared/api/content';
import { useFacility } from '../../lib/facility-context';

/** Terms of Use, Privacy Statement or Accessibility Help, fetched by facility and language. */
export default function LegalModal({
  contentKey,
  title,
  onClose,
}: {
  contentKey: PublicContentKey;
  title: string;
  onClose: () => void;
}) {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  // Accessibility help is the product's own text; terms and privacy are the facility's.
  const facilityId = contentKey === 'AccessibilityHelp' ? undefined : facility.facilityId;
  const content = useQuery(contentQuery(contentKey, locale, facilityId));
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {content.isPending && <DelayedLoader label={t('app.loading')} />}
      {content.isError && (
        <Alert color="red.9" role="alert">
          {t('content.loadFailed')}
        </Alert>
      )}
      {content.data && <RichText html={content.data.body} className="portal-rich-text" />}
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>{t('common.close')}</Button>
      </Group>
    </Modal>
  );
}
