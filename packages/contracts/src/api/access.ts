import { z } from 'zod';
import { BROWSER_AUDIT_EVENTS } from '../constants/audit';
import { LIMITS } from '../constants/limits';
import { LOGIN_TYPES } from '../rules/login-type';
import { emailSchema, usernameSchema } from './fields';
import { IdParam } from './common';

// Access, accounts and sessions (spec 000). Paths, field names and error codes are the public
// contract: keep their casing. The browser imports only the types of this file.

/* ------------------------------------------------------------------ token */

/** Headers of POST /token beside the form (all lower-case on the wire). */
export const TOKEN_HEADERS = {
  logonProcess: 'logon-process',
  ssoId: 'sso-id',
  patientId: 'patient-id',
  linkData: 'link-data',
  lastName: 'last-name',
  /** YYYY-MM-DD */
  birthDate: 'birth-date',
} as const;

export const TokenRequestSchema = z.object({
  grant_type: z.enum(['password', 'refresh_token']),
  username: z.string().max(LIMITS.usernameMax).optional(),
  password: z.string().max(256).optional(),
  refresh_token: z.string().max(200).optional(),
});

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().describe('Seconds; the browser treats the token as expired 15 s earlier'),
  loginType: z.enum(LOGIN_TYPES),
  isEulaAccepted: z.boolean(),
  userName: z.string(),
});
export type TokenSuccess = z.infer<typeof TokenResponseSchema>;

export const TOKEN_ERRORS = [
  'invalid_grant',
  'locked_out',
  'password_change_required',
  'invalid_subscription',
] as const;
export type TokenErrorCode = (typeof TOKEN_ERRORS)[number];
/** error_description values of a failed link login. */
export const LINK_LOGIN_ERRORS = ['username_password_incorrect', 'link_expired'] as const;

export const TokenErrorSchema = z.object({
  error: z.enum(TOKEN_ERRORS),
  error_description: z.string(),
  message: z.string(),
  requestId: z.string(),
  minutesLeft: z.number().int().optional().describe('locked_out: whole minutes until the account unlocks'),
});

/* ------------------------------------------------------------ login profile */

export const PreferenceSchema = z.object({ name: z.string().min(1).max(100), value: z.string().max(1000) });
export type Preference = z.infer<typeof PreferenceSchema>;

export const LoginProfileSchema = z.object({
  userId: z.number().int().nullable().describe('null for kiosk and link users, who act only for one patient'),
  userName: z.string(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  loginType: z.enum(LOGIN_TYPES),
  isEmailConfirmed: z.boolean(),
  isEulaAccepted: z.boolean(),
  isPasswordUpdateRequired: z.boolean(),
  isAuthorizedRepresentative: z.boolean(),
  canChangePassword: z.boolean().describe('false for single sign-on users'),
  preferredLanguage: z.string().nullable(),
  facilityId: z.number().int(),
  preferences: z.array(PreferenceSchema),
  termsOfUse: z.string().describe('The facility terms of use, sanitised HTML, in the requested language'),
  ids: z.array(z.object({ idType: z.enum(['Patient', 'PatientContact']), value: z.number().int() })),
});
export type LoginProfile = z.infer<typeof LoginProfileSchema>;

/* ------------------------------------------------------------ capabilities */

export interface CapabilityDetail {
  fieldName: string;
  details?: CapabilityDetail[];
}
export const CapabilityDetailSchema: z.ZodType<CapabilityDetail> = z.lazy(() =>
  z.object({ fieldName: z.string(), details: z.array(CapabilityDetailSchema).optional() }),
);
export const CapabilityModuleSchema = z.object({
  moduleName: z.string(),
  details: z.array(CapabilityDetailSchema),
});
export type CapabilityModule = z.infer<typeof CapabilityModuleSchema>;
export const CapabilitiesSchema = z.object({ modules: z.array(CapabilityModuleSchema) });
export type Capabilities = z.infer<typeof CapabilitiesSchema>;

/* ----------------------------------------------------------------- patient */

export const BirthDateSchema = z.object({
  year: z.coerce.number().int().min(1900).max(2200),
  month: z.coerce.number().int().min(1).max(12),
  day: z.coerce.number().int().min(1).max(31),
});
export type BirthDate = z.infer<typeof BirthDateSchema>;

export const PatientSchema = z.object({
  patientId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  userId: z.number().int().nullable(),
  hasLogin: z.boolean(),
  homeFacilityId: z.number().int(),
  dateOfBirth: z.string().describe('YYYY-MM-DD'),
  emailAddress: z.string().nullable(),
  address: z.object({
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    zipCode: z.string().nullable(),
  }),
});
export type Patient = z.infer<typeof PatientSchema>;

export const PatientFacilitySchema = z.object({
  facilityId: z.number().int(),
  facilityName: z.string(),
  facilityShortName: z.string(),
  isHomeFacility: z.boolean(),
});
export const ExternalSystemSchema = z.object({
  externalSystemId: z.number().int(),
  name: z.string(),
  activeTriggerEventTypes: z.array(z.string()).describe('CcdaRequested: the portal may ask it for a health summary'),
});

export type ExternalSystem = z.infer<typeof ExternalSystemSchema>;

export const PatientIdParams = z.object({ patientId: IdParam });
export const UserIdParams = z.object({ userId: IdParam });

/* ------------------------------------------------------------------ audit */

export const AUDIT_LOGOFF_EVENTS = {
  userNamePassword: 'logoffauditevent',
  singleSignOn: 'ssologoffauditevent',
  patientKioskManagement: 'kiosklogoffauditevent',
  patientKioskUser: 'kiosklogoffauditevent',
  patientLinkUser: 'urllinklogoffauditevent',
} as const;

export const AuditRequestSchema = z
  .object({
    auditEventType: z.enum(BROWSER_AUDIT_EVENTS, {
      error: `must be one of the view events: ${BROWSER_AUDIT_EVENTS.join(', ')}`,
    }),
    patientId: z.number().int().positive(),
  })
  .strict();

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
    pin: digits(12).optional(),
    mrn: z.string().trim().max(40).optional(),
    ssn: digits(9).optional(),
  })
  .strict();
