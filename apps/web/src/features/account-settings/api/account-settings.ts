import { queryOptions } from '@tanstack/react-query';
import type {
  ChangeEmail,
  ConfirmNoticeDestination,
  EmailChanged,
  PatientNotificationSettings,
  RegistrationDetails,
  SaveNotificationSettings,
  SendNoticeCode,
  SystemReminderSettings,
} from '@portal/contracts';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/api-instance';
import { notificationSettingsKey } from '../../../shared/api/notification-settings';

/** GET /api/patients/{patientId}/NotificationSettings: the whole page; null on a 404 (nothing saved: the defaults). */
export const notificationPageQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...notificationSettingsKey(patientId), 'page'],
    queryFn: async ({ signal }): Promise<PatientNotificationSettings | null> => {
      try {
        return await api.get<PatientNotificationSettings>(`/api/patients/${patientId}/NotificationSettings`, {
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** PUT /api/patients/{patientId}/NotificationSettings. */
export function saveNotificationSettings(
  patientId: number,
  body: SaveNotificationSettings,
): Promise<PatientNotificationSettings> {
  return api.put(`/api/patients/${patientId}/NotificationSettings`, body);
}

/** POST .../NotificationSettings/confirmation: the code sent to a new address or number. */
export function confirmNoticeDestination(
  patientId: number,
  body: ConfirmNoticeDestination,
): Promise<PatientNotificationSettings> {
  return api.post(`/api/patients/${patientId}/NotificationSettings/confirmation`, body);
}

/** POST .../NotificationSettings/code: a new code to the address or number waiting for confirmation. */
export function sendNoticeCode(patientId: number, body: SendNoticeCode): Promise<void> {
  return api.post(`/api/patients/${patientId}/NotificationSettings/code`, body);
}

/** GET /api/systemremindersettings: the channels the facility offers. */
export const systemReminderSettingsQuery = () =>
  queryOptions({
    queryKey: ['systemReminderSettings'],
    queryFn: ({ signal }) => api.get<SystemReminderSettings>('/api/systemremindersettings', { signal }),
    staleTime: 5 * 60_000,
  });

/** GET /api/accountsettings/patientregistrationdetails/{patientId}. */
export const registrationDetailsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['patient', patientId, 'registrationDetails'],
    queryFn: ({ signal }) =>
      api.get<RegistrationDetails>(`/api/accountsettings/patientregistrationdetails/${patientId}`, { signal }),
  });

/** PUT /api/users/{userId}/changeemail?language. */
export function changeEmail(body: ChangeEmail, language: string): Promise<EmailChanged> {
  return api.put(`/api/users/${body.userId}/changeemail`, body, { query: { language } });
}

/** PUT /api/users/{userId}/changePassword: the signed-in user's own change (the calling session stays). */
export function changeOwnPassword(
  userId: number,
  body: { oldPassword: string; newPassword: string; confirmPassword: string },
): Promise<void> {
  return api.put<void>(`/api/users/${userId}/changePassword`, body);
}
