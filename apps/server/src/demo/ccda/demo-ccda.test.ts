import { describe, expect, it } from 'vitest';
import { readCcdaDocument } from '../../platform/ccda/document';
import { attr, childElements, firstChild, parseCcdaXml, textContent, type XmlElement } from '../../platform/ccda/parse';
import { CCDA_LABELS_EN, renderCcdaHtml } from '../../platform/ccda/render-html';
import { localDate } from '../../platform/time/time';
import { JANE_RESULTS } from '../demo-lab-results';
import { janeItems } from '../demo-treatment-summary';
import { DEMO_CCDA_SYSTEMS, demoCcdaDocuments, demoCcdaPatients, type DemoCcdaDocument } from './demo-ccda';

// What the next session seeds and the health summary shows: every demo document is one the portal's own C-CDA reader
// takes, says whose and when it is, has the sections a CCD must have, and agrees with the rest of the demo record.

const NOW = new Date('2026-03-10T15:00:00Z');
const DAY_MS = 86_400_000;
const documents = demoCcdaDocuments(NOW);
const CCD_SECTIONS = [
  'Allergies and Intolerances',
  'Medications',
  'Problems',
  'Results',
  'Vital Signs',
  'Procedures',
  'Encounters',
  'Plan of Treatment',
  'Immunizations',
  'Social History',
];
const JANE = 'RCC-100234';
const JOHN = 'RCC-100871';

const of = (mrn: string, system?: string) =>
  documents.filter((d) => d.patientMrn === mrn && (system === undefined || d.externalSystemKey === system));
const latestCcd = (mrn: string) =>
  of(mrn)
    .filter((d) => d.kind === 'ccd')
    .at(-1)!;

function descendants(element: XmlElement): XmlElement[] {
  return element.children.flatMap((c) => (c.kind === 'element' ? [c, ...descendants(c)] : []));
}
/** The section element of a parsed document with this title. */
function sectionElement(xml: string, title: string): XmlElement {
  const found = descendants(parseCcdaXml(xml)).find(
    (e) => e.name === 'section' && textContent(firstChild(e, 'title')) === title,
  );
  if (!found) throw new Error(`No section ${title}`);
  return found;
}
const templateRoots = (element: XmlElement) =>
  descendants(element)
    .filter((e) => e.name === 'templateId')
    .map((e) => attr(e, 'root'));
/** The rows of a section's narrative table as text, cells joined with ' | '. */
const rows = (section: XmlElement) =>
  descendants(section)
    .filter((e) => e.name === 'tr' && firstChild(e, 'td'))
    .map((tr) =>
      childElements(tr, 'td')
        .map((td) => textContent(td).trim())
        .join(' | '),
    );

