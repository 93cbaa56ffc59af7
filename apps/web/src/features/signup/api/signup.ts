import { queryOptions } from '@tanstack/react-query';
import type { AccountInformation, BirthDate, Content, PasswordRulesInput } from '@portal/contracts';
import { api } from '../../../lib/api-instance';

/** GET /api/patients/signup/verificationFields?facilityId: which of pin, mrn, ssn the facility asks for. */
export const verificationFieldsQuery = (facilityId: number) =>
  queryOptions({
    queryKey: ['signUp', 'verificationFields', facilityId],
    queryFn: () =>
      api.get<{ verificationFields: string }>('/api/patients/signup/verificationFields', {
        query: { facilityId },
        auth: false,
      }),
    staleTime: 10 * 60_000,
  });

/** GET /api/patients/signup/passwordRules?facilityId: the facility's password rules. */
export const passwordRulesQuery = (facilityId: number) =>
  queryOptions({
    queryKey: ['signUp', 'passwordRules', facilityId],
    queryFn: () =>
      api.get<PasswordRulesInput>('/api/patients/signup/passwordRules', { query: { facilityId }, auth: false }),
    staleTime: 10 * 60_000,
  });

/** GET api/content/TermsOfUse/facilityToken/{facilityId}?language: the terms shown in the sign-up modal. */
export const termsOfUseQuery = (facilityId: number, language: string) =>
  queryOptions({
    queryKey: ['content', 'TermsOfUse', language, facilityId],
    queryFn: () =>
      api.get<Content>(`/api/content/TermsOfUse/facilityToken/${facilityId}`, { query: { language }, auth: false }),
    staleTime: 30 * 60_000,
  });

export interface IdentityToVerify {
  facilityId: number;
  firstName: string;
  lastName: string;
  birthDate: BirthDate;
  pin?: string;
  mrn?: string;
  ssn?: string;
}

/** POST /api/patients/signup/invitedPatientValidation: is this a patient of the facility without an account? */
export function verifyIdentity(identity: IdentityToVerify): Promise<{ patientId: number }> {
  return api.post<{ patientId: number }>('/api/patients/signup/invitedPatientValidation', identity, { auth: false });
}

/** POST /api/patients/signup/postAccountInformation?language: creates the account. */
export function postAccountInformation(
  account: AccountInformation,
  language: string,
): Promise<{ userId: number; message: string }> {
  return api.post<{ userId: number; message: string }>('/api/patients/signup/postAccountInformation', account, {
    query: { language },
    auth: false,
  });
}

/** GET /api/authRep/signup/verifyInvitationToken/{pin}/{token}: the invitation of an authorised representative. */
export function verifyInvitation(
  pin: string,
  token: string,
): Promise<{ arEmail: string; facilityHomeId: number; encryptedInvitationId: string }> {
  return api.get(`/api/authRep/signup/verifyInvitationToken/${encodeURIComponent(pin)}/${encodeURIComponent(token)}`, {
    auth: false,
  });
}
