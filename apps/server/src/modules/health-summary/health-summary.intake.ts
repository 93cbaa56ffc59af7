import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { attachedPdf, readCcdaDocument, type CcdaDocument } from '../../platform/ccda/document';
import type { CcdaHeader, CcdaIdentifier } from '../../platform/ccda/header';
import type { Hl7Time } from '../../platform/ccda/hl7-time';
import { CcdaError } from '../../platform/ccda/parse';
import { recordTargetMismatches, type RecordTargetPart } from '../../platform/ccda/record-target';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import {
  deleteHealthSummaryDocument,
  deleteHealthSummaryRenderings,
  findHealthSummaryDocument,
  findIntegrationDocument,
  findPatientIdentity,
  findSystemByExternalId,
  insertHealthSummaryDocument,
  updateHealthSummaryDocument,
  type HealthSummaryDocumentFields,
  type StoredHealthSummaryDocument,
} from './health-summary.intake.repository';
import type { IntegrationPatientId } from '../../platform/integration/integration-patients';

// Intake of health summaries: how a facility's system (the integration API) and the demo store a C-CDA document,
// keyed by the facility's own identifier of it (externalId, unique per patient). The header is read once, here,
// into the metadata columns, so lists, ranges and visits never parse XML again. The caller owns the transaction.

export type { StoredHealthSummaryDocument } from './health-summary.intake.repository';

export interface HealthSummaryDocumentInput {
  patientId: IntegrationPatientId;
  /** The patient's external system that wrote the document (the caller checked it is this patient's). */
  externalSystemId: number;
  externalId: string;
  /** The document: text, or its bytes as UTF-8 (as a request body arrives). */
  xml: string | Uint8Array;
}

export type StoreOutcome = 'created' | 'updated' | 'unchanged';

