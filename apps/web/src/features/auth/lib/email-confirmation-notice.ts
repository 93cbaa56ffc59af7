import type { LoginProfile } from '@portal/contracts';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { sendConfirmEmail } from '../api/send-confirm-email';

/**
 * An unconfirmed email address: a warning that stays across pages, with a Resend action (api/send-confirm-email.ts).
 */
export function showEmailConfirmationNotice(profile: LoginProfile): void {
  if (profile.isEmailConfirmed || !profile.email || profile.userId === null) return;
  const userId = profile.userId;
  messageBar.show({
    type: 'warning',
    key: 'emailConfirm.requiredNotice',
    params: { email: profile.email },
    keepDisplay: true,
    action: {
      key: 'emailConfirm.resend',
      onAction: () => {
        // The language shown when Resend is pressed (the page's lang follows every switch).
        sendConfirmEmail(userId, document.documentElement.lang || 'en-US')
          .then(() => messageBar.show({ type: 'success', key: 'emailConfirm.sent', keepDisplay: true }))
          .catch((error: unknown) => {
            if (error instanceof ApiError && error.isSessionTimeout) return;
            messageBar.show({ type: 'error', key: 'emailConfirm.cannotSend', keepDisplay: true });
          });
      },
    },
  });
}
