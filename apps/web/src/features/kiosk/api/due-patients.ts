import { queryOptions } from '@tanstack/react-query';
import type { KioskPatientRow } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { kioskKey } from './keys';

/** GET /api/kiosk/questionnaires?dueDate=YYYY-MM-DD: the patients with questionnaires due that day (titles in `language`). */
export const kioskPatientsQuery = (dueDate: string, language: string) =>
  queryOptions({
    queryKey: [...kioskKey, 'patients', dueDate, language],
    queryFn: ({ signal }) =>
      api.get<KioskPatientRow[]>('/api/kiosk/questionnaires', { query: { dueDate, language }, signal }),
  });
