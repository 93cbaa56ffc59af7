import { Button, Group } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** The buttons under a sign-up form: submit (busy while `submitting`), then Cancel. */
export function SubmitAndCancel({
  label,
  submitting,
  disabled,
  onCancel,
}: {
  label: string;
  submitting: boolean;
  disabled?: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Button type="submit" loading={submitting} size="md" disabled={disabled}>
        {label}
      </Button>
      <Button variant="default" size="md" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </Group>
  );
}