export type IdentityVerification = z.infer<typeof IdentityVerificationSchema>;

export const IdentityVerifiedSchema = z.object({ patientId: z.number().int() });

/** Sign-up error codes (400 unless noted); the message is fit to show. */
export const SIGNUP_ERRORS = [
  'invalid_information',
  'pin_expired',
  'pin_invalidated',
  'username_exists',
  'too_many_attempts',
] as const;

export const AccountInformationSchema = z
  .object({
    facilityId: z.number().int().positive(),
    patientId: z.number().int().describe('-1 for an authorised representative invited by a patient'),
    emailAddress: emailSchema.optional().describe('Required unless patientId is -1 (the invitation holds it)'),
    username: usernameSchema,
    password: z.string().min(1).max(256),
    isTermsOfUseAccepted: z.literal(true, { error: 'You must accept the terms of use to create an account.' }),
    firstName: z.string().trim().max(LIMITS.nameMax).optional(),
    lastName: z.string().trim().max(LIMITS.nameMax).optional(),
    birthDate: BirthDateSchema.optional(),
    pin: digits(12).optional(),
    mrn: z.string().trim().max(40).optional(),
    ssn: digits(9).optional(),
    encryptedInvitationId: z.string().max(200).optional(),
  })
  .strict();
export type AccountInformation = z.infer<typeof AccountInformationSchema>;

export const SIGNUP_EMAIL_FAILED = 'Failed to send email';
export const AccountCreatedSchema = z.object({
  userId: z.number().int(),
  message: z.enum(['Account created', SIGNUP_EMAIL_FAILED]),
});

export const InvitationParamsSchema = z.object({ pin: z.string().max(12), token: z.string().max(200) });
export const InvitationVerifiedSchema = z.object({
  arEmail: z.string(),
  facilityHomeId: z.number().int(),
  encryptedInvitationId: z.string(),
});

/* ---------------------------------------------------------------- account */

export const JsonPatchSchema = z
  .array(z.object({ op: z.literal('replace'), path: z.string().max(100), value: z.unknown() }).strict())
  .length(1, 'must hold exactly one replace operation');

export const EmailChangedSchema = z.object({ userId: z.number().int(), email: z.string() });

export const ChangeEmailSchema = z
  .object({
    isPatient: z.boolean(),
    usePrimaryEmail: z.boolean().optional(),
    userId: z.number().int(),
    patientId: z.number().int().nullable().optional(),
    email: emailSchema,
  })
  .strict();

export const ConfirmEmailSchema = z.object({ encryptedUserId: z.string().min(1).max(200) }).strict();
export const UserValidationSchema = z.object({ userValidation: z.boolean() });

export const ForgotPasswordQuerySchema = z.object({
  userName: z.string().trim().min(1).max(LIMITS.usernameMax),
  language: z.string().max(35).optional(),
});

export const PASSWORD_CHANGE_ERRORS = [
  'invalid_old_password',
  'invalid_grant',
  'password_must_be_different',
  'confirm_mismatch',
  'password_rules',
  'lockedout',
] as const;

export const ChangePasswordSchema = z
  .object({
    oldPassword: z.string().min(1).max(256),
    newPassword: z.string().min(1).max(256),
    confirmPassword: z.string().min(1).max(256),
  })
  .strict();
export const ForcedChangePasswordSchema = ChangePasswordSchema.extend({
  userName: z.string().trim().min(1).max(LIMITS.usernameMax),
}).strict();

export const PreferredLanguageSchema = z.object({ language: z.string().nullable() });
export const PreferenceUpdateSchema = PreferenceSchema.extend({ userId: z.number().int() }).strict();

/* ------------------------------------------------------------- URL tokens */

export const UrlTokenRequestSchema = z
  .object({
    path: z
      .string()
      .max(500)
      .regex(
        /^\/api(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/,
        'must be an API path such as /api/education/articles/12/content',
      ),
  })
  .strict();
export const UrlTokenSchema = z.object({
  token: z.string(),
  expiresIn: z.number().int().describe('seconds the token stays valid'),
});
export type UrlToken = z.infer<typeof UrlTokenSchema>;
