import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients, personalContacts } from '../../db/schema/index';
import type { SessionCaller } from '../auth/sessions';

/** How a caller stands to a patient. `none` answers 404, so a stranger cannot tell a record exists. */
export type Relationship = 'self' | 'representative' | 'kioskUser' | 'linkUser' | 'none';

/**
 * The one access check: the caller's relationship to `patientId`. Kiosk and link sessions are bound
 * to one patient; a user is the patient, or an active authorised representative of an active contact.
 */
export async function resolvePatientRelationship(
  db: DbOrTx,
  caller: SessionCaller,
  patientId: number,
): Promise<Relationship> {
  if (caller.loginType === 'patientKioskUser' || caller.loginType === 'patientLinkUser') {
    if (caller.boundPatientId !== patientId) return 'none';
    return caller.loginType === 'patientKioskUser' ? 'kioskUser' : 'linkUser';
  }
  if (caller.userId === null || caller.loginType === 'patientKioskManagement') return 'none';
  const [own] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.userId, caller.userId)))
    .limit(1);
  if (own) return 'self';
  const [contact] = await db
    .select({ id: personalContacts.id })
    .from(personalContacts)
    .where(
      and(
        eq(personalContacts.patientId, patientId),
        eq(personalContacts.authorizedRepresentativeUserId, caller.userId),
        eq(personalContacts.isAuthorizedRepresentativeActive, true),
        eq(personalContacts.isActive, true),
      ),
    )
    .limit(1);
  return contact ? 'representative' : 'none';
}

/** The patient an active personal contact belongs to, or null (contact routes then answer 404). */
export async function findContactPatientId(db: DbOrTx, contactId: number): Promise<number | null> {
  const [row] = await db
    .select({ patientId: personalContacts.patientId })
    .from(personalContacts)
    .where(and(eq(personalContacts.id, contactId), eq(personalContacts.isActive, true)))
    .limit(1);
  return row?.patientId ?? null;
}
