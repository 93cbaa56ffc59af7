import { and, asc, eq, gt, gte, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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

/** Every appointment of a patient (withdrawn ones left out), earliest first. */
export function listAppointments(db: DbOrTx, scope: PatientScope) {
  return db
    .select(appointmentColumns)
    .from(appointments)
    .where(and(eq(appointments.patientId, scope.patientId), isNull(appointments.withdrawnAt)))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** A patient's appointments from an instant on that are not cancelled (nor withdrawn), earliest first. */
export function listAppointmentsFrom(db: DbOrTx, scope: PatientScope, from: Date) {
  return db
    .select(appointmentColumns)
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, scope.patientId),
        isNull(appointments.withdrawnAt),
        gte(appointments.startsAt, from),
        notInArray(sql`lower(${appointments.status})`, CANCELLED_STATUSES),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/**
 * A patient's pending follow-up items that are not overdue (nor withdrawn): booked after `fromInstant`, or,
 * when not booked, recommended from `fromDate` on.
 */
export function listPendingFollowUpsFrom(db: DbOrTx, scope: PatientScope, fromInstant: Date, fromDate: string) {
  return db
    .select({
      id: followUpItems.id,
      labelYears: followUpItems.labelYears,
      labelMonths: followUpItems.labelMonths,
      recommendedDate: followUpItems.recommendedDate,
      actualDate: followUpItems.actualDate,
      linkedToOtherTypeCount: followUpItems.linkedToOtherTypeCount,
    })
    .from(followUpItems)
    .where(
      and(
        eq(followUpItems.patientId, scope.patientId),
        isNull(followUpItems.withdrawnAt),
        eq(followUpItems.statusDesc, 'Pending'),
        or(
          and(isNotNull(followUpItems.actualDate), gt(followUpItems.actualDate, fromInstant)),
          and(isNull(followUpItems.actualDate), gte(followUpItems.recommendedDate, fromDate)),
        ),
      ),
    )
    .orderBy(asc(followUpItems.recommendedDate), asc(followUpItems.id));
}

/** The time zone of the patient's home facility. */
export function findPatientTimeZone(db: DbOrTx, scope: PatientScope) {
  return db
    .select({ timeZoneId: facilities.timeZoneId })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(eq(patients.id, scope.patientId))
    .limit(1)
    .then((rows) => rows[0]?.timeZoneId);
}
