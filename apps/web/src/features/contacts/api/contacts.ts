import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ContactUpsert,
  CountryLookup,
  InvitationCreated,
  InviteExists,
  LanguageLookup,
  PersonalContact,
  PreferredCommunicationLookup,
  RelationshipLookup,
  StateLookup,
} from '@portal/contracts';
import { api } from '../../../lib/api-instance';

/** Lookup rows as the lookups calls answer them. */
export type Relationship = RelationshipLookup;
export type Country = CountryLookup;
export type State = StateLookup;
export type PreferredCommunication = PreferredCommunicationLookup;
export type LanguageOption = LanguageLookup;

const lookup = <T>(name: string, language: string) =>
  queryOptions({
    queryKey: ['lookups', name, language],
    queryFn: ({ signal }) => api.get<T[]>(`/api/lookups/${name}`, { signal, query: { language } }),
    staleTime: 30 * 60_000,
    // A language switch keeps the form on screen with the old names until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/** GET /api/lookups/relationships, /countries, /states, /preferredCommunications, /languages?language: named in it. */
export const lookupQueries = {
  relationships: (language: string) => lookup<Relationship>('relationships', language),
  countries: (language: string) => lookup<Country>('countries', language),
  states: (language: string) => lookup<State>('states', language),
  preferredCommunications: (language: string) => lookup<PreferredCommunication>('preferredCommunications', language),
  languages: (language: string) => lookup<LanguageOption>('languages', language),
};

/** PUT /api/patients/{patientId}/contacts: adds (contactId 0) or updates a contact; answers the contact. */
export function saveContact(patientId: number, body: ContactUpsert): Promise<PersonalContact> {
  return api.put<PersonalContact>(`/api/patients/${patientId}/contacts`, body);
}

/** POST /api/patients/{patientId}/contacts/{contactId}?authorized=: enables or disables the contact's access. */
export function setContactAccess(patientId: number, contactId: number, authorized: boolean): Promise<void> {
  return api.post<void>(`/api/patients/${patientId}/contacts/${contactId}`, undefined, {
    query: { authorized: String(authorized) },
  });
}

/** POST .../contacts/{contactId}/UnlockAccount. */
export function unlockContactAccount(patientId: number, contactId: number): Promise<void> {
  return api.post<void>(`/api/patients/${patientId}/contacts/${contactId}/UnlockAccount`);
}

/** POST .../contacts/{contactId}/ResetPassword?language: mails the contact a temporary password. */
export function resetContactPassword(patientId: number, contactId: number, language: string): Promise<void> {
  return api.post<void>(`/api/patients/${patientId}/contacts/${contactId}/ResetPassword`, undefined, {
    query: { language },
  });
}

/** GET /api/invitations/contact/{contactId}/checkArInviteExists: an open invitation exists. */
export const inviteExistsQuery = (contactId: number) =>
  queryOptions({
    queryKey: ['contacts', contactId, 'inviteExists'],
    queryFn: ({ signal }) =>
      api.get<InviteExists>(`/api/invitations/contact/${contactId}/checkArInviteExists`, {
        signal,
      }),
  });

export type { InvitationCreated };

/**
 * POST /api/invitations/contact/{contactId}/invite?language&resend: sends the invitation email; answers the PIN.
 * Without resend, the invitation this session issued moments ago is answered again (no new PIN or email).
 */
export function inviteContact(contactId: number, language: string, resend = false): Promise<InvitationCreated> {
  return api.post<InvitationCreated>(`/api/invitations/contact/${contactId}/invite`, undefined, {
    query: resend ? { language, resend: 'true' } : { language },
  });
}

/** GET /api/invitations/{invitationId}/pinpdf?token: the PIN letter, opened in a new window. */
export function pinPdfUrl(invitation: Pick<InvitationCreated, 'invitationId' | 'pinPdfToken'>): string {
  return `/api/invitations/${invitation.invitationId}/pinpdf?token=${encodeURIComponent(invitation.pinPdfToken)}`;
}
