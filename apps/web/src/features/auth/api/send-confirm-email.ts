import { api } from '../../../lib/api-instance';

/** POST api/users/{userId}/sendConfirmEmail?language: the confirmation email once more, in that language. */
export function sendConfirmEmail(userId: number, language: string): Promise<void> {
  return api.post<void>(`/api/users/${userId}/sendConfirmEmail`, undefined, { query: { language } });
}
