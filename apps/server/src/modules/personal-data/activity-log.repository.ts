import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { auditEvents, facilities, integrationClients, patients, users } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

// The activity log's reads of audit_events: the rows about the scope's patient, oldest first, through the
// (patient_id, occurred_at) index of migration 0002.

/** The patient's names and the zone of their home facility (the log's times are on its clock). */
export function findPatientHeader(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      firstName: patients.firstName,
      lastName: patients.lastName,
      timeZoneId: facilities.timeZoneId,
    })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(eq(patients.id, scope.patientId))
    .limit(1)
    .then((rows) => rows[0]);
}

export interface ActivityRange {
  from: Date;
  /** Exclusive. */
  to: Date;
}

function inRange(scope: PatientScope, range: ActivityRange) {
  return and(
    eq(auditEvents.patientId, scope.patientId),
    gte(auditEvents.occurredAt, range.from),
    lt(auditEvents.occurredAt, range.to),
  );
}

export function countActivity(db: DbOrTx, scope: PatientScope, range: ActivityRange): Promise<number> {
  return db
    .select({ n: count() })
    .from(auditEvents)
    .where(inRange(scope, range))
    .then((rows) => rows[0]?.n ?? 0);
}

/** One page of the rows in the range with the acting user's and facility system's names (one query). */
export function findActivityPage(
  db: DbOrTx,
  scope: PatientScope,
  range: ActivityRange,
  page: { offset: number; limit: number },
) {
  return activityQuery(db)
    .where(inRange(scope, range))
    .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Every row about the patient after `afterId`, in batches for the export (keyset, so no batch rereads). */
export function findActivityBatch(db: DbOrTx, scope: PatientScope, afterId: number, limit: number) {
  return activityQuery(db)
    .where(and(eq(auditEvents.patientId, scope.patientId), gte(auditEvents.id, afterId + 1)))
    .orderBy(asc(auditEvents.id))
    .limit(limit);
}

/** The facility a row's session was at (for a kiosk session: the kiosk's) and the record's patient. */
const actingFacility = alias(facilities, 'acting_facility');
const recordPatient = alias(patients, 'record_patient');

function activityQuery(db: DbOrTx) {
  return db
    .select({
      id: auditEvents.id,
      occurredAt: auditEvents.occurredAt,
      eventType: auditEvents.eventType,
      outcome: auditEvents.outcome,
      relationship: auditEvents.relationship,
      loginType: auditEvents.loginType,
      route: auditEvents.route,
      clientAddress: auditEvents.clientAddress,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      systemName: integrationClients.name,
      facilityName: actingFacility.name,
      patientFirstName: recordPatient.firstName,
      patientLastName: recordPatient.lastName,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .leftJoin(integrationClients, eq(integrationClients.id, auditEvents.integrationClientId))
    .leftJoin(actingFacility, eq(actingFacility.id, auditEvents.facilityId))
    .leftJoin(recordPatient, eq(recordPatient.id, auditEvents.patientId));
}

export type ActivityRow = Awaited<ReturnType<typeof findActivityPage>>[number];
