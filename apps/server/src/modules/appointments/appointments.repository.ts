import { and, asc, eq, gt, gte, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { appointments, facilities, followUpItems, patients } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

/** Statuses of an appointment that will not take place (compared in lower case). */
export const CANCELLED_STATUSES = ['cancelled', 'canceled'];

const appointmentColumns = {
  id: appointments.id,
  startsAt: appointments.startsAt,
  hasTimePart: appointments.hasTimePart,
  timeZoneId: appointments.timeZoneId,
  appointmentType: appointments.appointmentType,
  provider: appointments.provider,
  status: appointments.status,
  institution: appointments.institution,
  shortLocation: appointments.shortLocation,
  address1: appointments.address1,
  address2: appointments.address2,
  address3: appointments.address3,
  city: appointments.city,
  provinceState: appointments.provinceState,
  postalZip: appointments.postalZip,
  country: appointments.country,
};

export type AppointmentRow = Awaited<ReturnType<typeof listAppointments>>[number];

const ofPatient = and(eq(appointments.patientId, sql.placeholder('patientId')), isNull(appointments.withdrawnAt));

/** Every appointment of a patient (withdrawn ones left out), earliest first. */
export function listAppointments(db: DbOrTx, scope: PatientScope) {
  return prepared(db, 'appointments_of_patient', (db) =>
    db
      .select(appointmentColumns)
      .from(appointments)
      .where(ofPatient)
      .orderBy(asc(appointments.startsAt), asc(appointments.id))
      .prepare('appointments_of_patient'),
  ).execute({ patientId: scope.patientId });
}

/** A patient's appointments from an instant on that are not cancelled (nor withdrawn), earliest first. */
export function listAppointmentsFrom(db: DbOrTx, scope: PatientScope, from: Date) {
  return prepared(db, 'appointments_of_patient_from', (db) =>
    db
      .select(appointmentColumns)
      .from(appointments)
      .where(
        and(
          ofPatient,
          gte(appointments.startsAt, sql.placeholder('from')),
          notInArray(sql`lower(${appointments.status})`, CANCELLED_STATUSES),
        ),
      )
      .orderBy(asc(appointments.startsAt), asc(appointments.id))
      .prepare('appointments_of_patient_from'),
  ).execute({ patientId: scope.patientId, from: from.toISOString() });
}

/**
 * A patient's pending follow-up items (not withdrawn) that may still be coming: booked after `fromInstant`, or, when
 * not booked, recommended from `fromDate` on; each with the zone of the patient's home facility, whose day decides
 * whether one only recommended is still to come (the caller's `fromDate` is a day early enough for any zone).
 */
export function listPendingFollowUpsFrom(db: DbOrTx, scope: PatientScope, fromInstant: Date, fromDate: string) {
  return prepared(db, 'pending_follow_ups_from', (db) =>
    db
      .select({
        id: followUpItems.id,
        labelYears: followUpItems.labelYears,
        labelMonths: followUpItems.labelMonths,
        recommendedDate: followUpItems.recommendedDate,
        actualDate: followUpItems.actualDate,
        linkedToOtherTypeCount: followUpItems.linkedToOtherTypeCount,
        facilityZone: facilities.timeZoneId,
      })
      .from(followUpItems)
      .innerJoin(patients, eq(patients.id, followUpItems.patientId))
      .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
      .where(
        and(
          eq(followUpItems.patientId, sql.placeholder('patientId')),
          isNull(followUpItems.withdrawnAt),
          eq(followUpItems.statusDesc, 'Pending'),
          or(
            and(isNotNull(followUpItems.actualDate), gt(followUpItems.actualDate, sql.placeholder('fromInstant'))),
            and(isNull(followUpItems.actualDate), gte(followUpItems.recommendedDate, sql.placeholder('fromDate'))),
          ),
        ),
      )
      .orderBy(asc(followUpItems.recommendedDate), asc(followUpItems.id))
      .prepare('pending_follow_ups_from'),
  ).execute({ patientId: scope.patientId, fromInstant: fromInstant.toISOString(), fromDate });
}
