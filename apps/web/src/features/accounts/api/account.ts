import type { ChangeEmail, EmailChanged, ForcedChangePassword, UserValidation } from '@portal/contracts';
import { api } from '../../../lib/api-instance';

/** PATCH api/users/{userId}/replace: one json-patch replace of /isEulaAccepted. */
export function acceptTermsOfUse(userId: number): Promise<void> {
  return api.patch<void>(`/api/users/${userId}/replace`, [{ op: 'replace', path: '/isEulaAccepted', value: true }]);
}

export type { ChangeEmail };

/** PUT /api/users/{userId}/changeemail?language. */
export function changeEmail(body: ChangeEmail, language: string): Promise<EmailChanged> {
  return api.put(`/api/users/${body.userId}/changeemail`, body, { query: { language } });
}

/** POST /api/users/forgotPassword?userName&language; the answer tells nothing and is ignored. */
export function forgotPassword(userName: string, language: string): Promise<void> {
  return api.post<void>('/api/users/forgotPassword', undefined, { query: { userName, language }, auth: false });
}

export type ForcedPasswordChange = ForcedChangePassword;

/** PUT /api/users/changePassword: the forced change, before (or without) a session. */
export function changePassword(body: ForcedPasswordChange): Promise<void> {
  return api.put<void>('/api/users/changePassword', body, { auth: false });
}

/** GET /api/users/{userId}/validateuser/{encryptedUserId}/{username}: does the confirmation link belong to this user? */
export function validateUser(userId: number, encryptedUserId: string, username: string): Promise<boolean> {
  return api
    .get<UserValidation>(
      `/api/users/${userId}/validateuser/${encodeURIComponent(encryptedUserId)}/${encodeURIComponent(username)}`,
    )
    .then((answer) => answer.userValidation === true);
}

/** PUT /api/users/{userId}/confirmEmail: marks the email address confirmed. */
export function confirmEmail(userId: number, encryptedUserId: string): Promise<void> {
  return api.put<void>(`/api/users/${userId}/confirmEmail`, { encryptedUserId });
}
