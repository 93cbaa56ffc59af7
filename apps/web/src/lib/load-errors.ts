import { useEffect } from 'react';
import { ApiError } from './api';
import { messageBar } from './api-instance';

/**
 * Shows a failed load in the message bar: the server's message (spec 002 section 8), or the generic error
 * where the spec says so or when no answer came. A session time-out adds nothing: the time-out message
 * already shows.
 */
export function useLoadErrorMessage(error: unknown, options: { generic?: boolean } = {}): void {
  const generic = options.generic ?? false;
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.isSessionTimeout) return;
    const serverMessage = error instanceof ApiError && error.status > 0 ? error.message.trim() : '';
    if (!generic && serverMessage) messageBar.show({ type: 'error', text: serverMessage });
    else messageBar.show({ type: 'error', key: 'messages.unexpectedError' });
  }, [error, generic]);
}
