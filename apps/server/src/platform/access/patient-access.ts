import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { personalContacts } from '../../db/schema/index';
import type { SessionCaller } from '../auth/sessions';
import { userStandingColumns } from './user-standing';

/** How a caller stands to a patient. `none` answers 404, so a stranger cannot tell a record exists. */
export type Relationship = 'self' | 'representative' | 'kioskUser' | 'linkUser' | 'none';

/**
 * The one access check: the caller's relationship to `patientId`. Kiosk and link sessions are bound
 * to one patient; a user is the patient, or an active authorised representative of an active contact.
 * The session lookup of a patient route already carries the user's standing (`caller.standing`); any other
 * caller costs one query.
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
  let standing = caller.standing?.patientId === patientId ? caller.standing : undefined;
  if (!standing) {
    const [row] = await db.select(userStandingColumns(caller.userId, patientId)).from(sql`(values (1)) as one`);
    standing = { patientId, isSelf: row?.isSelf === true, isRepresentative: row?.isRepresentative === true };
  }
  if (standing.isSelf) return 'self';
  return standing.isRepresentative ? 'representative' : 'none';
}

/** The patient an active personal contact belongs to, or null (contact routes then answer 404). */
export async function findContactPatientId(db: DbOrTx, contactId: number): Promise<number | null> {
  const [row] = await db
    .select({ patientId: personalContacts.patientId })
    .from(personalContacts)
    .where(and(eq(personalContacts.id, contactId), personalContacts.isActive))
    .limit(1);
  return row?.patientId ?? null;
}
