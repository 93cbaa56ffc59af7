import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SECURE_MESSAGE_SEND_AUDIT_EVENT } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import {
  auditEvents,
  careProviders,
  facilities,
  integrationClients,
  messageThreads,
  patients,
  users,
} from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';
import { PATIENT_COUNT_AUDIT_EVENT } from '../../platform/access/access-control';

// The activity log's reads of audit_events: the rows about the scope's patient, newest first and folded for the
// report, by id for the export, through the (patient_id, occurred_at) index of migration 0002.

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

/** The facility a row's session was at (for a kiosk session: the kiosk's) and the record's patient. */
const actingFacility = alias(facilities, 'acting_facility');
const recordPatient = alias(patients, 'record_patient');
/** The thread a message was sent in, and the care provider it went to (the export's addressee). */
const sentThread = alias(messageThreads, 'sent_thread');
const addressedProvider = alias(careProviders, 'addressed_provider');

export interface ActivityRange {
  from: Date;
  /** Exclusive. */
  to: Date;
}

export interface ActivityFilter {
  /** user-{id}, system-{id} or other (no account and no system: kiosk, link and the portal's own acts). */
  who?: string;
  /** The event types of one kind (event-names.ts); none: every type. */
  eventTypes?: readonly string[];
}

/** The log's rows: the scope's patient, the range, the filter; never the unlisted types (badge counts). */
function listed(scope: PatientScope, range: ActivityRange, filter: ActivityFilter = {}) {
  const who = filter.who?.match(/^(user|system)-([0-9]+)$/);
  return and(
    eq(auditEvents.patientId, scope.patientId),
    gte(auditEvents.occurredAt, range.from),
    lt(auditEvents.occurredAt, range.to),
    ne(auditEvents.eventType, PATIENT_COUNT_AUDIT_EVENT),
    filter.eventTypes ? inArray(auditEvents.eventType, [...filter.eventTypes]) : undefined,
    who?.[1] === 'user' ? eq(auditEvents.actorUserId, Number(who[2])) : undefined,
    who?.[1] === 'system' ? eq(auditEvents.integrationClientId, Number(who[2])) : undefined,
    filter.who === 'other' ? and(isNull(auditEvents.actorUserId), isNull(auditEvents.integrationClientId)) : undefined,
  );
}

/**
 * The rows in the range, newest first, with consecutive identical events (the same act by the same person from
 * the same address on the same record) folded into one row: `repeats` of them, from `firstAt` to `occurredAt`.
 * Gaps and islands: in newest-first order, a row's number among all rows minus its number among rows of the same
 * event is constant along a run of that event, so (event, difference) names each run.
 */
function foldedRuns(db: DbOrTx, scope: PatientScope, range: ActivityRange, filter: ActivityFilter) {
  const newestFirst = sql`${auditEvents.occurredAt} desc, ${auditEvents.id} desc`;
  const sameEvent = sql`${auditEvents.eventType}, ${auditEvents.outcome}, ${auditEvents.actorUserId},
    ${auditEvents.integrationClientId}, ${auditEvents.relationship}, ${auditEvents.loginType}, ${auditEvents.facilityId},
    ${auditEvents.route}, ${auditEvents.clientAddress}, ${auditEvents.detail}`;
  const numbered = db
    .select({
      id: auditEvents.id,
      occurredAt: auditEvents.occurredAt,
      eventType: auditEvents.eventType,
      outcome: auditEvents.outcome,
      actorUserId: auditEvents.actorUserId,
      integrationClientId: auditEvents.integrationClientId,
      relationship: auditEvents.relationship,
      loginType: auditEvents.loginType,
      facilityId: auditEvents.facilityId,
      route: auditEvents.route,
      clientAddress: auditEvents.clientAddress,
      detail: auditEvents.detail,
      run: sql<number>`row_number() over (order by ${newestFirst})
        - row_number() over (partition by ${sameEvent} order by ${newestFirst})`.as('run'),
    })
    .from(auditEvents)
    .where(listed(scope, range, filter))
    .as('numbered');
  return db
    .select({
      id: sql<number>`max(${numbered.id})`.as('run_id'),
      lastAt: sql<string>`max(${numbered.occurredAt})`.as('last_at'),
      firstAt: sql<string>`min(${numbered.occurredAt})`.as('first_at'),
      repeats: sql<number>`count(*)::int`.as('repeats'),
      eventType: numbered.eventType,
      outcome: numbered.outcome,
      actorUserId: numbered.actorUserId,
      integrationClientId: numbered.integrationClientId,
      relationship: numbered.relationship,
      loginType: numbered.loginType,
      facilityId: numbered.facilityId,
      route: numbered.route,
      clientAddress: numbered.clientAddress,
      detail: numbered.detail,
    })
    .from(numbered)
    .groupBy(
      numbered.eventType,
      numbered.outcome,
      numbered.actorUserId,
      numbered.integrationClientId,
      numbered.relationship,
      numbered.loginType,
      numbered.facilityId,
      numbered.route,
      numbered.clientAddress,
      numbered.detail,
      numbered.run,
    )
    .as('runs');
}

