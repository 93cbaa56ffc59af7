import { sql, type Placeholder } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { outerColumn } from '../../db/outer-column';
import { patients, personalContacts } from '../../db/schema/index';

/** How a user stands to one patient: the facts the one access check decides a user's relationship from. */
export interface UserStanding {
  patientId: number;
  /** The user is the patient. */
  isSelf: boolean;
  /** The user is an active authorised representative of an active contact of the patient. */
  isRepresentative: boolean;
}

/**
 * The two facts as columns of a query about `userId` (a column of the outer query, or a value), so the session
 * lookup of a patient route can carry them: one statement answers who is calling and how they stand to the patient.
 */
export function userStandingColumns(userId: PgColumn | number, patientId: number | Placeholder) {
  const user = typeof userId === 'number' ? userId : outerColumn(userId);
  const isSelf = sql`exists (select 1 from ${patients} where ${patients.id} = ${patientId} and ${patients.userId} = ${user})`;
  const isRepresentative = sql`exists (select 1 from ${personalContacts}
    where ${personalContacts.patientId} = ${patientId} and ${personalContacts.authorizedRepresentativeUserId} = ${user}
    and ${personalContacts.isAuthorizedRepresentativeActive} and ${personalContacts.isActive})`;
  return { isSelf: isSelf.mapWith(Boolean), isRepresentative: isRepresentative.mapWith(Boolean) };
}
