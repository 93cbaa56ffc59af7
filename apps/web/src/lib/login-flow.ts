import { ApiError } from './api';

export interface MessageRef {
  key: string;
  params?: Record<string, string | number>;
}

/** The token endpoint's error codes and the message each shows. */
export function tokenErrorMessage(error: unknown): MessageRef {
  if (!(error instanceof ApiError)) return { key: 'messages.unexpectedError' };
  switch (error.code) {
    case 'invalid_grant':
      return { key: 'login.failed' };
    case 'invalid_subscription':
      return { key: 'login.subscriptionEnded' };
    case 'locked_out': {
      const minutes = Number((error.body as { minutesLeft?: number } | undefined)?.minutesLeft ?? 0) || 15;
      return { key: 'login.lockedOut', params: { minutes, count: minutes } };
    }
    default:
      return { key: 'messages.unexpectedError' };
  }
}

/** A same-site path (no scheme, no other host), or null. */
export function sameSitePath(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}

/** Where to go after login: the redirect with isAutoRedirect=true and the extra parameters, else the dashboard. */
export function afterLoginTarget(search: URLSearchParams): string {
  const redirect = sameSitePath(search.get('redirect'));
  if (!redirect) return '/dashboard';
  const extra = new URLSearchParams(search);
  extra.delete('redirect');
  extra.set('isAutoRedirect', 'true');
  return `${redirect}${redirect.includes('?') ? '&' : '?'}${extra.toString()}`;
}
