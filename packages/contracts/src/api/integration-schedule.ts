import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { FOLLOW_UP_STATUS_DESCS } from '../constants/follow-up-plan';
import { INTEGRATION_EXTERNAL_ID_PATTERN } from './integration-clinical';

// The integration API's schedule and care team resources: appointments, follow-up plans (scope 'clinical'), care
// providers and each patient's care team (scope 'clinical' too: see the routes). A facility's system puts them
// under its own identifiers (PUT creates or replaces, DELETE withdraws). Field names are the intake's
// (apps/server/src/modules/<module>/<module>.intake.ts). Every string and array has a maximum; unknown fields are
// refused. Server-only: the browser never calls it.

/** The largest provider photo, decoded (2 MiB). */
export const INTEGRATION_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The body limit of PUT /care-providers/{externalId} (4 MiB): the photo travels base64-encoded. */
export const INTEGRATION_PROVIDER_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
export const INTEGRATION_PHOTO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;

const optionalText = (max: number) => z.string().max(max).nullable().optional();
const required = (max: number) => z.string().trim().min(1).max(max);
const externalId = (what: string) =>
  z
    .string()
    .regex(
      INTEGRATION_EXTERNAL_ID_PATTERN,
      `${what} must be 1 to 200 letters, digits or . _ ~ : @ ^ | + = - characters`,
    );

/** An IANA time zone name the server knows (America/New_York, Europe/Paris, UTC). */
function isIanaZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneIdSchema = z
  .string()
  .max(64)
  .refine(isIanaZone, 'timeZoneId must be an IANA time zone name such as America/New_York')
  .describe('IANA time zone the record is held in (America/New_York)');

export const ProviderRecordParams = z.object({
  externalId: externalId('externalId').describe(
    "The facility's own identifier of the care provider (an NPI or staff number): unique per facility, the key of " +
      'every later PUT and DELETE and of the care team lists. 1 to 200 letters, digits or . _ ~ : @ ^ | + = -.',
  ),
});

export const PatientMrnParams = z.object({
  mrn: required(LIMITS.mrnMax).describe("The patient's medical record number at the client's facility"),
});

/* ------------------------------------------------------------ appointments */

export const IntegrationAppointmentLocationSchema = z
  .object({
    institution: optionalText(200).describe('The institution (Riverside Cancer Center)'),
    shortLocation: optionalText(200).describe('The location as the patient reads it; absent: the institution'),
    address1: optionalText(LIMITS.addressLineMax),
    address2: optionalText(LIMITS.addressLineMax),
    address3: optionalText(LIMITS.addressLineMax),
    city: optionalText(LIMITS.placeMax),
    provinceState: optionalText(LIMITS.placeMax),
    postalZip: optionalText(LIMITS.zipCode),
    country: optionalText(LIMITS.placeMax),
  })
  .strict();

export const IntegrationAppointmentSchema = z
  .object({
    startsAt: z.iso
      .datetime({ offset: true })
      .optional()
      .describe('ISO 8601 instant the appointment starts, with Z or an offset. Send this or date, not both.'),
    date: z.iso
      .date()
      .optional()
      .describe('YYYY-MM-DD when only the day is known (shown without a time). Send this or startsAt, not both.'),
    timeZoneId: TimeZoneIdSchema,
    appointmentType: required(200).describe('Consultation, Chemotherapy, Lab Work...'),
    provider: required(200).describe('Who the patient sees, as the patient reads it (Dr. Priya Raman)'),
    status: required(100).describe('Scheduled, Confirmed, Arrived, Completed, Cancelled...; Cancelled is not upcoming'),
    location: IntegrationAppointmentLocationSchema.optional().describe('Where; absent: no location shown'),
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.startsAt === undefined) === (value.date === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'Send either startsAt or date' });
    }
  });
export type IntegrationAppointment = z.infer<typeof IntegrationAppointmentSchema>;

/* ---------------------------------------------------------- follow-up plan */

export const IntegrationFollowUpTaskSchema = z
  .object({
    propertyCategoryId: z
      .number()
      .int()
      .min(1)
      .max(2_147_483_647)
      .describe('The task category (one of the plan’s taskNames); one task per category per item'),
    isAddressed: z.boolean().optional().describe('Done at this visit; default false'),
    taskNote: optionalText(4000),
  })
  .strict();

export const IntegrationFollowUpItemSchema = z
  .object({
    externalId: externalId('externalId').describe(
      "The facility's identifier of the visit, unique within the plan: a replaced plan keeps the portal ids of " +
        'the items it still has',
    ),
    labelYears: z.number().int().min(0).max(100).optional().describe('The label: years after the plan’s start'),
    labelMonths: z.number().int().min(0).max(11).optional().describe('and months'),
    recommendedDate: z.iso.date().describe('YYYY-MM-DD'),
    actualDate: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .describe('The booked or held visit, an ISO 8601 instant'),
    statusDesc: z.enum(FOLLOW_UP_STATUS_DESCS).optional().describe('Default Pending'),
    providerFirstName: optionalText(LIMITS.nameMax),
    providerLastName: optionalText(LIMITS.nameMax),
    linkedToOtherTypeCount: z.number().int().min(0).max(1000).optional(),
    tasks: z.array(IntegrationFollowUpTaskSchema).max(50),
  })
  .strict()
  .superRefine((item, ctx) => {
    const seen = new Set<number>();
    item.tasks.forEach((task, i) => {
      if (seen.has(task.propertyCategoryId)) {
        ctx.addIssue({ code: 'custom', path: ['tasks', i, 'propertyCategoryId'], message: 'Named twice in the item' });
      }
      seen.add(task.propertyCategoryId);
    });
  });

