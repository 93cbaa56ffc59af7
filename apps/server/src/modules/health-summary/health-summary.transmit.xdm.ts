import { createHash } from 'node:crypto';
import { readCcdaDocument } from '../../platform/ccda/document';
import type { CcdaCode, CcdaHeader, CcdaIdentifier } from '../../platform/ccda/header';
import type { Hl7Time } from '../../platform/ccda/hl7-time';
import { buildXdm, dtm, uuidOid, type XdmCode, type XdmDocument, type XdmPatient } from '../../platform/direct/xdm';
import { rangeFileName } from './health-summary.documents';
import { pdfFile, xmlFile, ZIP_CONTENT_TYPE, type FileLanguage, type SummaryFile } from './health-summary.download';

// Several summaries sent by Direct travel as one IHE XDM zip (ADR 0016): each document's C-CDA and its readable PDF
// as XDSDocumentEntries with the metadata read from the C-CDA header (its id, type, patient, time), so that the
// receiving system can file them. The email and the download keep their plain zip: XDM is Direct's convention.

const LOINC = '2.16.840.1.113883.6.1';
const SNOMED = '2.16.840.1.113883.6.96';
const CONFIDENTIALITY = '2.16.840.1.113883.5.25';
// IHE's format code list (ITI TF-3 Table 4.2.3.2.11-1 and the HL7 C-CDA R2.1 format codes).
const FORMAT_SCHEME = '1.3.6.1.4.1.19376.1.2.3';
const CCDA_FORMAT: XdmCode = {
  code: 'urn:hl7-org:sdwg:ccda-structuredBody:2.1',
  codingScheme: FORMAT_SCHEME,
  displayName: 'C-CDA R2.1 structured body',
};
const PDF_FORMAT: XdmCode = {
  code: 'urn:ihe:iti:xds:2017:mimeTypeSufficient',
  codingScheme: FORMAT_SCHEME,
  displayName: 'mimeType Sufficient',
};
const SUMMARY_TYPE: XdmCode = { code: '34133-9', codingScheme: LOINC, displayName: 'Summary of episode note' };
// The facility is a cancer center seeing outpatients: the codes a receiving system files its documents under.
const FACILITY_TYPE: XdmCode = { code: '35971002', codingScheme: SNOMED, displayName: 'Ambulatory care site' };
const PRACTICE_SETTING: XdmCode = { code: '394593009', codingScheme: SNOMED, displayName: 'Medical oncology' };
const NORMAL: XdmCode = { code: 'N', codingScheme: CONFIDENTIALITY, displayName: 'normal' };

interface XdmSource {
  id: number;
  documentDate: string;
  xml: string;
}

function codeOf(code: CcdaCode | null | undefined, fallback: XdmCode): XdmCode {
  if (!code?.code || !code.codeSystem) return fallback;
  return { code: code.code, codingScheme: code.codeSystem, displayName: code.displayName ?? code.code };
}

/** An HL7 TS as an XDS DTM: UTC when the time has an offset, else the digits as written (a day, a month). */
function dtmOf(time: Hl7Time | null | undefined): string | null {
  if (!time) return null;
  if (time.instant) return dtm(new Date(time.instant));
  return time.value.replace(/[.+-].*$/, '').slice(0, 14);
}

/** CX 'extension^^^&root&ISO' of the first patient id with a root. */
function cx(id: CcdaIdentifier | undefined, fallback: string): string {
  if (!id?.root) return fallback;
  return `${id.extension ?? ''}^^^&${id.root}&ISO`;
}

function patientOf(header: CcdaHeader, fallbackId: string): XdmPatient {
  const patient = header.patient;
  const name = patient?.names[0];
  return {
    id: cx(
      patient?.ids.find((i) => i.root),
      fallbackId,
    ),
    name: name ? `${name.family.join(' ')}^${name.given.join(' ')}^^^` : null,
    birthDate: patient?.birthTime?.value.slice(0, 8) ?? null,
    gender: patient?.gender?.code ?? null,
  };
}

function uniqueIdOf(id: CcdaIdentifier | null, xml: string): string {
  if (id?.root) return id.extension ? `${id.root}^${id.extension}` : id.root;
  // A document without an id still needs a stable one: derived from its bytes.
  return hashOid(xml);
}

/** A 2.25 OID derived from a text: the same text, the same OID. */
function hashOid(text: string): string {
  return uuidOid(createHash('sha256').update(text).digest('hex').slice(0, 32));
}

/** The XDM zip of the documents (their C-CDA and PDF each), named after the range as the plain zip is. */
export async function xdmFile(
  documents: XdmSource[],
  range: { startDate: string; endDate: string },
  language: FileLanguage,
  sender: { facilityName: string; portalName: string; recipient: string; facilityId: number },
): Promise<SummaryFile> {
  const entries: XdmDocument[] = [];
  for (const document of documents) {
    const header = readCcdaDocument(document.xml).header;
    const xml = xmlFile(document);
    const pdf = await pdfFile(document, language);
    const title = header.title ?? header.code?.displayName ?? `Health summary ${document.documentDate}`;
    const common = {
      title,
      typeCode: codeOf(header.code, SUMMARY_TYPE),
      classCode: codeOf(header.code, SUMMARY_TYPE),
      confidentialityCode: codeOf(header.confidentiality, NORMAL),
      healthcareFacilityTypeCode: FACILITY_TYPE,
      practiceSettingCode: PRACTICE_SETTING,
      languageCode: header.languageCode ?? 'en-US',
      creationTime: dtmOf(header.effectiveTime) ?? document.documentDate.replace(/-/g, ''),
      serviceStartTime: dtmOf(header.servicePeriod?.low),
      serviceStopTime: dtmOf(header.servicePeriod?.high),
      patient: patientOf(header, `${document.id}^^^&${uuidOid()}&ISO`),
      authorInstitution: header.custodian ?? sender.facilityName,
    };
    const uniqueId = uniqueIdOf(header.id, document.xml);
    entries.push({
      ...common,
      content: xml.content,
      extension: 'XML',
      mimeType: 'text/xml',
      uniqueId,
      formatCode: CCDA_FORMAT,
    });
    // The readable copy is a document of its own: its own uniqueId, the same patient and type.
    entries.push({
      ...common,
      title: `${title} (PDF)`,
      content: pdf.content,
      extension: 'PDF',
      mimeType: 'application/pdf',
      uniqueId: uuidOid(),
      formatCode: PDF_FORMAT,
    });
  }
  const built = buildXdm(entries, {
    sourceId: facilitySourceId(sender.facilityId),
    title: `Health summaries ${range.startDate} to ${range.endDate}`,
    submissionTime: new Date(),
    contentTypeCode: entries[0]?.typeCode ?? SUMMARY_TYPE,
    intendedRecipient: sender.recipient,
    authorInstitution: sender.facilityName,
    senderName: `${sender.facilityName} (${sender.portalName})`,
  });
  return { fileName: rangeFileName(range), contentType: ZIP_CONTENT_TYPE, content: built.zip };
}

/**
 * The submission set's sourceId: an OID that stays the same for the facility (so a receiver sees one source),
 * derived from it as a 2.25 UUID OID since the portal has no registered root of its own.
 */
export function facilitySourceId(facilityId: number): string {
  return hashOid(`patient-portal-facility:${facilityId}`);
}
