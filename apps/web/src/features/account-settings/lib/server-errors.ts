import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';

/**
 * A failed call of the page: the server's message (spec 002 section 8: change email, change password, registration
 * details, system reminder settings), the generic error when no answer came; nothing after a session time-out.
 */
export function showServerError(failure: unknown): void {
  if (failure instanceof ApiError && failure.isSessionTimeout) return;
  messageBar.show(
    failure instanceof ApiError && failure.status >= 400 && failure.status < 500 && failure.message.trim()
      ? { type: 'error', text: failure.message }
      : { type: 'error', key: 'messages.unexpectedError' },
  );
}
