import { zonedInstant } from '../../platform/time/time';
import { buildCcdaDocument, hl7Day, hl7Instant, type CcdaOrganization, type CcdaPatient } from './ccda-builder';
import type { PatientPlan } from './demo-ccda-document-plan';
import { janePlan } from './demo-ccda-jane-documents';
import { johnPlan } from './demo-ccda-john-documents';
import { demoCcdaPatients, RIVERSIDE_CANCER_CENTER, RIVERSIDE_REGIONAL_HOSPITAL } from './demo-ccda-people';
import { daysAgo, NEW_YORK } from './demo-ccda-record';
import type { DemoCcdaDocument, DemoCcdaSystemKey } from './demo-ccda-systems';

// The demo's C-CDA documents (issue 15): what the facilities' systems would have sent about jane.doe and john.smith
// over the past year, generated from their demo record relative to `now`. Nothing here writes to the database: the
// seed stores them through the integration API's intake, each under its system and id, as a facility would.

export { demoCcdaPatients, REGIONAL_HOSPITAL_PHONES } from './demo-ccda-people';
export { DEMO_CCDA_SYSTEMS, type DemoCcdaDocument, type DemoCcdaSystemKey } from './demo-ccda-systems';

/** Each system's identifier root (documents and entries). */
const ROOTS: Record<DemoCcdaSystemKey, string> = {
  'RCC-ONCOLOGY': '2.16.840.1.113883.19.5.99999.10',
  'RRH-EHR': '2.16.840.1.113883.19.5.99999.20',
};
const CUSTODIANS: Record<DemoCcdaSystemKey, CcdaOrganization> = {
  'RCC-ONCOLOGY': RIVERSIDE_CANCER_CENTER,
  'RRH-EHR': RIVERSIDE_REGIONAL_HOSPITAL,
};

function render(now: Date, plan: PatientPlan): DemoCcdaDocument[] {
  const mrn = plan.patient.ids[0]!.extension;
  return plan.documents.map((doc) => {
    const effectiveAt = zonedInstant(daysAgo(now, doc.day), doc.hour, 0, NEW_YORK);
    const idRoot = ROOTS[doc.system];
    const asOf = daysAgo(now, doc.day);
    const visit = doc.visit;
    const xml = buildCcdaDocument({
      kind: doc.kind,
      id: { root: idRoot, extension: doc.externalId },
      title: doc.title,
      effectiveTime: hl7Instant(effectiveAt, NEW_YORK),
      patient: plan.patient,
      author: { time: hl7Instant(effectiveAt, NEW_YORK), provider: doc.author },
      custodian: CUSTODIANS[doc.system],
      servicePeriod: visit
        ? { low: hl7Instant(visit.at, NEW_YORK), high: hl7Instant(visit.at, NEW_YORK), performers: [visit.provider] }
        : { low: hl7Day(daysAgo(now, doc.coversFrom)), high: hl7Day(asOf), performers: [doc.author] },
      encounter: visit && {
        id: { root: idRoot, extension: `${doc.externalId}-visit` },
        code: visit.visitType,
        low: hl7Instant(visit.at, NEW_YORK),
        high: hl7Instant(new Date(visit.at.getTime() + 30 * 60_000), NEW_YORK),
        provider: visit.provider,
        location: visit.location,
      },
      sections: doc.sections({ idRoot, record: plan.record, asOf }),
    });
    return {
      patientMrn: mrn,
      externalSystemKey: doc.system,
      externalId: doc.externalId,
      kind: doc.kind,
      title: doc.title,
      effectiveAt,
      xml,
    };
  });
}

/**
 * Every demo C-CDA document, oldest first within each patient and system: jane.doe's from the cancer center's
 * oncology system (an H&P, a CCD after chemotherapy, two progress notes) and the regional hospital's EHR (an
 * admission H&P, a primary care progress note, a current CCD), john.smith's from the oncology system (two progress
 * notes and a CCD). `patients` are the demo patients as demo.ts seeds them; pass the stored ones to match them.
 */
export function demoCcdaDocuments(
  now = new Date(),
  patients: { jane: CcdaPatient; john: CcdaPatient } = demoCcdaPatients(now),
): DemoCcdaDocument[] {
  return [...render(now, janePlan(now, patients.jane)), ...render(now, johnPlan(now, patients.john))].sort(
    (a, b) =>
      a.patientMrn.localeCompare(b.patientMrn) ||
      a.externalSystemKey.localeCompare(b.externalSystemKey) ||
      a.effectiveAt.getTime() - b.effectiveAt.getTime(),
  );
}
