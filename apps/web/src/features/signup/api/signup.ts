import { queryOptions } from '@tanstack/react-query';
import type {
  AccountCreatedSchema,
  AccountInformation,
  IdentityVerification,
  IdentityVerifiedSchema,
  InvitationVerifiedSchema,
  VerificationFieldsSchema,
} from '@portal/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-instance';

/** GET /api/patients/signup/verificationFields?facilityId: which of pin, mrn, ssn the facility asks for. */
export const verificationFieldsQuery = (facilityId: number) =>
  queryOptions({
    queryKey: ['signUp', 'verificationFields', facilityId],
    queryFn: () =>
      api.get<z.infer<typeof VerificationFieldsSchema>>('/api/patients/signup/verificationFields', {
        query: { facilityId },
        auth: false,
      }),
    staleTime: 10 * 60_000,
  });

export type IdentityToVerify = IdentityVerification;

/** POST /api/patients/signup/invitedPatientValidation: is this a patient of the facility without an account? */
export function verifyIdentity(identity: IdentityToVerify): Promise<z.infer<typeof IdentityVerifiedSchema>> {
  return api.post<z.infer<typeof IdentityVerifiedSchema>>('/api/patients/signup/invitedPatientValidation', identity, {
    auth: false,
  });
}

/** POST /api/patients/signup/postAccountInformation?language: creates the account. */
export function postAccountInformation(
  account: AccountInformation,
  language: string,
): Promise<z.infer<typeof AccountCreatedSchema>> {
  return api.post<z.infer<typeof AccountCreatedSchema>>('/api/patients/signup/postAccountInformation', account, {
    query: { language },
    auth: false,
  });
}

/** GET /api/authRep/signup/verifyInvitationToken/{pin}/{token}: the invitation of an authorised representative. */
export function verifyInvitation(pin: string, token: string): Promise<z.infer<typeof InvitationVerifiedSchema>> {
  return api.get(`/api/authRep/signup/verifyInvitationToken/${encodeURIComponent(pin)}/${encodeURIComponent(token)}`, {
    auth: false,
  });
}
