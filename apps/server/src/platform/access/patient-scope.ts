import { forbidden, notFound } from '../errors/app-error';
import type { DbOrTx } from '../../db/client';
import type { SessionCaller } from '../auth/sessions';
import { resolvePatientRelationship, type Relationship } from './patient-access';

declare const checked: unique symbol;

/** A relationship that gives access (a caller with none never gets a scope). */
export type Access = Exclude<Relationship, 'none'>;

/**
 * One patient's record as the one access check opened it to one caller. Only `openPatientScope` makes one,
 * and every repository of patient data takes a scope rather than an id, so a query for a patient nobody
 * checked does not compile.
 */
export interface PatientScope {
  readonly [checked]: true;
  readonly patientId: number;
  readonly caller: SessionCaller;
  readonly relationship: Access;
  /**
   * The user who acts for the patient when it is not the patient themself (an authorised representative),
   * else null: audit rows and messages say "X on behalf of Y" from it.
   */
  readonly onBehalfOf: number | null;
  /** Contact routes (`/.../contact/{contactId}/...`): the personal contact in the path. */
  readonly contactId?: number;
}

/** Relationships a patient route allows unless it says otherwise. */
export const DEFAULT_RELATIONSHIPS: readonly Access[] = ['self', 'representative'];

/**
 * The one access check: how `caller` stands to `patientId`, as a scope. No relationship is 404 (a stranger
 * cannot tell a record exists); one the caller has but `allowed` excludes is 403.
 */
export async function openPatientScope(
  db: DbOrTx,
  caller: SessionCaller,
  patientId: number,
  allowed: readonly Access[] = DEFAULT_RELATIONSHIPS,
  contactId?: number,
): Promise<PatientScope> {
  const relationship = await resolvePatientRelationship(db, caller, patientId);
  if (relationship === 'none') throw notFound('not_found', 'Not found.');
  if (!allowed.includes(relationship)) throw forbidden();
  const scope = {
    patientId,
    caller,
    relationship,
    onBehalfOf: relationship === 'representative' ? caller.userId : null,
    ...(contactId === undefined ? {} : { contactId }),
  };
  return scope as unknown as PatientScope;
}

/**
 * Who the caller is for the things each person keeps of their own about the record (a questionnaire draft): a
 * representative is 'user:<id>', anyone else (the patient's account, the kiosk, a link) the patient, 'patient'.
 */
export function actorKey(scope: PatientScope): string {
  return scope.relationship === 'representative' && scope.caller.userId !== null
    ? `user:${scope.caller.userId}`
    : 'patient';
}
