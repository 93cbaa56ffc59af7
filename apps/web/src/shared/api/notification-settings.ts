import { queryOptions } from '@tanstack/react-query';
import type { NotificationSettingType } from '@portal/contracts';
import { ApiError } from '../../lib/api';
import { api } from '../../lib/api-instance';

export type NotificationType = NotificationSettingType;

/** Whether the patient gets notices of one kind by email and by text message. */
export interface NotificationSettings {
  email: boolean;
  sms: boolean;
}

export { notificationSummary, type NotificationSummary } from '@portal/contracts';

/** Every query of a patient's notification settings (one type's, the whole page's): what a save refreshes. */
export const notificationSettingsKey = (patientId: number) => ['patient', patientId, 'notificationSettings'] as const;

/**
 * GET /api/patients/{patientId}/NotificationSettings?type (Appointments, Followups, SecureMessages,
 * Questionnaires): a 404 means nothing is set, so email and text are off.
 */
export const notificationSettingsQuery = (patientId: number, type: NotificationType) =>
  queryOptions({
    queryKey: [...notificationSettingsKey(patientId), type],
    queryFn: async ({ signal }): Promise<NotificationSettings> => {
      try {
        const answer = await api.get<{ patientSettings: Partial<NotificationSettings> }>(
          `/api/patients/${patientId}/NotificationSettings`,
          { query: { type }, signal },
        );
        return { email: answer.patientSettings.email === true, sms: answer.patientSettings.sms === true };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { email: false, sms: false };
        throw error;
      }
    },
  });
