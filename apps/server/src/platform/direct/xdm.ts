import { createHash, randomUUID } from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';

/**
 * IHE XDM (Cross-Enterprise Document Media Interchange, ITI TF-2b 3.32) as Direct carries several documents in one
 * zip (Applicability Statement 1.2, section 3.1; the XDR and XDM for Direct Messaging specification): the documents
 * and their metadata in IHE_XDM/SUBSET01/, the metadata an ebRS 3.0 SubmitObjectsRequest (METADATA.XML) with an
 * XDSDocumentEntry per document and the XDSSubmissionSet holding them (ITI TF-3 4.2.3), and at the root INDEX.HTM
 * (what a person opening the zip reads first) and README.TXT (who made it). A receiving system imports the documents
 * with their identifiers, types and patient instead of guessing from file names. fflate, which the download zips
 * already use, writes the zip.
 */

export interface XdmCode {
  code: string;
  codingScheme: string;
  displayName: string;
}

export interface XdmPatient {
  /** CX: 'extension^^^&root&ISO'. */
  id: string;
  /** PID-5 XPN: 'family^given^^^'. */
  name: string | null;
  /** PID-7: YYYYMMDD. */
  birthDate: string | null;
  /** PID-8: F, M, U... */
  gender: string | null;
}

export interface XdmDocument {
  /** The file's bytes as they will be stored (the hash and size are of these). */
  content: Uint8Array;
  /** 'XML' or 'PDF': the 8.3 file name is DOCnnnnn.<extension>. */
  extension: 'XML' | 'PDF';
  mimeType: string;
  title: string;
  /** XDS uniqueId: 'root^extension' of a CDA document's id, or an OID. */
  uniqueId: string;
  typeCode: XdmCode;
  classCode: XdmCode;
  formatCode: XdmCode;
  confidentialityCode: XdmCode;
  healthcareFacilityTypeCode: XdmCode;
  practiceSettingCode: XdmCode;
  languageCode: string;
  /** DTM (UTC, YYYY[MM[DD[hh[mm[ss]]]]]). */
  creationTime: string;
  serviceStartTime?: string | null;
  serviceStopTime?: string | null;
  patient: XdmPatient;
  authorInstitution: string;
}

export interface XdmSubmission {
  /** An OID naming this submission (a UUID-derived 2.25 OID is made when left out). */
  uniqueId?: string;
  /** The OID of the sender. */
  sourceId: string;
  title: string;
  submissionTime: Date;
  contentTypeCode: XdmCode;
  /** The Direct address it goes to (XDM intendedRecipient). */
  intendedRecipient: string;
  authorInstitution: string;
  /** Who sent it, for README.TXT and INDEX.HTM. */
  senderName: string;
}

export const XDM_DOCUMENT_ENTRY = 'urn:uuid:7edca82f-054d-47f2-a032-9b2a5b5186c1';
export const XDM_SUBMISSION_SET = 'urn:uuid:a54d6aa5-d40d-43f9-88c5-b4633d873bdd';

// ITI TF-3 4.2.5: the classification schemes and external identifiers of the metadata.
const SCHEME = {
  author: 'urn:uuid:93606bcf-9494-43ec-9b4e-a7748d1a838d',
  classCode: 'urn:uuid:41a5887f-8865-4c09-adf7-e362475b143a',
  confidentialityCode: 'urn:uuid:f4f85eac-e6cb-4883-b524-f2705394840f',
  formatCode: 'urn:uuid:a09d5840-386c-46f2-b5ad-9c3699a4309d',
  healthcareFacilityTypeCode: 'urn:uuid:f33fb8ac-18af-42cc-ae0e-ed0b0bdb91e1',
  practiceSettingCode: 'urn:uuid:cccf5598-8b07-4b77-a05e-ae952c785ead',
  typeCode: 'urn:uuid:f0306f51-975f-434e-a61c-c59651d33983',
  documentPatientId: 'urn:uuid:58a6f841-87b3-4a3e-92fd-a8ffeff98427',
  documentUniqueId: 'urn:uuid:2e82c1f6-a085-4c72-9da3-8640a32e42ab',
  submissionAuthor: 'urn:uuid:a7058bb9-b4e4-4307-ba5b-e3f0ab85e12d',
  contentTypeCode: 'urn:uuid:aa543740-bdda-424e-8c96-df4873be8500',
  submissionUniqueId: 'urn:uuid:96fdda7c-d067-4183-912e-bf5ee74998a8',
  submissionSourceId: 'urn:uuid:554ac39e-e3fe-47fe-b233-965d2a147832',
  submissionPatientId: 'urn:uuid:6b5aea1a-874d-4603-a4bc-96a0a7b38446',
} as const;

const CLASSIFICATION = 'urn:oasis:names:tc:ebxml-regrep:ObjectType:RegistryObject:Classification';
const APPROVED = 'urn:oasis:names:tc:ebxml-regrep:StatusType:Approved';
const HAS_MEMBER = 'urn:oasis:names:tc:ebxml-regrep:AssociationType:HasMember';
const SUBMISSION_SET_OBJECT = 'urn:oasis:names:tc:ebxml-regrep:ObjectType:RegistryObject:RegistryPackage';

