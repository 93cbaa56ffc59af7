import type {
  IntegrationQuestionnaireAssignment,
  QuestionnaireAnswer,
  QuestionnaireTemplateOutcome,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest } from '../../platform/errors/app-error';
import { CONCURRENT_CHANGE_MESSAGE } from '../../platform/errors/error-handler';
import { fingerprintOf } from '../../platform/intake/fingerprint';
import type { KeyedRecords, PutOutcome } from '../../platform/intake/keyed-records';
import { recordNotice } from '../../platform/notices/ledger';
import { localDate } from '../../platform/time/time';
import type { QuestionnaireDefinition, StoredScore } from './definition';
import { readFhirQuestionnaire } from './fhir-questionnaire';
import { dropDrafts } from './questionnaires.repository';
import {
  findAssignmentByExternalId,
  findCurrentTemplate,
  findPatientFacility,
  findTemplateWithVersions,
  insertAssignment,
  insertTemplate,
  moveUnopenedAssignments,
  setTemplateSuperseded,
  setTemplateWithdrawn,
  updateAssignment,
  withdrawOpenAssignmentsOfTemplate,
  type QuestionnaireAssignmentFields,
} from './questionnaires.intake.repository';
import { openDueFrom } from './questionnaire-views';
import type { IntegrationPatientId } from '../../platform/integration/integration-patients';

// Intake of questionnaires (docs/adr/0009-questionnaires.md): how a facility's system (the integration API) and the
// demo bring in the facility's templates (FHIR R4 Questionnaires, versioned under the facility's identifier) and
// assign them to patients (keyed by the facility's identifier of the assignment, unique per patient). Each write
// is one transaction: on a database handle it opens one, inside a caller's transaction it runs in a savepoint.

export const UNKNOWN_TEMPLATE_MESSAGE =
  'templateExternalId names no questionnaire template of your facility (or a withdrawn one).';
export const ALREADY_ANSWERED_MESSAGE =
  'The patient has already completed or declined this questionnaire; its template and dates can no longer change.';

export interface TemplatePutOutcome {
  /** The id of the template's current version. */
  templateId: number;
  outcome: QuestionnaireTemplateOutcome;
  /** The portal's reading of the resource (what the patient will see). */
  definition: QuestionnaireDefinition;
}

/**
 * The patient's side of an assignment brought in with a history (the demo's, answered long ago): applied only when
 * the put creates the assignment. The integration API never sends it.
 */
export type QuestionnaireAssignmentHistory = {
  at: Date;
  /** How the answering session logged in (userNamePassword, patientKioskUser, patientLinkUser...). */
  loginType: string;
  /** The user who answered (the patient or a representative); absent: a kiosk or link session. */
  userId?: number | null;
} & ({ status: 'completed'; answers: QuestionnaireAnswer[]; scores: StoredScore[] } | { status: 'declined' });

/**
 * Creates or replaces a facility's questionnaire template under its identifier, from a FHIR R4 Questionnaire.
 *
 * - The resource is read first (readFhirQuestionnaire): anything the portal cannot show is a 400
 *   invalid_questionnaire naming its JSON path, and nothing is written.
 * - The same content again (same canonical JSON): nothing is written ('unchanged'); a withdrawn template sent
 *   again is back ('updated').
 * - Other content: a new version is stored and the old one superseded, in one transaction ('updated').
 *   Assignments of the old version that no patient has opened move to the new one; started, completed and
 *   declined ones keep theirs, so their answers always match their items.
 */
export async function putQuestionnaireTemplate(
  db: DbOrTx,
  facilityId: number,
  externalId: string,
  resource: unknown,
  now = new Date(),
): Promise<TemplatePutOutcome> {
  const definition = readFhirQuestionnaire(resource);
  // The same resource sent with its keys in another order is the same content.
  const contentHash = fingerprintOf(resource);
  return db.transaction(async (tx) => {
    const current = await findCurrentTemplate(tx, facilityId, externalId);
    if (current?.contentHash === contentHash) {
      if (current.withdrawnAt === null) return { templateId: current.id, outcome: 'unchanged', definition };
      await setTemplateWithdrawn(tx, current.id, null);
      return { templateId: current.id, outcome: 'updated', definition };
    }
    if (current) await setTemplateSuperseded(tx, current.id, now);
    const templateId = await insertTemplate(tx, {
      facilityId,
      externalId,
      title: definition.title.text,
      definition,
      resource,
      contentHash,
    });
    if (current) await moveUnopenedAssignments(tx, current.id, templateId);
    return { templateId, outcome: current ? 'updated' : 'created', definition };
  });
}

/**
 * Withdraws a facility's template: no patient is given it any more, and its open (assigned or started)
 * assignments, of every version, are withdrawn with it; completed and declined ones stay in the patients'
 * history. Returns the current version's id, or undefined when the facility has no template under `externalId`.
 */
export async function withdrawQuestionnaireTemplate(
  db: DbOrTx,
  facilityId: number,
  externalId: string,
  now = new Date(),
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const current = await findCurrentTemplate(tx, facilityId, externalId);
    if (!current) return undefined;
    if (current.withdrawnAt === null) await setTemplateWithdrawn(tx, current.id, now);
    await withdrawOpenAssignmentsOfTemplate(tx, facilityId, externalId, now);
    return current.id;
  });
}

/** The current version of a facility's template, with its version count, or undefined. */
export async function questionnaireTemplateOf(db: DbOrTx, facilityId: number, externalId: string) {
  const found = await findTemplateWithVersions(db, facilityId, externalId);
  return found && { ...found, definition: found.definition as QuestionnaireDefinition };
}

