import { queryOptions } from '@tanstack/react-query';
import type { NOTIFICATION_TYPES } from '@portal/contracts';
import { ApiError } from './api';
import { api } from './api-instance';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Whether the patient gets reminders of one kind by email and by text message. */
export interface NotificationSettings {
  email: boolean;
  sms: boolean;
}

/**
 * GET /api/patients/{patientId}/NotificationSettings?type (Appointments, Followups): a 404 means nothing is
 * set, so email and text are off.
 */
export const notificationSettingsQuery = (patientId: number, type: NotificationType) =>
  queryOptions({
    queryKey: ['patient', patientId, 'notificationSettings', type],
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
