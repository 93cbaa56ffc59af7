import type { IntegrationPatient, IntegrationPatientRecord } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import { hashSecret } from '../../platform/auth/secrets';
import { badRequest } from '../../platform/errors/app-error';
import {
  facilityNames,
  findExternalSystemsOf,
  findPatientRow,
  findRegistrationDetails,
  insertPatient,
  lockPatientByMrn,
  putRegistrationDetails,
  replaceExternalSystems,
  updatePatient,
  type ExternalSystemFields,
  type PatientRowFields,
  type RegistrationDetailsFields,
} from './patients.integration.repository';

/** The audit row of a PUT that created or changed a patient (a resend leaves none): field names, never values. */
export const PATIENT_PUT_AUDIT_EVENT = 'integrationpatientputauditevent';

export const OTHER_FACILITY_MESSAGE =
  'homeFacility: must be your own facility; a client puts patients of its own facility only';

/** Everything a PUT says about a patient, in the portal's terms: what is compared to tell a resend. */
interface PatientState {
  row: PatientRowFields;
  registrationDetails: RegistrationDetailsFields | null;
  /** Sorted by externalId; a system made before the API has none (null). */
  externalSystems: {
    externalId: string | null;
    name: string;
    activeTriggerEventTypes: string[];
    sendSecurelyDisabled: boolean;
  }[];
}

export interface PatientPutOutcome {
  patientId: number;
  created: boolean;
  changed: boolean;
}

/** Absent, null and empty all mean 'not on record'. */
const orNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value;

/** The SSN as sign-up compares it: the hash of its digits (the signup module's hashSsn). */
const hashSsn = (ssn: string) => hashSecret(ssn.replace(/\D/g, ''));

function stateOfBody(body: IntegrationPatient): PatientState {
  const details = body.registrationDetails;
  return {
    row: {
      ...(body.ssn === undefined ? {} : { ssnHash: body.ssn === null ? null : hashSsn(body.ssn) }),
      firstName: body.firstName,
      middleName: orNull(body.middleName),
      lastName: body.lastName,
      suffix: orNull(body.suffix),
      dateOfBirth: body.dateOfBirth,
      sex: body.sex ?? null,
      address1: orNull(body.address1),
      address2: orNull(body.address2),
      city: orNull(body.city),
      state: orNull(body.state),
      zipCode: orNull(body.zipCode),
      country: orNull(body.country),
      homePhone: orNull(body.homePhone),
      mobilePhone: orNull(body.mobilePhone),
      emailAddress: orNull(body.email),
      preferredLanguage: body.preferredLanguage ?? null,
    },
    registrationDetails: details
      ? {
          birthCountry: orNull(details.birthCountry),
          ethnicity: orNull(details.ethnicity),
          race: orNull(details.race),
          religion: orNull(details.religion),
          primaryLanguage: orNull(details.primaryLanguage),
          citizenship: orNull(details.citizenship),
          maritalStatus: orNull(details.maritalStatus),
          mothersMaidenName: orNull(details.mothersMaidenName),
          occupation: orNull(details.occupation),
          preferredCommunication: orNull(details.preferredCommunication),
          insuranceNote: orNull(details.insuranceNote),
          advancedDirectiveNote: orNull(details.advancedDirectiveNote),
          isClinicalTrial: details.isClinicalTrial,
          clinicalTrialId: orNull(details.clinicalTrialID),
        }
      : null,
    externalSystems: sortedSystems(
      body.externalSystems.map((s) => ({
        externalId: s.externalId,
        name: s.name,
        activeTriggerEventTypes: [...new Set(s.activeTriggerEventTypes)].sort(),
        sendSecurelyDisabled: s.sendSecurelyDisabled,
      })),
    ),
  };
}

function sortedSystems<T extends { externalId: string | null }>(systems: T[]): T[] {
  return [...systems].sort((a, b) => (a.externalId ?? '').localeCompare(b.externalId ?? ''));
}

async function storedState(db: DbOrTx, patientId: number): Promise<PatientState | undefined> {
  const row = await findPatientRow(db, patientId);
  if (!row) return undefined;
  const registrationDetails = await findRegistrationDetails(db, patientId);
  const systems = await findExternalSystemsOf(db, patientId);
  return {
    row: {
      firstName: row.firstName,
      middleName: row.middleName,
      lastName: row.lastName,
      suffix: row.suffix,
      dateOfBirth: row.dateOfBirth,
      sex: row.sex,
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      state: row.state,
      zipCode: row.zipCode,
      country: row.country,
      homePhone: row.homePhone,
      mobilePhone: row.mobilePhone,
      emailAddress: row.emailAddress,
      preferredLanguage: row.preferredLanguage,
      ssnHash: row.ssnHash,
    },
    registrationDetails: registrationDetails ?? null,
    externalSystems: sortedSystems(
      systems.map((s) => ({
        externalId: s.externalId,
        name: s.name,
        activeTriggerEventTypes: [...s.activeTriggerEventTypes].sort(),
        sendSecurelyDisabled: s.sendSecurelyDisabled,
      })),
    ),
  };
}

