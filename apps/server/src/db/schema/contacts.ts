import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// A patient's personal contacts, some of them authorised representatives (module contacts). Mirrors
// migrations/*.sql.

export const personalContacts = pgTable('personal_contacts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  suffix: text('suffix'),
  relationship: text('relationship'),
  isPrimaryContact: boolean('is_primary_contact').notNull().default(false),
  isNextOfKin: boolean('is_next_of_kin').notNull().default(false),
  providesTransport: boolean('provides_transport').notNull().default(false),
  usePatientAddress: boolean('use_patient_address').notNull().default(false),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  zipCode: text('zip_code'),
  homePhone: text('home_phone'),
  mobilePhone: text('mobile_phone'),
  workPhone: text('work_phone'),
  contactEmail: text('contact_email'),
  communicationLanguageId: integer('communication_language_id'),
  authorizedRepresentativeUserId: integer('authorized_representative_user_id'),
  isAuthorizedRepresentativeActive: boolean('is_authorized_representative_active').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  relationshipId: integer('relationship_id'),
  isOkToLeaveMsgHome: boolean('is_ok_to_leave_msg_home').notNull().default(false),
  isOkToLeaveMsgMobile: boolean('is_ok_to_leave_msg_mobile').notNull().default(false),
  isOkToLeaveMsgWork: boolean('is_ok_to_leave_msg_work').notNull().default(false),
  preferredCommunicationId: integer('preferred_communication_id'),
  updatedAt: tstz('updated_at')
    .notNull()
    .default(sql`now()`),
});

// The PIN of a new invitation, sealed for the session that issued it, while that session may be shown the same
// invitation again (modules/contacts/invitations.service.ts; migration 0010).
export const invitationPinCopies = pgTable('invitation_pin_copies', {
  invitationId: bigint('invitation_id', { mode: 'number' }).primaryKey(),
  sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  sealedPin: text('sealed_pin').notNull(),
  shownUntil: tstz('shown_until').notNull(),
});
