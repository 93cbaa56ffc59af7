import {
  QUESTIONNAIRE_MISSED_AFTER_DAYS,
  type KioskLogonResponse,
  type KioskPatientRow,
  type PatientFacilitySchema,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditCaller } from '../../platform/audit/audit';
import { issueSecret } from '../../platform/auth/one-time-secrets';
import { newToken } from '../../platform/auth/secrets';
import type { SessionCaller } from '../../platform/auth/sessions';
import { callerLanguage, type LanguageRequest } from '../../platform/content/caller-language';
import { localText } from '../../platform/content/local-text';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import { addDays, localDate } from '../../platform/time/time';
import {
  findEntrySecret,
  findFacilityByEntrySecret,
  findServedPatient,
  findStaffFacilities,
  hasStartableAssignment,
  listDuePatients,
  setEntrySecret,
  type StaffFacilityRow,
} from './kiosk.repository';

/** Written when kiosk staff start a patient's kiosk session (actor: the staff user; patient: the patient). */
export const KIOSK_LOGON_AUDIT_EVENT = 'kiosklogoninitiatedauditevent';

export const FEATURE_INACTIVE_MESSAGE = 'Kiosk feature has been disabled. Enable the kiosk feature and try again.';
export const NO_PATIENT_MESSAGE = 'The patient was not found.';
export const NOTHING_TO_START_MESSAGE = 'The patient has no questionnaire that can be started today.';
export const NO_ENTRY_MESSAGE = 'This kiosk address is not known.';

/** The address (scheme, host, port; no trailing slash) links to a facility's portal use. */
export type LinkBase = (facilityId: number) => Promise<string>;

/** Whether a questionnaire due on `dueDate` and available from `availableFrom` can be started on `today`. */
export function canStartOn(today: string, availableFrom: string, dueDate: string): boolean {
  return availableFrom <= today && dueDate >= addDays(today, -QUESTIONNAIRE_MISSED_AFTER_DAYS);
}

/** The kiosk staff's list of patients with questionnaires due, and the start of a patient's kiosk session. */
export class KioskService {
  constructor(
    private readonly db: Db,
    private readonly linkBase: LinkBase,
  ) {}

  /** The facilities the staff serves; 400 feature_inactive when its own facility has the kiosk switched off. */
  private async servedFacilities(caller: SessionCaller & { userId: number }): Promise<StaffFacilityRow[]> {
    const served = await findStaffFacilities(this.db, { userId: caller.userId, facilityId: caller.facilityId });
    if (!served.find((f) => f.isOwn)?.kioskEnabled) throw badRequest('feature_inactive', FEATURE_INACTIVE_MESSAGE);
    return served;
  }

  /** Listed whether or not the kiosk is switched on: the page's facility selector, nothing about any patient. */
  async facilities(caller: SessionCaller & { userId: number }): Promise<z.infer<typeof PatientFacilitySchema>[]> {
    const served = await findStaffFacilities(this.db, { userId: caller.userId, facilityId: caller.facilityId });
    return served.map((f) => ({
      facilityId: f.facilityId,
      facilityName: f.name,
      facilityShortName: f.shortName,
      isHomeFacility: f.isOwn,
    }));
  }

  async duePatients(
    caller: SessionCaller & { userId: number },
    dueDate: string,
    language: LanguageRequest,
    now = new Date(),
  ): Promise<KioskPatientRow[]> {
    const served = await this.servedFacilities(caller);
    const { locale } = await callerLanguage(this.db, language);
    const rows = await listDuePatients(
      this.db,
      served.map((f) => f.facilityId),
      dueDate,
    );
    return rows.map((row) => ({
      patientId: row.patientId,
      firstName: row.firstName,
      lastName: row.lastName,
      dateOfBirth: row.dateOfBirth,
      mrn: row.mrn,
      facilityId: row.facilityId,
      facilityShortName: row.facilityShortName,
      questionnaireTitles: row.titles.map((t) => (t.title ? localText(t.title, locale) : t.fallback)),
      canStartByPatient: canStartOn(localDate(now, row.timeZoneId), row.earliestAvailableFrom, dueDate),
    }));
  }

  /**
   * Issues a kiosk ticket for a patient of a served facility who has a questionnaire to start today. The ticket
   * records the staff's own facility: the patient's kiosk session ends at that facility's kiosk login.
   */
  async initiateLogon(
    caller: SessionCaller & { userId: number },
    patientId: number,
    now = new Date(),
  ): Promise<KioskLogonResponse> {
    const served = await this.servedFacilities(caller);
    const patient = await findServedPatient(
      this.db,
      patientId,
      served.map((f) => f.facilityId),
    );
    if (!patient) throw notFound('not_found', NO_PATIENT_MESSAGE);
    const today = localDate(now, patient.timeZoneId);
    const startable = await hasStartableAssignment(
      this.db,
      patient.patientId,
      today,
      addDays(today, -QUESTIONNAIRE_MISSED_AFTER_DAYS),
    );
    if (!startable) throw new AppError(409, 'nothing_to_start', NOTHING_TO_START_MESSAGE);
    const facilityUrl = await this.linkBase(patient.facilityId);
    const ticket = await this.db.transaction(async (tx) => {
      const issued = await issueSecret(tx, {
        kind: 'kioskUser',
        facilityId: caller.facilityId,
        patientId: patient.patientId,
        now,
      });
      await auditCaller(tx, caller, KIOSK_LOGON_AUDIT_EVENT, {
        patientId: patient.patientId,
        detail: { ticketId: issued.id, patientFacilityId: patient.facilityId },
      });
      return issued.token;
    });
    return { facilityUrl, data: ticket };
  }

  /** The address of the facility whose kiosk entry secret this is; 404 for any other secret. */
  async entry(secret: string): Promise<{ facilityUrl: string }> {
    const facilityId = await findFacilityByEntrySecret(this.db, secret);
    if (facilityId === null) throw notFound('not_found', NO_ENTRY_MESSAGE);
    return { facilityUrl: await this.linkBase(facilityId) };
  }

  /**
   * A facility's kiosk entry address (its public address + /kio{secret}) for its kiosk devices to bookmark; a new
   * secret when asked to rotate or when it has none (the old address then stops working). Null: no such facility.
   */
  async entryAddress(facilityId: number, rotate: boolean): Promise<string | null> {
    let secret = await findEntrySecret(this.db, facilityId);
    if (secret === undefined) return null;
    if (rotate || secret === null) {
      secret = newToken();
      await setEntrySecret(this.db, facilityId, secret);
    }
    return `${await this.linkBase(facilityId)}/kio${secret}`;
  }
}