/** How many rows the log shows for the range and filter (folded runs count once). */
export function countActivity(
  db: DbOrTx,
  scope: PatientScope,
  range: ActivityRange,
  filter: ActivityFilter = {},
): Promise<number> {
  return db
    .select({ n: count() })
    .from(foldedRuns(db, scope, range, filter))
    .then((rows) => rows[0]?.n ?? 0);
}

/** One page of the folded rows, newest first, with the acting user's and facility system's names (one query). */
export async function findActivityPage(
  db: DbOrTx,
  scope: PatientScope,
  range: ActivityRange,
  page: { offset: number; limit: number },
  filter: ActivityFilter = {},
) {
  const runs = foldedRuns(db, scope, range, filter);
  const rows = await db
    .select({
      id: runs.id,
      lastAt: runs.lastAt,
      firstAt: runs.firstAt,
      repeats: runs.repeats,
      eventType: runs.eventType,
      outcome: runs.outcome,
      relationship: runs.relationship,
      loginType: runs.loginType,
      route: runs.route,
      clientAddress: runs.clientAddress,
      detail: runs.detail,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      systemName: integrationClients.name,
      facilityName: actingFacility.name,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
    })
    .from(runs)
    .leftJoin(users, eq(users.id, runs.actorUserId))
    .leftJoin(integrationClients, eq(integrationClients.id, runs.integrationClientId))
    .leftJoin(actingFacility, eq(actingFacility.id, runs.facilityId))
    .innerJoin(patients, eq(patients.id, scope.patientId))
    .orderBy(desc(runs.lastAt), desc(runs.id))
    .limit(page.limit)
    .offset(page.offset);
  // The aggregates come back as the driver's text; the report formats instants.
  return rows.map(({ lastAt, firstAt, ...row }) => ({
    ...row,
    occurredAt: new Date(lastAt),
    firstAt: new Date(firstAt),
  }));
}

export type ActivityRunRow = Awaited<ReturnType<typeof findActivityPage>>[number];

/**
 * Everyone who acted in the range (for the log's Who filter): one row each, by account or system, with what
 * the report needs to name them; rows of no account and no system come as one.
 */
export function findActivityActors(db: DbOrTx, scope: PatientScope, range: ActivityRange) {
  return db
    .selectDistinctOn([auditEvents.actorUserId, auditEvents.integrationClientId], {
      actorUserId: auditEvents.actorUserId,
      integrationClientId: auditEvents.integrationClientId,
      relationship: auditEvents.relationship,
      loginType: auditEvents.loginType,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      systemName: integrationClients.name,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .leftJoin(integrationClients, eq(integrationClients.id, auditEvents.integrationClientId))
    .where(listed(scope, range))
    .orderBy(auditEvents.actorUserId, auditEvents.integrationClientId, desc(auditEvents.occurredAt));
}

export type ActivityActor = Awaited<ReturnType<typeof findActivityActors>>[number];

/** Every row about the patient after `afterId`, in batches for the export (keyset, so no batch rereads). */
export function findActivityBatch(db: DbOrTx, scope: PatientScope, afterId: number, limit: number) {
  return activityQuery(db)
    .where(
      and(
        eq(auditEvents.patientId, scope.patientId),
        gte(auditEvents.id, afterId + 1),
        ne(auditEvents.eventType, PATIENT_COUNT_AUDIT_EVENT),
      ),
    )
    .orderBy(asc(auditEvents.id))
    .limit(limit);
}

function activityQuery(db: DbOrTx) {
  return (
    db
      .select({
        id: auditEvents.id,
        occurredAt: auditEvents.occurredAt,
        eventType: auditEvents.eventType,
        outcome: auditEvents.outcome,
        relationship: auditEvents.relationship,
        loginType: auditEvents.loginType,
        route: auditEvents.route,
        clientAddress: auditEvents.clientAddress,
        detail: auditEvents.detail,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
        systemName: integrationClients.name,
        facilityName: actingFacility.name,
        patientFirstName: recordPatient.firstName,
        patientLastName: recordPatient.lastName,
        addresseeFirstName: addressedProvider.firstName,
        addresseeLastName: addressedProvider.lastName,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .leftJoin(integrationClients, eq(integrationClients.id, auditEvents.integrationClientId))
      .leftJoin(actingFacility, eq(actingFacility.id, auditEvents.facilityId))
      .leftJoin(recordPatient, eq(recordPatient.id, auditEvents.patientId))
      // A message sent: its thread (the patient's own) names the care provider it went to.
      .leftJoin(
        sentThread,
        and(
          eq(auditEvents.eventType, SECURE_MESSAGE_SEND_AUDIT_EVENT),
          eq(sentThread.patientId, auditEvents.patientId),
          sql`${sentThread.id} = case when ${auditEvents.detail} ->> 'threadId' ~ '^[0-9]{1,9}$' then (${auditEvents.detail} ->> 'threadId')::int end`,
        ),
      )
      .leftJoin(addressedProvider, eq(addressedProvider.id, sentThread.careProviderId))
  );
}

export type ActivityRow = Awaited<ReturnType<typeof findActivityBatch>>[number];
