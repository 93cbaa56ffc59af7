import { queryOptions } from '@tanstack/react-query';
import type {
  AccountCreated,
  AccountInformation,
  IdentityVerification,
  IdentityVerified,
  InvitationVerified,
  VerificationFields,
} from '@portal/contracts';
import { api } from '../../../lib/api-instance';

/** GET /api/patients/signup/verificationFields?facilityId: which of pin, mrn, ssn the facility asks for. */
export const verificationFieldsQuery = (facilityId: number) =>
  queryOptions({
    queryKey: ['signUp', 'verificationFields', facilityId],
    queryFn: () =>
      api.get<VerificationFields>('/api/patients/signup/verificationFields', {
        query: { facilityId },
        auth: false,
      }),
    staleTime: 10 * 60_000,
  });

export type IdentityToVerify = IdentityVerification;

/** POST /api/patients/signup/invitedPatientValidation: is this a patient of the facility without an account? */
export function verifyIdentity(identity: IdentityToVerify): Promise<IdentityVerified> {
  return api.post<IdentityVerified>('/api/patients/signup/invitedPatientValidation', identity, {
    auth: false,
  });
}

/** POST /api/patients/signup/postAccountInformation?language: creates the account. */
export function postAccountInformation(account: AccountInformation, language: string): Promise<AccountCreated> {
  return api.post<AccountCreated>('/api/patients/signup/postAccountInformation', account, {
    query: { language },
    auth: false,
  });
}

/** GET /api/authRep/signup/verifyInvitationToken/{pin}/{token}: the invitation of an authorised representative. */
export function verifyInvitation(pin: string, token: string): Promise<InvitationVerified> {
  return api.get(`/api/authRep/signup/verifyInvitationToken/${encodeURIComponent(pin)}/${encodeURIComponent(token)}`, {
    auth: false,
  });
}
