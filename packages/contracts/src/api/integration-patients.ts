import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { SUPPORTED_LOCALES } from '../constants/locales';
import { EMAIL_FORMAT_MESSAGE, isValidEmail } from '../rules/email';

// The integration API's patients (scope 'patients'): a facility's registration system puts a patient under the
// MRN, its own identifier, unique within the facility (PUT creates or replaces, GET reads back what the portal
// holds), and issues sign-up PINs. Every string has a maximum; unknown fields are refused, so a misspelt field is
// a 400 naming it rather than silently dropped. Server-only: the browser never calls it.

/** An optional text the facility may leave out, send as null or empty (all store null). */
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const required = (max: number) => z.string().trim().min(1).max(max);

/** The earliest date of birth taken: anything before is a typing error. */
const EARLIEST_BIRTH_DATE = '1850-01-01';

/** Today as YYYY-MM-DD a day ahead of UTC, so a birth today counts in every time zone. */
function latestBirthDate(): string {
  return new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
}

/** HL7 v2 administrative sex (table 0001). */
export const INTEGRATION_SEXES = ['F', 'M', 'O', 'U', 'A', 'N'] as const;

/** What an external system can do for the portal: CcdaRequested, it answers requests for a health summary. */
export const EXTERNAL_SYSTEM_TRIGGER_EVENT_TYPES = ['CcdaRequested'] as const;

/** The most external systems one patient may have. */
export const INTEGRATION_EXTERNAL_SYSTEMS_MAX = 20;

/** The body limit of PUT /integration/v1/patients/{mrn} (64 KiB). */
export const INTEGRATION_PATIENT_BODY_LIMIT_BYTES = 64 * 1024;

export const IntegrationPatientParams = z.object({
  mrn: required(LIMITS.mrnMax).describe("The patient's medical record number at your facility (at most 40 characters)"),
});

export const IntegrationExternalSystemSchema = z
  .object({
    externalId: z
      .string()
      .regex(/^[A-Za-z0-9._~:@^|+=-]{1,200}$/, 'externalId must be 1 to 200 letters, digits or . _ ~ : @ ^ | + = -')
      .describe("Your identifier of the system (unique per patient): a replaced patient keeps the system's portal id"),
    name: required(200).describe('The name the patient sees (Riverside Health Information Exchange)'),
    activeTriggerEventTypes: z
      .array(z.enum(EXTERNAL_SYSTEM_TRIGGER_EVENT_TYPES))
      .max(EXTERNAL_SYSTEM_TRIGGER_EVENT_TYPES.length)
      .default([])
      .describe('CcdaRequested: the portal may ask the system for a health summary'),
    sendSecurelyDisabled: z
      .boolean()
      .default(false)
      .describe(
        'true: the system takes no part in Direct exchange for this patient, so Send Securely of its health ' +
          'summaries is refused (the patient may still view, download and email them)',
      ),
  })
  .strict();

export const IntegrationRegistrationDetailsSchema = z
  .object({
    birthCountry: optionalText(LIMITS.placeMax),
    ethnicity: optionalText(100),
    race: optionalText(100),
    religion: optionalText(100),
    primaryLanguage: optionalText(100).describe(
      "The language the patient speaks as registered (Spanish); the portal's own language is preferredLanguage",
    ),
    citizenship: optionalText(100),
    maritalStatus: optionalText(50),
    mothersMaidenName: optionalText(LIMITS.nameMax),
    occupation: optionalText(100),
    preferredCommunication: optionalText(100).describe('How the patient prefers to be reached (Email, Phone, Mail)'),
    insuranceNote: optionalText(4000),
    advancedDirectiveNote: optionalText(4000),
    isClinicalTrial: z.boolean().default(false),
    clinicalTrialID: optionalText(100),
  })
  .strict()
  .describe(
    'The registration details the account settings page shows, read-only (spec: fullName, mrn, gender, ' +
      'dateOfBirth, phones, primaryEmail and address come from the fields of the patient itself)',
  );