export const XDM_SUBSET = 'IHE_XDM/SUBSET01';

function xml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A '2.25.' OID from a random UUID (ITU-T X.667): unique without a registered root. */
export function uuidOid(uuid: string = randomUUID()): string {
  return `2.25.${BigInt(`0x${uuid.replace(/-/g, '')}`).toString(10)}`;
}

/** An XDS DTM of a date: UTC, to the second. */
export function dtm(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function slot(name: string, values: (string | null | undefined)[]): string {
  const present = values.filter((v): v is string => typeof v === 'string' && v !== '');
  if (present.length === 0) return '';
  return `<rim:Slot name="${xml(name)}"><rim:ValueList>${present
    .map((v) => `<rim:Value>${xml(v)}</rim:Value>`)
    .join('')}</rim:ValueList></rim:Slot>`;
}

function localized(name: string): string {
  return `<rim:LocalizedString value="${xml(name)}"/>`;
}

function codeClassification(id: string, scheme: string, object: string, code: XdmCode): string {
  return (
    `<rim:Classification id="${id}" objectType="${CLASSIFICATION}" classificationScheme="${scheme}" ` +
    `classifiedObject="${object}" nodeRepresentation="${xml(code.code)}">` +
    slot('codingScheme', [code.codingScheme]) +
    `<rim:Name>${localized(code.displayName)}</rim:Name></rim:Classification>`
  );
}

function authorClassification(id: string, scheme: string, object: string, institution: string): string {
  return (
    `<rim:Classification id="${id}" objectType="${CLASSIFICATION}" classificationScheme="${scheme}" ` +
    `classifiedObject="${object}" nodeRepresentation="">${slot('authorInstitution', [institution])}</rim:Classification>`
  );
}

function externalIdentifier(id: string, scheme: string, object: string, value: string, name: string): string {
  return (
    `<rim:ExternalIdentifier id="${id}" objectType="urn:oasis:names:tc:ebxml-regrep:ObjectType:RegistryObject:ExternalIdentifier" ` +
    `identificationScheme="${scheme}" registryObject="${object}" value="${xml(value)}">` +
    `<rim:Name>${localized(name)}</rim:Name></rim:ExternalIdentifier>`
  );
}

/** The file name of the n-th document (1-based) in SUBSET01, 8.3 as XDM's media rules ask. */
export function xdmFileName(index: number, extension: string): string {
  return `DOC${String(index).padStart(5, '0')}.${extension}`;
}

export interface XdmPackage {
  /** The zip's bytes. */
  zip: Uint8Array;
  metadata: string;
  /** Each document's file within SUBSET01, in order. */
  files: string[];
}

/** The METADATA.XML of the documents: one XDSDocumentEntry each and the XDSSubmissionSet that holds them. */
export function xdmMetadata(documents: XdmDocument[], submission: XdmSubmission, files: string[]): string {
  const objects: string[] = [];
  const entryIds = documents.map(() => `urn:uuid:${randomUUID()}`);
  // Every registry object has an entryUUID of its own (ITI TF-3 4.2.3.1.5): symbolic ids would do in a submission,
  // UUIDs survive being imported as they are.
  const next = () => `urn:uuid:${randomUUID()}`;
  documents.forEach((document, i) => {
    const id = entryIds[i]!;
    const hash = createHash('sha1').update(document.content).digest('hex');
    const p = document.patient;
    objects.push(
      `<rim:ExtrinsicObject id="${id}" mimeType="${xml(document.mimeType)}" objectType="${XDM_DOCUMENT_ENTRY}" status="${APPROVED}">` +
        slot('creationTime', [document.creationTime]) +
        slot('hash', [hash]) +
        slot('languageCode', [document.languageCode]) +
        slot('serviceStartTime', [document.serviceStartTime]) +
        slot('serviceStopTime', [document.serviceStopTime]) +
        slot('size', [String(document.content.length)]) +
        slot('sourcePatientId', [p.id]) +
        slot('sourcePatientInfo', [
          `PID-3|${p.id}`,
          p.name ? `PID-5|${p.name}` : null,
          p.birthDate ? `PID-7|${p.birthDate}` : null,
          p.gender ? `PID-8|${p.gender}` : null,
        ]) +
        slot('URI', [files[i]]) +
        `<rim:Name>${localized(document.title)}</rim:Name>` +
        authorClassification(next(), SCHEME.author, id, document.authorInstitution) +
        codeClassification(next(), SCHEME.classCode, id, document.classCode) +
        codeClassification(next(), SCHEME.confidentialityCode, id, document.confidentialityCode) +
        codeClassification(next(), SCHEME.formatCode, id, document.formatCode) +
        codeClassification(next(), SCHEME.healthcareFacilityTypeCode, id, document.healthcareFacilityTypeCode) +
        codeClassification(next(), SCHEME.practiceSettingCode, id, document.practiceSettingCode) +
        codeClassification(next(), SCHEME.typeCode, id, document.typeCode) +
        externalIdentifier(next(), SCHEME.documentPatientId, id, p.id, 'XDSDocumentEntry.patientId') +
        externalIdentifier(next(), SCHEME.documentUniqueId, id, document.uniqueId, 'XDSDocumentEntry.uniqueId') +
        `</rim:ExtrinsicObject>`,
    );
  });
  const setId = next();
  const patientId = documents[0]?.patient.id ?? '';
  objects.push(
    `<rim:RegistryPackage id="${setId}" objectType="${SUBMISSION_SET_OBJECT}" status="${APPROVED}">` +
      slot('submissionTime', [dtm(submission.submissionTime)]) +
      slot('intendedRecipient', [`||^^Internet^${submission.intendedRecipient}`]) +
      `<rim:Name>${localized(submission.title)}</rim:Name>` +
      authorClassification(next(), SCHEME.submissionAuthor, setId, submission.authorInstitution) +
      codeClassification(next(), SCHEME.contentTypeCode, setId, submission.contentTypeCode) +
      externalIdentifier(
        next(),
        SCHEME.submissionUniqueId,
        setId,
        submission.uniqueId ?? uuidOid(),
        'XDSSubmissionSet.uniqueId',
      ) +
      externalIdentifier(next(), SCHEME.submissionSourceId, setId, submission.sourceId, 'XDSSubmissionSet.sourceId') +
      externalIdentifier(next(), SCHEME.submissionPatientId, setId, patientId, 'XDSSubmissionSet.patientId') +
      `</rim:RegistryPackage>`,
    `<rim:Classification id="${next()}" objectType="${CLASSIFICATION}" classifiedObject="${setId}" classificationNode="${XDM_SUBMISSION_SET}"/>`,
    ...entryIds.map(
      (entry) =>
        `<rim:Association id="${next()}" objectType="urn:oasis:names:tc:ebxml-regrep:ObjectType:RegistryObject:Association" ` +
        `associationType="${HAS_MEMBER}" sourceObject="${setId}" targetObject="${entry}">` +
        slot('SubmissionSetStatus', ['Original']) +
        `</rim:Association>`,
    ),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<lcm:SubmitObjectsRequest xmlns:lcm="urn:oasis:names:tc:ebxml-regrep:xsd:lcm:3.0" ' +
    'xmlns:rim="urn:oasis:names:tc:ebxml-regrep:xsd:rim:3.0"><rim:RegistryObjectList>' +
    objects.join('') +
    '</rim:RegistryObjectList></lcm:SubmitObjectsRequest>\n'
  );
}

function indexHtml(documents: XdmDocument[], submission: XdmSubmission, files: string[]): string {
  const rows = documents
    .map(
      (d, i) =>
        `<li><a href="${XDM_SUBSET}/${files[i]}">${xml(d.title)}</a> (${xml(d.mimeType)}, ${d.content.length} bytes)</li>`,
    )
    .join('\n');
  return (
    '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>' +
    xml(submission.title) +
    '</title></head><body>\n' +
    `<h1>${xml(submission.title)}</h1>\n<p>Sent by ${xml(submission.senderName)} on ` +
    `${submission.submissionTime.toISOString().slice(0, 10)}.</p>\n<ul>\n${rows}\n</ul>\n` +
    `<p>The metadata of these documents is in <a href="${XDM_SUBSET}/METADATA.XML">METADATA.XML</a> ` +
    '(IHE XDM).</p>\n</body></html>\n'
  );
}

function readme(submission: XdmSubmission, count: number): string {
  return (
    `${submission.title}\r\n\r\n` +
    `Sent by: ${submission.senderName}\r\n` +
    `Date: ${submission.submissionTime.toISOString()}\r\n` +
    `Documents: ${count}\r\n\r\n` +
    'This archive is IHE XDM media (IT Infrastructure Technical Framework Volume 2b, 3.32): the documents and\r\n' +
    `their metadata (METADATA.XML) are in ${XDM_SUBSET}/; INDEX.HTM lists them.\r\n`
  );
}

/** The XDM zip of the documents. */
export function buildXdm(documents: XdmDocument[], submission: XdmSubmission): XdmPackage {
  const files = documents.map((d, i) => xdmFileName(i + 1, d.extension));
  const metadata = xdmMetadata(documents, submission, files);
  const text = (value: string) => new Uint8Array(Buffer.from(value, 'utf8'));
  const entries: Zippable = {
    'README.TXT': text(readme(submission, documents.length)),
    'INDEX.HTM': text(indexHtml(documents, submission, files)),
    [`${XDM_SUBSET}/METADATA.XML`]: text(metadata),
  };
  documents.forEach((d, i) => {
    // A PDF is compressed already: stored as it is.
    entries[`${XDM_SUBSET}/${files[i]}`] = d.extension === 'PDF' ? [d.content, { level: 0 }] : d.content;
  });
  return { zip: zipSync(entries, { level: 6 }), metadata, files };
}
