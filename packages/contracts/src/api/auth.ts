import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { LOGIN_TYPES } from '../rules/login-type';

// Module auth (spec 000): POST /token, the login profile, capabilities, the patient and its facilities and
// external systems, URL tokens. Paths, field names and error codes are the public contract: keep their casing. The browser imports only the types of this file.

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
  password: z.string().max(LIMITS.passwordMax).optional(),
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
  hasPassword: z
    .boolean()
    .optional()
    .describe(
      'Whether the account has a portal password: then replacing its email asks for it, in every kind of session',
    ),
  preferredLanguage: z.string().nullable(),
  facilityId: z.number().int(),
  preferences: z.array(PreferenceSchema),
  termsOfUse: z.string().describe('The facility terms of use, sanitised HTML, in the requested language'),
  ids: z.array(z.object({ idType: z.enum(['Patient', 'PatientContact']), value: z.number().int() })),
  accessSwitchedOff: z
    .boolean()
    .optional()
    .describe('true when ids is empty because every patient the user represented has switched their access off'),
  kioskExitUrl: z
    .string()
    .optional()
    .describe(
      'Kiosk users only: where their Log Out (or Finish and exit) takes the device when kiosk staff of another ' +
        'facility than the patient’s started the session: that facility’s public address + /kioskLogin (absent: ' +
        'the kiosk login of the address the browser is at)',
    ),
  sessionIdleSeconds: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      'Kiosk users only: how long the session may sit idle before the server ends it (the facility’s kiosk ' +
        'idle limit, 1 to 30 minutes); the kiosk page warns before then and returns to the kiosk start',
    ),
});
export type LoginProfile = z.infer<typeof LoginProfileSchema>;
/* ------------------------------------------------------------ capabilities */

/**
 * The capability modules the portal reads: each gates a tab, a page, a badge or a route. A facility's profile
 * may name others (moduleName stays any string), which nothing reads.
 */
export const CAPABILITY_MODULE_NAMES = [
  'Dashboard',
  'Appointments',
  'TreatmentSummary',
  'FollowUps',
  'Education',
  'Questionnaires',
  'TestResults',
  'MedicalNotes',
  'SecureMessages',
  'ContactUs',
  'Faqs',
  'UsefulLinks',
  'DownloadableItems',
] as const;
export type CapabilityModuleName = (typeof CAPABILITY_MODULE_NAMES)[number];
/** A module, or one field of it written `Module.Field` (Dashboard.Appointments: the dashboard's section). */
export type CapabilityGrant = CapabilityModuleName | `${CapabilityModuleName}.${string}`;

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
