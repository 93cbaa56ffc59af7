import { LIMITS } from '@portal/contracts';

/**
 * The longest value each kind of form field takes (its maxLength), as the server accepts it: from the
 * contracts' LIMITS where they hold it. The ones marked "not in LIMITS" are the literal .max() of the
 * contracts' schemas (or, for email, the address length the pages have always allowed); they belong in
 * LIMITS and are read from one place here until they are there.
 */
export const FIELD_MAX = {
  username: LIMITS.usernameMax,
  name: LIMITS.nameMax,
  zipCode: LIMITS.zipCode,
  /** Not in LIMITS: the pages' limit for an email address (RFC 5321 path length). */
  email: 254,
  /** Not in LIMITS: ChangePasswordSchema, AccountInformationSchema, TokenRequestSchema .max(256). */
  password: 256,
  /** Not in LIMITS: IdentityVerificationSchema pin digits(12), InvitationParamsSchema pin .max(12). */
  pin: 12,
  /** Not in LIMITS: IdentityVerificationSchema mrn .max(40). */
  mrn: 40,
  /** Not in LIMITS: IdentityVerificationSchema ssn digits(9). */
  ssn: 9,
  /** Not in LIMITS: ContactUpsertSchema suffix .max(20). */
  suffix: 20,
  /** Not in LIMITS: ContactUpsertSchema address1, address2 .max(100). */
  addressLine: 100,
  /** Not in LIMITS: ContactUpsertSchema city, state, country .max(60). */
  place: 60,
  /** Not in LIMITS: ContactUpsertSchema phones .max(30) (as typed, with punctuation). */
  phone: 30,
} as const;