/**
 * Assigns a facility's template to the patient under the facility's identifier of the assignment: an idempotent
 * upsert.
 *
 * - New identifier: assigned with the template's current version, available from `availableFrom` (default: the
 *   facility's today).
 * - Open (assigned or started): the due date, availableFrom and template are replaced. Another template starts it
 *   afresh (its draft, made for other questions, is dropped). The same template keeps the version a started
 *   assignment was given; one not yet opened moves to the current version. Sending the same again changes nothing.
 * - Completed or declined: the same values again change nothing (a withdrawn one is back); others are a 409
 *   already_answered.
 * - A withdrawn assignment put again is back.
 *
 * A template that the facility does not have, or has withdrawn, is a 400 naming templateExternalId. `history` (the
 * demo's) creates the assignment already completed or declined.
 */
export async function putQuestionnaireAssignment(
  db: DbOrTx,
  patientId: IntegrationPatientId,
  externalId: string,
  record: IntegrationQuestionnaireAssignment,
  history?: QuestionnaireAssignmentHistory,
  now = new Date(),
): Promise<PutOutcome> {
  return db.transaction(async (tx) => {
    const facility = await findPatientFacility(tx, patientId);
    if (!facility) throw new Error(`Patient ${patientId} has no home facility`);
    const template = await findCurrentTemplate(tx, facility.facilityId, record.templateExternalId);
    if (!template || template.withdrawnAt !== null) {
      throw badRequest('validation_failed', UNKNOWN_TEMPLATE_MESSAGE, 'templateExternalId');
    }
    const existing = await findAssignmentByExternalId(tx, patientId, externalId);
    if (!existing) {
      const id = await insertAssignment(tx, {
        patientId,
        externalId,
        templateId: template.id,
        dueDate: record.dueDate,
        availableFrom: record.availableFrom ?? localDate(now, facility.timeZoneId),
        ...(history && {
          status: history.status,
          viewedAt: history.at,
          completedAt: history.at,
          completedByUserId: history.userId ?? null,
          completedLoginType: history.loginType,
          ...(history.status === 'completed' && { answers: history.answers, scores: history.scores }),
        }),
      });
      // Another request added the same identifier meanwhile: this one is asked to try again.
      if (id === undefined) throw new AppError(409, 'conflict', CONCURRENT_CHANGE_MESSAGE);
      if (!history) await recordNotice(tx, patientId, 'questionnaire', id);
      return { id, created: true, changed: true };
    }

    const sameTemplate = existing.templateExternalId === record.templateExternalId;
    const availableFrom = record.availableFrom ?? existing.availableFrom;
    const sameDays = existing.dueDate === record.dueDate && existing.availableFrom === availableFrom;
    const answered = existing.status === 'completed' || existing.status === 'declined';
    if (answered) {
      if (!sameTemplate || !sameDays) throw new AppError(409, 'already_answered', ALREADY_ANSWERED_MESSAGE);
      if (existing.withdrawnAt === null) return { id: existing.id, created: false, changed: false };
      await updateAssignment(tx, existing.id, { withdrawnAt: null });
      return { id: existing.id, created: false, changed: true };
    }

    const templateId = sameTemplate && existing.status === 'started' ? existing.templateId : template.id;
    if (templateId === existing.templateId && sameDays && existing.withdrawnAt === null) {
      return { id: existing.id, created: false, changed: false };
    }
    const fields: QuestionnaireAssignmentFields = {
      templateId,
      dueDate: record.dueDate,
      availableFrom,
      withdrawnAt: null,
    };
    if (!sameTemplate) {
      Object.assign(fields, { status: 'assigned', viewedAt: null });
      await dropDrafts(tx, existing.id);
    }
    await updateAssignment(tx, existing.id, fields);
    return { id: existing.id, created: false, changed: true };
  });
}

/**
 * Withdraws the patient's assignment under `externalId`: the patient no longer sees it (nor, once answered, in
 * their history), while the row and every audit row about it stay. Returns its id, or undefined when there is none.
 */
export async function withdrawQuestionnaireAssignment(
  db: DbOrTx,
  patientId: IntegrationPatientId,
  externalId: string,
  now = new Date(),
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const existing = await findAssignmentByExternalId(tx, patientId, externalId);
    if (!existing) return undefined;
    if (existing.withdrawnAt === null) await updateAssignment(tx, existing.id, { withdrawnAt: now });
    return existing.id;
  });
}

/** Assignments as the keyed route builder takes them (their put is their own: see putQuestionnaireAssignment). */
export const questionnaireAssignmentRecords: KeyedRecords<
  IntegrationQuestionnaireAssignment,
  QuestionnaireAssignmentHistory,
  IntegrationPatientId
> = {
  put: (tx, patientId, externalId, record, options) =>
    putQuestionnaireAssignment(tx, patientId, externalId, record, options?.history, options?.now),
  withdraw: withdrawQuestionnaireAssignment,
};

export type IntegrationAssignmentStatus = 'assigned' | 'started' | 'completed' | 'declined' | 'missed';

/** The patient's assignment under `externalId` as the facility's system reads it, or undefined. */
export async function questionnaireAssignmentOf(db: DbOrTx, patientId: number, externalId: string, now = new Date()) {
  const existing = await findAssignmentByExternalId(db, patientId, externalId, false);
  const facility = existing && (await findPatientFacility(db, patientId));
  if (!existing || !facility) return undefined;
  const open = existing.status === 'assigned' || existing.status === 'started';
  const missed = open && existing.dueDate < openDueFrom(localDate(now, facility.timeZoneId));
  const status: IntegrationAssignmentStatus = missed ? 'missed' : existing.status;
  return { ...existing, status, facilityId: facility.facilityId };
}
