import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { facilities, languages, patients, personalContacts, secureMessages, users } from '../../db/schema/index';

// The reads of the notices and reminders beside the patient's settings (platform/notifications/preferences.ts):
// the facility's name, zone and language, the patient's first name, and the representatives who are told too.

export interface NoticeFacility {
  id: number;
  portalName: string;
  timeZoneId: string;
  /** The facility's default language code, or null. */
  language: string | null;
}

export interface NoticePatient {
  patientId: number;
  firstName: string;
  facility: NoticeFacility;
}

/** The patients' first names and home facilities, by patient id, in one query. */
export async function findNoticePatients(
  db: DbOrTx,
  patientIds: readonly number[],
): Promise<Map<number, NoticePatient>> {
  const found = new Map<number, NoticePatient>();
  if (patientIds.length === 0) return found;
  const rows = await db
    .select({
      patientId: patients.id,
      firstName: patients.firstName,
      facilityId: facilities.id,
      portalName: facilities.portalName,
      timeZoneId: facilities.timeZoneId,
      language: languages.code,
    })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .leftJoin(languages, eq(languages.id, facilities.defaultLanguageId))
    .where(inArray(patients.id, [...new Set(patientIds)]));
  for (const r of rows) {
    found.set(r.patientId, {
      patientId: r.patientId,
      firstName: r.firstName,
      facility: { id: r.facilityId, portalName: r.portalName, timeZoneId: r.timeZoneId, language: r.language },
    });
  }
  return found;
}

export interface NoticeRepresentative {
  email: string;
  firstName: string;
  /** The account's language, else the contact's communication language; null: the facility's. */
  language: string | null;
}

const contactLanguages = alias(languages, 'contact_languages');

/**
 * The patient's active authorised representatives (a contact still on the list, with the access switched on) with a
 * confirmed email address. Only confirmed addresses: telling a stranger that someone has news from a cancer centre
 * is itself a disclosure.
 */
export function findNoticeRepresentatives(db: DbOrTx, patientId: number): Promise<NoticeRepresentative[]> {
  return db
    .select({
      email: sql<string>`${users.email}`,
      firstName: users.firstName,
      language: sql<string | null>`coalesce(${users.preferredLanguage}, ${contactLanguages.code})`,
    })
    .from(personalContacts)
    .innerJoin(users, eq(users.id, personalContacts.authorizedRepresentativeUserId))
    .leftJoin(contactLanguages, eq(contactLanguages.id, personalContacts.communicationLanguageId))
    .where(
      and(
        eq(personalContacts.patientId, patientId),
        personalContacts.isActive,
        personalContacts.isAuthorizedRepresentativeActive,
        isNotNull(users.email),
        users.isEmailConfirmed,
      ),
    );
}

/** The thread a patient's message is in (its notice links to the thread), or undefined. */
export async function findMessageThreadId(db: DbOrTx, patientId: number, messageId: number) {
  const [row] = await db
    .select({ threadId: secureMessages.threadId })
    .from(secureMessages)
    .where(and(eq(secureMessages.id, messageId), eq(secureMessages.patientId, patientId)))
    .limit(1);
  return row?.threadId;
}
