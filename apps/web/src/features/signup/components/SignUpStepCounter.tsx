import { Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { SIGN_UP_STEPS } from '../lib/steps';

/** Above a page of the patient's sign-up: which page it is, of how many. */
export function SignUpStepCounter({ step }: { step: number }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('signUp.stepOf', { step, steps: SIGN_UP_STEPS })}
    </Text>
  );
}