export const IntegrationFollowUpPlanSchema = z
  .object({
    startDate: z.iso.date().describe('YYYY-MM-DD: the start of the plan'),
    memoToPatient: optionalText(4000).describe('Instructions to the patient, plain text'),
    isArchived: z.boolean().optional().describe('Shown only when the patient asks for archived plans'),
    taskNames: z
      .array(
        z
          .object({
            propertyCategoryId: z.number().int().min(1).max(2_147_483_647),
            name: required(200),
          })
          .strict(),
      )
      .max(50)
      .describe('The task categories, in the order of the page’s columns'),
    templates: z
      .array(
        z.object({ templateDisplayName: required(200), effectiveDate: z.iso.date().nullable().optional() }).strict(),
      )
      .max(50)
      .describe('The guidelines the plan follows, in order'),
    items: z.array(IntegrationFollowUpItemSchema).max(200).describe('The follow-up visits with their tasks'),
  })
  .strict()
  .superRefine((plan, ctx) => {
    const categories = new Set<number>();
    plan.taskNames.forEach((taskName, i) => {
      if (categories.has(taskName.propertyCategoryId)) {
        ctx.addIssue({ code: 'custom', path: ['taskNames', i, 'propertyCategoryId'], message: 'Named twice' });
      }
      categories.add(taskName.propertyCategoryId);
    });
    const ids = new Set<string>();
    plan.items.forEach((item, i) => {
      if (ids.has(item.externalId)) {
        ctx.addIssue({ code: 'custom', path: ['items', i, 'externalId'], message: 'Two items with this externalId' });
      }
      ids.add(item.externalId);
    });
  });
export type IntegrationFollowUpPlan = z.infer<typeof IntegrationFollowUpPlanSchema>;

/* ---------------------------------------------------------- care providers */

export const IntegrationPhotoSchema = z
  .object({
    contentType: z
      .enum(INTEGRATION_PHOTO_CONTENT_TYPES)
      .describe('image/png or image/jpeg; the bytes must be of that type (checked: 400 otherwise)'),
    content: z
      .base64()
      .min(1)
      .max(Math.ceil(INTEGRATION_PHOTO_MAX_BYTES / 3) * 4)
      .describe('The portrait, base64-encoded (standard alphabet, padded); at most 2 MiB decoded'),
  })
  .strict();

const digits = (max: number) => z.string().regex(/^\d*$/, 'digits only').max(max).nullable().optional();

export const IntegrationCareProviderSchema = z
  .object({
    firstName: required(LIMITS.nameMax),
    lastName: required(LIMITS.nameMax),
    suffix: optionalText(LIMITS.suffixMax).describe('MD, RN, LCSW...'),
    titleValue: optionalText(100).describe('The title’s code (MedicalOncologist)'),
    title: optionalText(200).describe('The title as the patient reads it (Medical Oncologist)'),
    institution: optionalText(200),
    publicEmail: z.email().max(LIMITS.emailMax).nullable().optional(),
    address1: optionalText(LIMITS.addressLineMax),
    address2: optionalText(LIMITS.addressLineMax),
    address3: optionalText(LIMITS.addressLineMax),
    city: optionalText(LIMITS.placeMax),
    state: optionalText(LIMITS.placeMax),
    country: optionalText(LIMITS.placeMax),
    zipCode: optionalText(LIMITS.zipCode),
    publicPhone: digits(20).describe('Digits only; the browser formats them'),
    publicPhoneExt: digits(10),
    fax: digits(20),
    preferredSecureMessageSystemId: z
      .number()
      .int()
      .min(1)
      .max(2_147_483_647)
      .nullable()
      .optional()
      .describe('The secure-message system the provider prefers; absent or null: takes no secure messages'),
    photo: IntegrationPhotoSchema.nullable()
      .optional()
      .describe('The portrait (also its thumbnail); absent or null: the browser shows a placeholder'),
  })
  .strict();
export type IntegrationCareProvider = z.infer<typeof IntegrationCareProviderSchema>;

/* -------------------------------------------------------------- care team */

export const IntegrationCareTeamSchema = z
  .object({
    members: z
      .array(
        z
          .object({
            providerExternalId: externalId('providerExternalId').describe(
              'A care provider you put under this identifier (PUT /care-providers/{externalId}), not withdrawn',
            ),
            isSecureMessageRecipient: z
              .boolean()
              .describe('The provider’s role towards this patient: takes secure messages from them'),
          })
          .strict(),
      )
      .max(100),
  })
  .strict()
  .superRefine((team, ctx) => {
    const ids = new Set<string>();
    team.members.forEach((member, i) => {
      if (ids.has(member.providerExternalId)) {
        ctx.addIssue({ code: 'custom', path: ['members', i, 'providerExternalId'], message: 'Named twice' });
      }
      ids.add(member.providerExternalId);
    });
  });
export type IntegrationCareTeam = z.infer<typeof IntegrationCareTeamSchema>;

export const IntegrationCareTeamPutSchema = z.object({
  members: z.number().int().describe('How many providers the care team now has'),
  changed: z.boolean().describe('False when the care team already was exactly this (a resend): nothing changed'),
});