/** JSON with object keys sorted, so two states compare by content whatever order their keys were set in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The names of what differs between two states (row fields by name, then the two parts). */
function changedFields(before: PatientState, after: PatientState): string[] {
  // Only what the body says: a left-out SSN is not compared (it stays).
  const fields: string[] = (Object.keys(after.row) as (keyof PatientRowFields)[])
    .filter((key) => before.row[key] !== after.row[key])
    .map((key) => (key === 'ssnHash' ? 'ssn' : key));
  if (!same(before.registrationDetails, after.registrationDetails)) fields.push('registrationDetails');
  if (!same(before.externalSystems, after.externalSystems)) fields.push('externalSystems');
  return fields;
}

async function writeState(tx: DbOrTx, patientId: number, state: PatientState, rowChanged: boolean): Promise<void> {
  if (rowChanged) await updatePatient(tx, patientId, state.row);
  await putRegistrationDetails(tx, patientId, state.registrationDetails);
  await replaceExternalSystems(tx, patientId, state.externalSystems as ExternalSystemFields[]);
}

/** The integration client a write is made for. */
export interface PatientWriter {
  clientId: number;
  facilityId: number;
}

/**
 * Creates or replaces the facility's patient with this MRN, in one transaction: the record, its registration
 * details and its external systems. A resend of what the portal holds changes nothing (no write, no audit row).
 * The account (user_id, its email, password and language) is never touched; the SSN hash stays unless the body
 * names one (or null).
 */
export async function putPatient(
  db: Db,
  writer: PatientWriter,
  mrn: string,
  body: IntegrationPatient,
): Promise<PatientPutOutcome> {
  if (body.homeFacility !== undefined) {
    const names = await facilityNames(db, writer.facilityId);
    if (!names.includes(body.homeFacility.toLowerCase())) {
      throw badRequest('validation_failed', OTHER_FACILITY_MESSAGE, 'homeFacility');
    }
  }
  const wanted = stateOfBody(body);
  return db.transaction(async (tx) => {
    let patientId = await lockPatientByMrn(tx, writer.facilityId, mrn);
    let created = false;
    if (patientId === undefined) {
      patientId = await insertPatient(tx, writer.facilityId, mrn, wanted.row);
      // Another request added the MRN between the two statements: this one replaces it.
      if (patientId === undefined) patientId = await lockPatientByMrn(tx, writer.facilityId, mrn);
      else created = true;
      if (patientId === undefined) throw new Error('A patient was neither added nor found');
    }
    if (created) {
      await writeState(tx, patientId, wanted, false);
    } else {
      const before = await storedState(tx, patientId);
      if (!before) throw new Error('A locked patient has no row');
      const fields = changedFields(before, wanted);
      if (fields.length === 0) return { patientId, created: false, changed: false };
      const rowFields = new Set<string>(Object.keys(wanted.row)).add('ssn');
      await writeState(
        tx,
        patientId,
        wanted,
        fields.some((field) => rowFields.has(field)),
      );
      await writeAudit(tx, {
        eventType: PATIENT_PUT_AUDIT_EVENT,
        patientId,
        facilityId: writer.facilityId,
        integrationClientId: writer.clientId,
        detail: { created: false, fields },
      });
      return { patientId, created: false, changed: true };
    }
    await writeAudit(tx, {
      eventType: PATIENT_PUT_AUDIT_EVENT,
      patientId,
      facilityId: writer.facilityId,
      integrationClientId: writer.clientId,
      detail: { created: true },
    });
    return { patientId, created: true, changed: true };
  });
}

/** What the portal holds of a patient, as the integration API answers it. */
export async function patientRecord(db: DbOrTx, patientId: number): Promise<IntegrationPatientRecord | undefined> {
  const row = await findPatientRow(db, patientId);
  if (!row) return undefined;
  const details = await findRegistrationDetails(db, patientId);
  const systems = await findExternalSystemsOf(db, patientId);
  const { id: _id, userId, emailAddress, homeFacility, ssnHash, ...fields } = row;
  return {
    ...fields,
    homeFacility,
    hasAccount: userId !== null,
    email: emailAddress,
    hasSsn: ssnHash !== null,
    registrationDetails: details
      ? (({ clinicalTrialId, ...rest }) => ({ ...rest, clinicalTrialID: clinicalTrialId }))(details)
      : null,
    externalSystems: systems,
  };
}
