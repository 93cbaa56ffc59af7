import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { emailSchema } from './fields';
import { IdParam } from './common';
import { LanguageQuerySchema } from './content';

// Module contacts (spec 001): personal contacts and their invitations. The browser imports only the types of this file.

/* ------------------------------------------------------- personal contacts */

export const ContactUserInfoSchema = z.object({
  userName: z.string(),
  isEmailConfirmed: z.boolean(),
  isLockedOut: z.boolean(),
  minutesLeftBeforeLockoutExpires: z.number().int(),
});

export const PersonalContactSchema = z.object({
  contactId: z.number().int(),
  patientId: z.number().int(),
  contactFirstName: z.string(),
  contactLastName: z.string(),
  suffix: z.string().nullable(),
  relationshipId: z.number().int().nullable(),
  relationship: z.string().nullable(),
  isPrimaryContact: z.boolean(),
  isNextOfKin: z.boolean(),
  providesTransport: z.boolean(),
  usePatientAddress: z.boolean(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zipCode: z.string().nullable(),
  homePhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  workPhone: z.string().nullable(),
  isOkToLeaveMsgHome: z.boolean(),
  isOkToLeaveMsgMobile: z.boolean(),
  isOkToLeaveMsgWork: z.boolean(),
  contactEmail: z.string().nullable(),
  preferredCommunicationId: z.number().int().nullable(),
  communicationLanguageId: z.number().int().nullable(),
  isActive: z.boolean(),
  isAuthorizedRepresentativeActive: z.boolean(),
  authorizedRepresentativeUserId: z.number().int().nullable(),
  invitationId: z.number().int().nullable().describe('The newest invitation, if any'),
  isInvitationLocked: z.boolean(),
  isInvitationExpired: z.boolean(),
  userInfo: ContactUserInfoSchema.nullable(),
});
export type PersonalContact = z.infer<typeof PersonalContactSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : (v ?? null)));
/** Formatted as typed ('(518) 555-0142'); stored as digits. */
const phone = optionalText(LIMITS.phoneMax)
  .transform((v) => (v === null ? null : v.replace(/\D/g, '') || null))
  .refine((v) => v === null || /^\d{7,15}$/.test(v), '7 to 15 digits');

/** Saved by PUT /api/patients/{patientId}/contacts: a contactId of 0 (or none) adds a contact. */
export const ContactUpsertSchema = z
  .object({
    contactId: z.number().int().min(0).optional(),
    contactFirstName: z.string().trim().min(1).max(LIMITS.nameMax),
    contactLastName: z.string().trim().min(1).max(LIMITS.nameMax),
    suffix: optionalText(LIMITS.suffixMax),
    relationshipId: z.number().int().positive(),
    isPrimaryContact: z.boolean().default(false),
    isNextOfKin: z.boolean().default(false),
    providesTransport: z.boolean().default(false),
    usePatientAddress: z.boolean().default(false),
    address1: optionalText(LIMITS.addressLineMax),
    address2: optionalText(LIMITS.addressLineMax),
    city: optionalText(LIMITS.placeMax),
    state: optionalText(LIMITS.placeMax),
    country: optionalText(LIMITS.placeMax),
    zipCode: optionalText(LIMITS.zipCode),
    homePhone: phone,
    mobilePhone: phone,
    workPhone: phone,
    isOkToLeaveMsgHome: z.boolean().default(false),
    isOkToLeaveMsgMobile: z.boolean().default(false),
    isOkToLeaveMsgWork: z.boolean().default(false),
    contactEmail: emailSchema
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    preferredCommunicationId: z.number().int().positive().nullable().optional(),
    communicationLanguageId: z.number().int().positive(),
  })
  .strict();
export type ContactUpsert = z.input<typeof ContactUpsertSchema>;

export const ContactParams = z.object({ patientId: IdParam, contactId: IdParam });
export const ContactAccessQuery = z.object({ authorized: z.enum(['true', 'false']).transform((v) => v === 'true') });
/* ------------------------------------------------------------ invitations */

export const InviteExistsSchema = z.object({ exists: z.boolean() });
export const InvitationCreatedSchema = z.object({
  invitationId: z.number().int(),
  pin: z
    .string()
    .describe(
      'Shown to the patient (again to the same session on a repeat within 10 minutes), who gives it to the ' +
        'contact; never in the email',
    ),
  email: z.string(),
  pinPdfToken: z.string().describe('For GET /api/invitations/{invitationId}/pinpdf?token=, valid 10 minutes'),
});
export const InviteQuery = LanguageQuerySchema.extend({
  resend: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe(
      'true for Resend Invitation: always a new invitation (new PIN, new email). Otherwise the same session asking ' +
        'again within 10 minutes of an invitation is answered that invitation again, with no new email',
    ),
});
export const PinPdfQuery = z.object({ token: z.string().min(10).max(1000) });

export type InvitationCreated = z.infer<typeof InvitationCreatedSchema>;
export type InviteExists = z.infer<typeof InviteExistsSchema>;
