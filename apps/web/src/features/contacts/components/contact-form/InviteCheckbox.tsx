import { Checkbox } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n';

/** A new contact only, with the InviteContact capability: invite the contact once saved. */
export function InviteCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Checkbox
      name="invite"
      label={t('contactForm.form.invite')}
      description={t('contactForm.form.inviteDescription')}
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
