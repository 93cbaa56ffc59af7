import type { BadgeSource } from '../../../lib/badges';
import { api } from '../../../lib/api-instance';
import { questionnairesPath } from './keys';

/** GET .../assignedquestionnaires/newcount: questionnaires never opened, a plain number. */
export function fetchNewCount(patientId: number, signal?: AbortSignal): Promise<number> {
  return api.get<number>(`${questionnairesPath(patientId)}/newcount`, { signal });
}

/** The header badge of Questionnaires: the new ones (assigned and not opened yet). */
export const questionnairesBadge: BadgeSource = (patientId) => fetchNewCount(patientId);
