import { z } from 'zod';
import { CARE_TEAM_CODED_FIELDS, type CareTeamCodedField } from '../rules/lookup-names';

// Module careteam (spec 001): care team members and the facility's Contact Us list. The browser imports only the types of this file.

/* -------------------------------------------------------------- care team */

export const CareTeamMemberSchema = z.object({
  careTeamId: z.number().int(),
  patientId: z.number().int(),
  careProviderId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  suffix: z.string().nullable(),
  publicEmail: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zipCode: z.string().nullable(),
  publicPhone: z.string().nullable(),
  publicPhoneExt: z.string().nullable(),
  fax: z.string().nullable(),
  institution: z.string().nullable(),
  careProviderTitleValue: z.string().nullable(),
  careProviderTitle: z.string().nullable(),
  photoFilename: z.string().nullable(),
  photoThumbnailFilename: z.string().nullable().describe('Served at /api/images/userprofileimage/{fileName}'),
  preferredSecureMessageIfSystemId: z.number().int().nullable(),
  secureMessageRecipientForPatient: z.boolean(),
  codes: z
    .object(
      Object.fromEntries(Object.keys(CARE_TEAM_CODED_FIELDS).map((field) => [field, z.string().nullable()])) as Record<
        CareTeamCodedField,
        z.ZodNullable<z.ZodString>
      >,
    )
    // Optional for a member built without it (a cached answer, a test's): its values then show as sent.
    .optional()
    .describe(
      'The portal’s code of the title (careProviderTitleValue, or the title’s English name: MedicalOncologist), ' +
        'the country (US) and the state (US.NY), null when none the portal names. The browser names them by their ' +
        'code in the reader’s language (language pack key lookups.<list>.<code>), else shows them as sent.',
    ),
});
export type CareTeamMember = z.infer<typeof CareTeamMemberSchema>;
/* ------------------------------------------------------------- contact us */

export const FacilityContactSchema = z.object({
  contactName: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type FacilityContact = z.infer<typeof FacilityContactSchema>;
