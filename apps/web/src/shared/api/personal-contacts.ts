import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PersonalContact } from '@portal/contracts';
import { answeredAhead, fetchAhead, getTakingAhead } from '../../lib/fetch-ahead';

/**
 * GET /api/patients/{patientId}/contacts: the patient's personal contacts, read by the contact pages and
 * the dashboard's cards under one key, so a saved contact shows everywhere at once.
 */
export const personalContactsPath = (patientId: number) => `/api/patients/${patientId}/contacts`;

export const personalContactsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['patient', patientId, 'contacts'],
    queryFn: ({ signal }) => getTakingAhead<PersonalContact[]>(personalContactsPath(patientId), signal),
    initialData: () => answeredAhead<PersonalContact[]>(personalContactsPath(patientId)),
    staleTime: 30_000,
  });

/** The personal contacts, asked for as the app starts on the dashboard (lib/fetch-ahead.ts), for its query to take. */
export const fetchPersonalContactsAhead = (patientId: number) =>
  fetchAhead<PersonalContact[]>(personalContactsPath(patientId));

/** After a change to a contact: every cached contact list (any key that names 'contacts') is stale. */
export function invalidatePersonalContacts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes('contacts') });
}
