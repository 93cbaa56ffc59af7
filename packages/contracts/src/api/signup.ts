import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { emailSchema, usernameSchema } from './fields';
import { IdParam } from './common';
import { BirthDateSchema } from './auth';

// Module signup (spec 000): verification fields, password rules, identity check, account creation,
// representative invitations. The browser imports only the types of this file.

/* ---------------------------------------------------------------- sign-up */

export const FacilityIdQuerySchema = z.object({ facilityId: IdParam });

export const VERIFICATION_FIELDS = ['pin', 'mrn', 'ssn'] as const;
export const VerificationFieldsSchema = z.object({
  verificationFields: z.string().describe('Comma-separated subset of pin, mrn, ssn that this facility asks for'),
});

export const PasswordRulesSchema = z.object({
  minimumLength: z.number().int(),
  minLength: z.number().int(),
  numOfCapitalLetters: z.number().int(),
  capitalLetters: z.number().int(),
  numOfNumbers: z.number().int(),
  numbers: z.number().int(),
  numOfSpecialCharacters: z.number().int(),
  specialCharacters: z.number().int(),
});

const digits = (max: number) => z.string().trim().regex(/^\d+$/, 'digits only').max(max);

export const IdentityVerificationSchema = z
  .object({
    facilityId: z.number().int().positive(),
    firstName: z.string().trim().min(1).max(LIMITS.nameMax),
    lastName: z.string().trim().min(1).max(LIMITS.nameMax),
    birthDate: BirthDateSchema,
    pin: digits(LIMITS.pinMax).optional(),
    mrn: z.string().trim().max(LIMITS.mrnMax).optional(),
    ssn: digits(LIMITS.ssnLength).optional(),
  })
  .strict();
export type IdentityVerification = z.infer<typeof IdentityVerificationSchema>;

export const IdentityVerifiedSchema = z.object({ patientId: z.number().int() });

export const AccountInformationSchema = z
  .object({
    facilityId: z.number().int().positive(),
    patientId: z.number().int().describe('-1 for an authorised representative invited by a patient'),
    emailAddress: emailSchema.optional().describe('Required unless patientId is -1 (the invitation holds it)'),
    username: usernameSchema,
    password: z.string().min(1).max(LIMITS.passwordMax),
    isTermsOfUseAccepted: z.literal(true, { error: 'You must accept the terms of use to create an account.' }),
    firstName: z.string().trim().max(LIMITS.nameMax).optional(),
    lastName: z.string().trim().max(LIMITS.nameMax).optional(),
    birthDate: BirthDateSchema.optional(),
    pin: digits(LIMITS.pinMax).optional(),
    mrn: z.string().trim().max(LIMITS.mrnMax).optional(),
    ssn: digits(LIMITS.ssnLength).optional(),
    encryptedInvitationId: z.string().max(200).optional(),
  })
  .strict();
export type AccountInformation = z.infer<typeof AccountInformationSchema>;

export const SIGNUP_EMAIL_FAILED = 'Failed to send email';
export const AccountCreatedSchema = z.object({
  userId: z.number().int(),
  message: z.enum(['Account created', SIGNUP_EMAIL_FAILED]),
});

export const InvitationParamsSchema = z.object({ pin: z.string().max(LIMITS.pinMax), token: z.string().max(200) });
export const InvitationVerifiedSchema = z.object({
  arEmail: z.string(),
  facilityHomeId: z.number().int(),
  encryptedInvitationId: z.string(),
});

export type VerificationFields = z.infer<typeof VerificationFieldsSchema>;
export type IdentityVerified = z.infer<typeof IdentityVerifiedSchema>;
export type AccountCreated = z.infer<typeof AccountCreatedSchema>;
export type InvitationVerified = z.infer<typeof InvitationVerifiedSchema>;