export const DEFAULT_SUMMARY_TITLE = 'Health summary';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The document as text (the parser's refusal for bytes that are not UTF-8), without a byte order mark. */
function documentText(xml: string | Uint8Array): string {
  let text: string;
  if (typeof xml === 'string') {
    text = xml;
  } else {
    try {
      text = utf8.decode(xml);
    } catch {
      throw new CcdaError('encoding', 'The document is not valid UTF-8 text.');
    }
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The day a date range selects the document by: effectiveTime's day, else the first day of its month or year
 * (a sender that knew no more). A document without one cannot be placed in a range, so it is refused.
 */
export function documentDateOf(effectiveTime: Hl7Time | null): string {
  if (effectiveTime?.day) return effectiveTime.day;
  if (effectiveTime?.precision === 'month') return `${effectiveTime.iso}-01`;
  if (effectiveTime?.precision === 'year') return `${effectiveTime.iso}-01-01`;
  throw new CcdaError('not_ccda', 'The document has no effectiveTime.');
}

/** The longest setId and media type the columns keep (migration 0036): anything longer is no real one. */
const MAX_SET_ID = 400;
const MAX_MEDIA_TYPE = 200;

/**
 * A setId as the column keeps it: '{root}|{extension}' (either may be empty), or null without one, or when it is
 * longer than any real identifier (the document then stands alone rather than being refused).
 */
export function setIdOf(setId: CcdaIdentifier | null): string | null {
  const value = setId ? `${setId.root ?? ''}|${setId.extension ?? ''}` : null;
  return value && value.length <= MAX_SET_ID ? value : null;
}

/**
 * The media type of the file an unstructured document holds, when it holds one: a PDF only when its bytes are
 * one (attachedPdf), so that a download offers as a PDF only what is.
 */
export function attachmentTypeOf(document: Pick<CcdaDocument, 'attachment'>): string | null {
  if (attachedPdf(document)) return 'application/pdf';
  const { attachment } = document;
  const mediaType = attachment?.content && attachment.mediaType !== 'application/pdf' ? attachment.mediaType : null;
  return mediaType && mediaType.length <= MAX_MEDIA_TYPE ? mediaType : null;
}

/** The metadata columns of a document, from its header. */
export function documentMetadataOf(header: CcdaHeader) {
  // A person who wrote it before a system that assembled it; the organization of whoever is named, else the
  // custodian that keeps the document.
  const person = header.authors.find((author) => author.kind === 'person' && author.name);
  const author = person ?? header.authors.find((a) => a.name);
  const encounter = header.encounter;
  const visitStart = encounter?.period?.low ?? null;
  return {
    documentCode: header.code?.code ?? null,
    title: header.title ?? header.code?.displayName ?? DEFAULT_SUMMARY_TITLE,
    documentDate: documentDateOf(header.effectiveTime),
    effectiveTime: header.effectiveTime?.value ?? null,
    serviceStart: header.servicePeriod?.low?.day ?? null,
    serviceEnd: header.servicePeriod?.high?.day ?? null,
    authorName: author?.name ?? null,
    organizationName:
      author?.organization ?? header.authors.find((a) => a.organization)?.organization ?? header.custodian ?? null,
    encounterDate: visitStart?.day ?? null,
    // HH:MM as written: the sender's wall clock at the visit.
    encounterTime: visitStart?.day && visitStart.time ? visitStart.time.slice(0, 5) : null,
    visitType: encounter?.visitType ?? null,
    providerName: encounter?.provider ?? null,
    locationName: encounter?.location ?? null,
    // The versions of one document: the same set (with the same document type, as a sender may reuse a setId
    // for documents of different types), each with its number.
    setId: setIdOf(header.setId),
    versionNumber: header.versionNumber,
  };
}

/**
 * Stores a patient's C-CDA document under the facility's identifier: an idempotent upsert by (patient,
 * externalId). A document refused by the parser, or without an effectiveTime, is a 400 invalid_ccda_document
 * with the parser's message, nothing written. One whose recordTarget is another person (name, birth date or sex
 * differing from the patient's record: platform/ccda/record-target.ts) is a 409 patient_mismatch naming them.
 *
 * - New identifier: created.
 * - The same XML (SHA-256) from the same system: unchanged, nothing written.
 * - Other XML, or the same identifier now from another system of the patient: updated, keeping the id (links and
 *   audit rows still name it) and the time it first arrived. Its rendered views are deleted in the same
 *   transaction, so the next view renders the new content (the reads also re-render on a content_sha256 that
 *   differs; deleting keeps no stale copy of health data around).
 */
export async function storeHealthSummaryDocument(
  tx: DbOrTx,
  input: HealthSummaryDocumentInput,
): Promise<{ document: StoredHealthSummaryDocument; outcome: StoreOutcome }> {
  const xml = documentText(input.xml);
  const parsed = readCcdaDocument(xml);
  const { header } = parsed;
  const contentSha256 = createHash('sha256').update(xml, 'utf8').digest('hex');
  const fields: HealthSummaryDocumentFields = {
    externalSystemId: input.externalSystemId,
    ...documentMetadataOf(header),
    attachmentType: attachmentTypeOf(parsed),
    xml,
    contentSha256,
    sizeBytes: Buffer.byteLength(xml, 'utf8'),
  };
  // A readable document first (400 says why not), then one about this patient.
  const differs = recordTargetMismatches(header.patient, await findPatientIdentity(tx, input.patientId));
  if (differs.length > 0) throw anotherPerson(differs);

  let existing = await findHealthSummaryDocument(tx, input.patientId, input.externalId, true);
  if (!existing) {
    const created = await insertHealthSummaryDocument(tx, {
      patientId: input.patientId,
      externalId: input.externalId,
      ...fields,
    });
    if (created) return { document: created, outcome: 'created' };
    // Added by a concurrent put of the same identifier since we looked: this one replaces it.
    existing = await findHealthSummaryDocument(tx, input.patientId, input.externalId, true);
    if (!existing) throw new Error('A health summary document was neither added nor found');
  }
  if (existing.contentSha256 === contentSha256 && existing.externalSystemId === input.externalSystemId) {
    return { document: existing, outcome: 'unchanged' };
  }
  const document = await updateHealthSummaryDocument(tx, existing.id, fields);
  await deleteHealthSummaryRenderings(tx, existing.id);
  return { document, outcome: 'updated' };
}

/**
 * Withdraws the patient's document under the facility's identifier: the row is removed (its renderings with it),
 * so it is in no list, range, visit or send from now on; audit rows keep its id. Returns the id, or undefined
 * when the patient has no such document.
 */
export function withdrawHealthSummaryDocument(
  tx: DbOrTx,
  patientId: IntegrationPatientId,
  externalId: string,
): Promise<number | undefined> {
  return deleteHealthSummaryDocument(tx, patientId, externalId);
}

/** A document about someone else than the patient it was sent for: 409, naming what differs. */
export function anotherPerson(differs: readonly RecordTargetPart[]): AppError {
  return new AppError(
    409,
    'patient_mismatch',
    `${ANOTHER_PERSON_MESSAGE} It differs in ${differs.join(', ')}.`,
    differs.map((part) => (part === 'recordTarget' ? part : `recordTarget.${part}`)).join(', '),
  );
}

export const ANOTHER_PERSON_MESSAGE =
  'The document is about another person: its recordTarget does not match the patient’s name, birth date and sex.';

/* ------------------------------------------------- the integration API's terms */

export const DOCUMENT_NOT_FOUND_MESSAGE = 'This patient has no health summary document with this externalId.';
export const UNKNOWN_SYSTEM_MESSAGE =
  'externalSystem: this patient has no external system with this externalId (PUT the patient with it first)';

/**
 * storeHealthSummaryDocument for a system named by the facility's identifier (externalSystems[].externalId of
 * the patient): a 400 naming externalSystem when the patient has no such system.
 */
export async function storeDocumentFromSystem(
  tx: DbOrTx,
  input: Omit<HealthSummaryDocumentInput, 'externalSystemId'> & { externalSystem: string },
) {
  const system = await findSystemByExternalId(tx, input.patientId, input.externalSystem);
  if (!system) throw badRequest('validation_failed', UNKNOWN_SYSTEM_MESSAGE, 'externalSystem');
  const { externalSystem: _externalSystem, ...rest } = input;
  return storeHealthSummaryDocument(tx, { ...rest, externalSystemId: system.id });
}

/**
 * The patient's document under the facility's identifier with its system's identifier (null for a system made
 * before the integration API); a 404 when there is none, or when `externalSystem` is given and is not its system.
 */
export async function integrationDocumentOf(
  db: DbOrTx,
  patientId: number,
  externalId: string,
  externalSystem?: string,
): Promise<{ document: StoredHealthSummaryDocument; systemExternalId: string | null }> {
  const found = await findIntegrationDocument(db, patientId, externalId);
  if (!found || (externalSystem !== undefined && found.systemExternalId !== externalSystem)) {
    throw notFound('not_found', DOCUMENT_NOT_FOUND_MESSAGE);
  }
  return found;
}