export const IntegrationPatientSchema = z
  .object({
    homeFacility: z
      .string()
      .trim()
      .max(100)
      .optional()
      .describe(
        "Your facility (its portal id, short name or host alias); absent: yours. A patient's home facility is " +
          "always the client's: another facility is refused (400).",
      ),
    firstName: required(LIMITS.nameMax),
    middleName: optionalText(LIMITS.nameMax),
    lastName: required(LIMITS.nameMax),
    suffix: optionalText(LIMITS.suffixMax),
    dateOfBirth: z.iso
      .date('dateOfBirth must be a calendar day YYYY-MM-DD')
      .refine((day) => day >= EARLIEST_BIRTH_DATE && day <= latestBirthDate(), {
        error: `dateOfBirth must be between ${EARLIEST_BIRTH_DATE} and today`,
      })
      .describe('YYYY-MM-DD: a calendar day that exists, not in the future'),
    sex: z
      .enum(INTEGRATION_SEXES)
      .nullable()
      .optional()
      .describe('HL7 v2 administrative sex: F, M, O (other), U (unknown), A (ambiguous), N (not applicable)'),
    address1: optionalText(LIMITS.addressLineMax),
    address2: optionalText(LIMITS.addressLineMax),
    city: optionalText(LIMITS.placeMax),
    state: optionalText(LIMITS.placeMax),
    zipCode: optionalText(LIMITS.zipCode),
    country: optionalText(LIMITS.placeMax),
    homePhone: optionalText(LIMITS.phoneMax),
    mobilePhone: optionalText(LIMITS.phoneMax),
    email: z
      .string()
      .trim()
      .max(LIMITS.emailMax)
      .refine((value) => value === '' || isValidEmail(value), { error: EMAIL_FORMAT_MESSAGE })
      .nullable()
      .optional()
      .describe(
        "The email address on the patient's record. A patient with a portal account keeps the account's own " +
          'address (they change it themselves); only the record changes.',
      ),
    ssn: z
      .string()
      .regex(/^\d{3}-?\d{2}-?\d{4}$/, 'ssn must be 9 digits (123-45-6789 or 123456789)')
      .nullable()
      .optional()
      .describe(
        "The patient's SSN, for a facility whose sign-up asks for it: kept only as a hash, never answered. " +
          'Absent: the SSN on record stays; null: it is removed.',
      ),
    preferredLanguage: z
      .enum(SUPPORTED_LOCALES)
      .nullable()
      .optional()
      .describe(`The portal's language for the patient: one of ${SUPPORTED_LOCALES.join(', ')}`),
    registrationDetails: IntegrationRegistrationDetailsSchema.nullable().optional(),
    externalSystems: z
      .array(IntegrationExternalSystemSchema)
      .max(INTEGRATION_EXTERNAL_SYSTEMS_MAX)
      .default([])
      .superRefine((systems, ctx) => {
        const seen = new Set<string>();
        systems.forEach((system, i) => {
          if (seen.has(system.externalId)) {
            ctx.addIssue({ code: 'custom', path: [i, 'externalId'], message: 'externalId appears twice' });
          }
          seen.add(system.externalId);
        });
      })
      .describe("The patient's external systems, all of them: a system left out is removed"),
  })
  .strict();
export type IntegrationPatient = z.infer<typeof IntegrationPatientSchema>;

export const IntegrationPatientPutSchema = z.object({
  mrn: z.string(),
  created: z.boolean().describe('True when this PUT created the patient (201), false when it replaced one (200)'),
  changed: z.boolean().describe('False when the portal already held exactly this (a resend): nothing changed'),
});
export type IntegrationPatientPut = z.infer<typeof IntegrationPatientPutSchema>;

const nullableText = z.string().nullable();

export const IntegrationPatientRecordSchema = z.object({
  mrn: z.string(),
  homeFacility: z.string().describe("The facility's short name"),
  hasAccount: z.boolean().describe('Whether the patient has signed up for a portal account'),
  firstName: z.string(),
  middleName: nullableText,
  lastName: z.string(),
  suffix: nullableText,
  dateOfBirth: z.string().describe('YYYY-MM-DD'),
  sex: nullableText,
  address1: nullableText,
  address2: nullableText,
  city: nullableText,
  state: nullableText,
  zipCode: nullableText,
  country: nullableText,
  homePhone: nullableText,
  mobilePhone: nullableText,
  email: nullableText.describe("The record's address (a patient with an account may log in with another)"),
  preferredLanguage: nullableText,
  hasSsn: z.boolean().describe('Whether an SSN is on record (only its hash is kept)'),
  registrationDetails: z
    .object({
      birthCountry: nullableText,
      ethnicity: nullableText,
      race: nullableText,
      religion: nullableText,
      primaryLanguage: nullableText,
      citizenship: nullableText,
      maritalStatus: nullableText,
      mothersMaidenName: nullableText,
      occupation: nullableText,
      preferredCommunication: nullableText,
      insuranceNote: nullableText,
      advancedDirectiveNote: nullableText,
      isClinicalTrial: z.boolean(),
      clinicalTrialID: nullableText,
    })
    .nullable(),
  externalSystems: z.array(
    z.object({
      externalSystemId: z.number().int().describe("The portal's id of the system"),
      externalId: nullableText.describe('Your identifier; null for a system made before the API'),
      name: z.string(),
      activeTriggerEventTypes: z.array(z.string()),
      sendSecurelyDisabled: z.boolean(),
    }),
  ),
});
export type IntegrationPatientRecord = z.infer<typeof IntegrationPatientRecordSchema>;

export const IntegrationSignupPinSchema = z.object({
  pin: z
    .string()
    .describe(
      'The new sign-up PIN, answered this once (only its hash is kept). Any older unused PIN of the patient ' +
        'stops working.',
    ),
  expiresAt: z.string().describe('ISO 8601, UTC: after this the PIN no longer works'),
});
export type IntegrationSignupPin = z.infer<typeof IntegrationSignupPinSchema>;