describe('the demo C-CDA documents', () => {
  it('are jane’s seven from two systems and john’s three from one, with distinct stable ids', () => {
    expect(of(JANE, 'RCC-ONCOLOGY').map((d) => d.kind)).toEqual([
      'historyAndPhysical',
      'ccd',
      'progressNote',
      'progressNote',
    ]);
    expect(of(JANE, 'RRH-EHR').map((d) => d.kind)).toEqual(['historyAndPhysical', 'progressNote', 'ccd']);
    expect(of(JOHN).map((d) => [d.externalSystemKey, d.kind])).toEqual([
      ['RCC-ONCOLOGY', 'progressNote'],
      ['RCC-ONCOLOGY', 'progressNote'],
      ['RCC-ONCOLOGY', 'ccd'],
    ]);
    expect(new Set(documents.map((d) => d.externalId)).size).toBe(documents.length);
    expect(demoCcdaDocuments(new Date('2026-07-01T12:00:00Z')).map((d) => d.externalId)).toEqual(
      documents.map((d) => d.externalId),
    );
    for (const d of documents)
      expect(DEMO_CCDA_SYSTEMS).toContainEqual(
        expect.objectContaining({ patientMrn: d.patientMrn, externalSystemKey: d.externalSystemKey }),
      );
  });

  it.each(documents.map((d) => [d.externalId, d] as [string, DemoCcdaDocument]))(
    '%s parses with the patient, MRN, type, date and author in its header',
    (_, d) => {
      const { header, bodyKind, sections } = readCcdaDocument(d.xml);
      const patient = d.patientMrn === JANE ? demoCcdaPatients(NOW).jane : demoCcdaPatients(NOW).john;
      expect(bodyKind).toBe('structured');
      expect(header.title).toBe(d.title);
      expect(header.code?.code).toBe(
        { ccd: '34133-9', progressNote: '11506-3', historyAndPhysical: '34117-2' }[d.kind],
      );
      expect(header.patient?.name).toBe(d.patientMrn === JANE ? 'Jane Doe' : 'John Smith');
      expect(header.patient?.ids).toContainEqual(expect.objectContaining({ extension: d.patientMrn }));
      expect(header.patient?.birthTime?.day).toBe(patient.birthDate);
      expect(header.patient?.gender?.code).toBe(d.patientMrn === JANE ? 'F' : 'M');
      expect(header.effectiveTime?.instant).toBe(d.effectiveAt.toISOString());
      expect(header.effectiveTime?.day).toBe(localDate(d.effectiveAt, 'America/New_York'));
      expect(header.authors[0]?.name).toMatch(/^Dr\. \w+ \w+ MD$/);
      expect(header.authors[0]?.organization).toMatch(/^Riverside (Cancer Center|Regional Hospital)$/);
      expect(header.custodian).toBe(
        d.externalSystemKey === 'RRH-EHR' ? 'Riverside Regional Hospital' : 'Riverside Cancer Center',
      );
      expect(header.servicePeriod?.low && header.servicePeriod.high).toBeTruthy();
      for (const section of sections) expect(section.blocks.length, section.title ?? '').toBeGreaterThan(0);
    },
  );

  it('visit documents name their visit: date, type, provider and location', () => {
    const visits = documents.filter((d) => d.kind !== 'ccd');
    expect(visits).toHaveLength(7);
    for (const d of visits) {
      const encounter = readCcdaDocument(d.xml).header.encounter;
      expect(encounter?.period?.low?.day, d.externalId).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(encounter?.code?.codeSystem).toBe('2.16.840.1.113883.6.12');
      expect(encounter?.visitType).toMatch(/^(Office visit|Initial hospital inpatient care)/);
      expect(encounter?.provider).toMatch(/^Dr\. /);
      expect(encounter?.location).toBeTruthy();
    }
    const followUp = readCcdaDocument(of(JANE, 'RCC-ONCOLOGY').at(-1)!.xml).header.encounter!;
    expect(followUp.provider).toBe('Dr. Priya Raman MD');
    expect(followUp.location).toBe('RCC Oncology Clinic B');
    expect(followUp.period?.low?.day).toBe('2026-02-24');
    expect(followUp.period?.low?.time).toBe('11:00:00');
    expect(
      documents.filter((d) => d.kind === 'ccd').every((d) => readCcdaDocument(d.xml).header.encounter === null),
    ).toBe(true);
  });

  it('CCDs have the ten sections with their narrative, and the view shows every section title', () => {
    for (const d of documents.filter((doc) => doc.kind === 'ccd')) {
      const document = readCcdaDocument(d.xml);
      expect(document.sections.map((s) => s.title)).toEqual(CCD_SECTIONS);
      for (const s of document.sections) {
        expect(s.hasText && s.hasEntries, `${d.externalId} ${s.title}`).toBe(true);
        expect(s.blocks.length).toBeGreaterThan(0);
      }
    }
    for (const d of documents) {
      const document = readCcdaDocument(d.xml);
      const html = renderCcdaHtml(document, { labels: CCDA_LABELS_EN });
      for (const s of document.sections) expect(html, d.externalId).toContain(`<h3>${s.title}</h3>`);
      expect(html).not.toContain('ccda-no-narrative');
    }
  });

  it('jane’s current CCD has the medications her record gives her today', () => {
    const medications = rows(sectionElement(latestCcd(JANE).xml, 'Medications'));
    const active = medications.filter((r) => r.includes('| Active |')).map((r) => r.split(' | ')[0]);
    expect(active.sort()).toEqual(['Calcium carbonate', 'Letrozole', 'Lisinopril', 'Vitamin D3 (cholecalciferol)']);
    expect(medications.find((r) => r.startsWith('Letrozole'))).toMatch(
      /^Letrozole \| 2\.5 mg \| By mouth \| Once daily \| Jan 11, 2026 \|/,
    );
    const completed = medications.filter((r) => r.includes('| Completed |')).map((r) => r.split(' | ')[0]);
    expect(completed.sort()).toEqual(['Cyclophosphamide', 'Doxorubicin', 'Paclitaxel', 'Tamoxifen']);
    // The same in the coded entries: letrozole (RxNorm 72965) active since the treatment summary's start date.
    const letrozoleStart = janeItems(NOW).find((i) => (i.fields as { agentName?: string }).agentName === 'LETROZOLE')!
      .fields as { startDate: string };
    const entry = descendants(sectionElement(latestCcd(JANE).xml, 'Medications')).find(
      (e) => e.name === 'substanceAdministration' && descendants(e).some((c) => attr(c, 'code') === '72965'),
    )!;
    expect(attr(firstChild(entry, 'statusCode'), 'code')).toBe('active');
    expect(attr(firstChild(entry, 'effectiveTime', 'low'), 'value')).toBe(letrozoleStart.startDate.replace(/-/g, ''));
    expect(attr(firstChild(entry, 'doseQuantity'), 'value')).toBe('2.5');
    // The CCD written after chemotherapy had no endocrine therapy yet.
    const before = rows(sectionElement(of(JANE, 'RCC-ONCOLOGY')[1]!.xml, 'Medications')).map((r) => r.split(' | ')[0]);
    expect(before).not.toContain('Letrozole');
    expect(before).toContain('Paclitaxel');
  });

  it('problems, allergies and results agree with the treatment summary and lab results', () => {
    const xml = latestCcd(JANE).xml;
    const problems = rows(sectionElement(xml, 'Problems'));
    expect(problems[0]).toMatch(/^Malignant neoplasm of upper-outer quadrant of left female breast \| C50\.412/);
    expect(problems.map((r) => r.split(' | ')[0])).toEqual(
      expect.arrayContaining(['Essential hypertension', 'Osteopenia']),
    );
    const allergies = rows(sectionElement(xml, 'Allergies and Intolerances'));
    expect(allergies.map((r) => r.split(' | ').slice(0, 3).join(' | '))).toEqual([
      'Penicillin | Allergy to drug | Hives',
      'Latex | Latex allergy | Skin rash',
    ]);
    // Every published result of the last year, the unpublished magnesium left out.
    const results = sectionElement(xml, 'Results');
    const organizers = descendants(results).filter((e) => e.name === 'organizer');
    const published = JANE_RESULTS.filter((r) => r.published !== false && r.daysAgo >= 10);
    expect(organizers).toHaveLength(published.reduce((n, r) => n + r.groups.length, 0));
    expect(rows(results)).toContain('CA 15-3 | 18.4 | U/mL | 0.0 - 25.0 | ');
    expect(rows(results)).toContain('Absolute Neutrophil Count | 0.4 | x10^3/uL | 1.4 - 7.0 | LL');
    expect(rows(results).some((r) => r.startsWith('Magnesium'))).toBe(false);
    const anc = descendants(results).find(
      (e) => e.name === 'observation' && descendants(e).some((c) => attr(c, 'code') === '751-8' && c.name === 'code'),
    )!;
    expect(attr(firstChild(anc, 'value'), 'unit')).toBe('10*3/uL');
    expect(attr(firstChild(anc, 'interpretationCode'), 'code')).toBeTruthy();
    // John has no known allergies: said in the narrative and as a negated observation.
    const johnAllergies = sectionElement(latestCcd(JOHN).xml, 'Allergies and Intolerances');
    expect(textContent(firstChild(johnAllergies, 'text'))).toBe('No known drug allergies.');
    expect(descendants(johnAllergies).some((e) => e.name === 'observation' && attr(e, 'negationInd') === 'true')).toBe(
      true,
    );
  });

  it('the main sections carry coded entries with their templates and code systems', () => {
    const xml = latestCcd(JANE).xml;
    const expectEntries = (title: string, template: string, codeSystem: string) => {
      const section = sectionElement(xml, title);
      expect(templateRoots(section), title).toContain(template);
      expect(
        descendants(section).some((e) => attr(e, 'codeSystem') === codeSystem),
        title,
      ).toBe(true);
    };
    expectEntries('Medications', '2.16.840.1.113883.10.20.22.4.16', '2.16.840.1.113883.6.88');
    expectEntries('Problems', '2.16.840.1.113883.10.20.22.4.4', '2.16.840.1.113883.6.96');
    expectEntries('Allergies and Intolerances', '2.16.840.1.113883.10.20.22.4.7', '2.16.840.1.113883.6.88');
    expectEntries('Results', '2.16.840.1.113883.10.20.22.4.2', '2.16.840.1.113883.6.1');
    expectEntries('Vital Signs', '2.16.840.1.113883.10.20.22.4.27', '2.16.840.1.113883.6.1');
    expectEntries('Procedures', '2.16.840.1.113883.10.20.22.4.14', '2.16.840.1.113883.6.96');
    expectEntries('Encounters', '2.16.840.1.113883.10.20.22.4.49', '2.16.840.1.113883.6.12');
    expectEntries('Immunizations', '2.16.840.1.113883.10.20.22.4.52', '2.16.840.1.113883.12.292');
    expectEntries('Social History', '2.16.840.1.113883.10.20.22.4.78', '2.16.840.1.113883.6.96');
    // Each entry's narrative reference points at a row that exists.
    const ids = new Set(
      descendants(parseCcdaXml(xml))
        .map((e) => attr(e, 'ID'))
        .filter(Boolean),
    );
    for (const reference of descendants(parseCcdaXml(xml)).filter((e) => e.name === 'reference'))
      expect(ids.has(attr(reference, 'value')!.slice(1)), attr(reference, 'value')!).toBe(true);
  });

  it('every document, period and visit is within the last year of now', () => {
    const yearAgo = NOW.getTime() - 365 * DAY_MS;
    for (const d of documents) {
      const { header } = readCcdaDocument(d.xml);
      const times = [
        header.effectiveTime,
        header.servicePeriod?.low,
        header.servicePeriod?.high,
        header.encounter?.period?.low,
      ];
      for (const time of times.filter((t) => t)) {
        const at = Date.parse(time!.instant ?? `${time!.day}T12:00:00Z`);
        expect(at, `${d.externalId} ${time!.value}`).toBeGreaterThan(yearAgo);
        expect(at).toBeLessThanOrEqual(NOW.getTime());
      }
    }
  });
});
