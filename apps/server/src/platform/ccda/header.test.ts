import { describe, expect, it } from 'vitest';
import { listCcdaFixtures, readCcdaFixture } from '../../../test/ccda-fixtures';
import { readCcdaHeader } from './header';
import { parseCcdaXml } from './parse';

const header = (xml: string) => readCcdaHeader(parseCcdaXml(xml));
const fixtureHeader = (name: string) => header(readCcdaFixture(name));

interface Expected {
  id: { root: string | null; extension: string | null };
  title: string;
  code: string;
  codeName: string;
  effectiveTime: string;
  effectiveIso: string;
  effectiveDay: string;
  patient: string;
  birthDay: string;
  gender: string;
  patientIds: string[];
  authors: (string | null)[];
  custodian: string;
  servicePeriod: [string | null, string | null] | null;
  encounter: { period: [string | null, string | null]; visitType: string | null } | null;
}

const SAME_VISIT = 'Office or other outpatient visit for the evaluation and management of an established patient';

// What each file says, read from the XML itself (the header's id, title, code, effectiveTime, recordTarget,
// author, custodian, documentationOf and componentOf).
const EXPECTED: Record<string, Expected> = {
  'care-plan.xml': {
    id: { root: 'db734647-fc99-424c-a864-7e3cda82e703', extension: null },
    title: 'Good Health Hospital Care Plan',
    code: '52521-2',
    codeName: 'Overall Plan of Care/Advance Care Directives',
    effectiveTime: '201308201120-0800',
    effectiveIso: '2013-08-20T11:20-08:00',
    effectiveDay: '2013-08-20',
    patient: 'Eve Betterhalf',
    birthDay: '1975-05-01',
    gender: 'F',
    patientIds: ['444222222'],
    authors: ['Nurse Nightingale RN'],
    custodian: 'Good Health HIE',
    servicePeriod: ['2013-07-20', '2013-08-15'],
    encounter: { period: ['2013-06-15', null], visitType: 'Inpatient' },
  },
  'ccd.xml': {
    id: { root: '2.16.840.1.113883.19.5.99999.1', extension: 'TT988' },
    title: 'Patient Chart Summary',
    code: '34133-9',
    codeName: 'Summary of episode note',
    effectiveTime: '201308151030-0800',
    effectiveIso: '2013-08-15T10:30-08:00',
    effectiveDay: '2013-08-15',
    patient: 'Eve Betterhalf',
    birthDay: '1975-05-01',
    gender: 'F',
    patientIds: ['444222222'],
    authors: ['Patricia Primary M.D.'],
    custodian: 'Good Health HIE',
    servicePeriod: ['1975-05-01', '2013-08-15'],
    encounter: null,
  },
  'consultation-note.xml': {
    id: { root: '2.16.840.1.113883.19.5.99999.1', extension: 'TT988' },
    title: 'Community Health Consult Note',
    code: '11488-4',
    codeName: 'Consult note',
    effectiveTime: '201308010500-0800',
    effectiveIso: '2013-08-01T05:00-08:00',
    effectiveDay: '2013-08-01',
    patient: 'Eve Betterhalf',
    birthDay: '1975-05-01',
    gender: 'F',
    patientIds: ['444-22-2222'],
    authors: ['Patricia Primary M.D.'],
    custodian: 'Good Health HIE',
    servicePeriod: null,
    encounter: { period: ['2013-07-31', '2013-07-31'], visitType: SAME_VISIT },
  },
  'discharge-summary.xml': {
    id: { root: '2.16.840.1.113883.19.5.99999.1', extension: 'TT988' },
    title: 'Community Health and Hospitals: Discharge Summary',
    code: '18842-5',
    codeName: 'Discharge summary',
    effectiveTime: '201409171904-0500',
    effectiveIso: '2014-09-17T19:04-05:00',
    effectiveDay: '2014-09-17',
    patient: 'Isabella Jones',
    birthDay: '2005-05-01',
    gender: 'F',
    patientIds: ['998991', '111-00-2330'],
    // A person, then the system that made the document.
    authors: [
      'Henry Seven',
      'Generic EHR Clinical System 2.0.0.0.0.0, Generic EHR C-CDA Factory 2.0.0.0.0.0 - C-CDA Transform 2.0.0.0.0',
    ],
    custodian: 'Community Health and Hospitals',
    servicePeriod: ['2014-09-09', '2014-09-16'],
    encounter: { period: ['2014-09-09', '2014-09-16'], visitType: null },
  },
  'history-and-physical.xml': {
    id: { root: '2.16.840.1.113883.19.5.99999.1', extension: 'TT988' },
    title: 'Community Health and Hospitals: History & Physical',
    code: '34117-2',
    codeName: 'History and physical note',
    effectiveTime: '201209161905-0400',
    effectiveIso: '2012-09-16T19:05-04:00',
    effectiveDay: '2012-09-16',
    patient: 'Isabella Isa Jones',
    birthDay: '2005-05-01',
    gender: 'F',
    patientIds: ['998991', '111-00-2330'],
    authors: ['Henry Seven'],
    custodian: 'Community Health and Hospitals',
    servicePeriod: null,
    encounter: { period: ['2009-02-27', '2009-02-27'], visitType: SAME_VISIT },
  },
  'operative-note.xml': {
    id: { root: '2.16.840.1.113883.19.5.99999.1', extension: 'TT988' },
    title: 'Community Health and Hospitals: Operative Note',
    code: '11504-8',
    codeName: 'Surgical operation note',
    effectiveTime: '201209161910-0400',
    effectiveIso: '2012-09-16T19:10-04:00',
    effectiveDay: '2012-09-16',
    patient: 'Isabella Isa Jones',
    birthDay: '2005-05-01',
    gender: 'F',
    patientIds: ['998991', '111-00-2330'],
    authors: ['Henry Seven'],
    custodian: 'Community Health and Hospitals',
    servicePeriod: ['2012-09-09', '2012-09-16'],
    encounter: null,
  },
  'progress-note.xml': {
    id: { root: '2.16.840.1.113883.19', extension: '999022' },
    title: 'Progress Note',
    code: '11506-3',
    codeName: 'Progress note',
    effectiveTime: '20050329171504-0500',
    effectiveIso: '2005-03-29T17:15:04-05:00',
    effectiveDay: '2005-03-29',
    // 'Frankie' is the call-me name (qualifier CL): kept among the given names, not shown.
    patient: 'Mr. Adam Everyman',
    birthDay: '1954-11-25',
    gender: 'M',
    patientIds: ['12345', '111-00-1234'],
    authors: ['Henry Seven'],
    custodian: 'Good Health Clinic',
    servicePeriod: ['2010-06-01', '2010-09-15'],
    encounter: { period: ['2005-03-29', '2005-03-29'], visitType: SAME_VISIT },
  },
  'referral-note.xml': {
    id: { root: '6f1bd58b-c58f-40b7-b314-caf1294ed98b', extension: null },
    title: 'Referral Note',
    code: '57113-1',
    codeName: 'Referral Note',
    effectiveTime: '201309210500-0800',
    effectiveIso: '2013-09-21T05:00-08:00',
    effectiveDay: '2013-09-21',
    patient: 'Eve Betterhalf',
    birthDay: '1975-05-01',
    gender: 'F',
    patientIds: ['444222222'],
    authors: ['Patricia Primary M.D.'],
    custodian: 'Good Health HIE',
    servicePeriod: null,
    encounter: null,
  },
};

describe('the header of each HL7 example document', () => {
  it('has an expectation for every fixture file', () => {
    expect(listCcdaFixtures()).toEqual(Object.keys(EXPECTED).sort());
  });

  describe.each(Object.entries(EXPECTED))('%s', (file, expected) => {
    const h = fixtureHeader(file);

    it('has its id, title, type and date', () => {
      expect(h.id).toEqual(expected.id);
      expect(h.title).toBe(expected.title);
      expect(h.code).toMatchObject({
        code: expected.code,
        codeSystem: '2.16.840.1.113883.6.1',
        displayName: expected.codeName,
      });
      expect(h.effectiveTime).toMatchObject({
        value: expected.effectiveTime,
        iso: expected.effectiveIso,
        day: expected.effectiveDay,
      });
      expect(h.confidentiality).toMatchObject({ code: 'N', displayName: 'normal' });
    });

    it('has its patient', () => {
      expect(h.patient?.name).toBe(expected.patient);
      expect(h.patient?.birthTime?.day).toBe(expected.birthDay);
      expect(h.patient?.gender?.code).toBe(expected.gender);
      expect(h.patient?.ids.map((id) => id.extension)).toEqual(expected.patientIds);
    });

    it('has its authors and custodian', () => {
      expect(h.authors.map((a) => a.name)).toEqual(expected.authors);
      expect(h.custodian).toBe(expected.custodian);
    });

    it('has the period it covers and its encounter', () => {
      expect(h.servicePeriod && [h.servicePeriod.low?.day ?? null, h.servicePeriod.high?.day ?? null]).toEqual(
        expected.servicePeriod,
      );
      if (expected.encounter === null) {
        expect(h.encounter).toBeNull();
      } else {
        const period = h.encounter?.period;
        expect([period?.low?.day ?? null, period?.high?.day ?? null]).toEqual(expected.encounter.period);
        if (expected.encounter.visitType === null) expect(h.encounter?.visitType).toBeNull();
        else expect(h.encounter?.visitType).toMatch(new RegExp(`^${expected.encounter.visitType}`));
      }
    });
  });

  it('has the details beyond the names: the name parts, the author time and organisation, the version', () => {
    const ccd = fixtureHeader('ccd.xml');
    expect(ccd.patient?.names).toEqual([
      { use: 'L', prefixes: [], given: ['Eve'], family: ['Betterhalf'], suffixes: [], display: 'Eve Betterhalf' },
      { use: 'SRCH', prefixes: [], given: ['Eve'], family: ['Everywoman'], suffixes: [], display: 'Eve Everywoman' },
    ]);
    expect(ccd.authors[0]).toMatchObject({
      kind: 'person',
      organization: null,
      time: { iso: '2013-08-15T10:30-08:00' },
    });
    expect(ccd.setId).toEqual({ root: '2.16.840.1.113883.19.5.99999.19', extension: 'sTT988' });
    expect(ccd.versionNumber).toBe(1);
    expect(ccd.languageCode).toBe('en-US');
    expect(fixtureHeader('care-plan.xml')).toMatchObject({
      versionNumber: 2,
      authors: [{ organization: 'Good Health Hospital', time: { day: '2013-07-30' } }],
    });
    expect(fixtureHeader('discharge-summary.xml').authors[1]).toMatchObject({
      kind: 'device',
      organization: 'Community Health and Hospitals',
    });
  });
});

describe('who else the header names, and where the patient lives', () => {
  it('reads the care team (performers), who signed, the participants, the patient ids and address of the CCD', () => {
    const ccd = fixtureHeader('ccd.xml');
    expect(ccd.performers).toEqual([
      {
        typeCode: 'PRF',
        name: 'Patricia Primary M.D.',
        role: 'primary care physician',
        organization: 'The DoctorsTogether Physician Group',
      },
    ]);
    expect(ccd.legalAuthenticator).toMatchObject({
      name: 'Patricia Primary M.D.',
      time: { iso: '2013-08-15T22:36:15-08:00' },
    });
    expect(ccd.participants).toEqual([
      { typeCode: 'IND', classCode: 'NOK', name: 'Boris Betterhalf', relationship: null },
      { typeCode: 'IND', classCode: 'ECON', name: 'Boris Betterhalf', relationship: null },
    ]);
    expect(ccd.patient?.ids).toContainEqual({ root: '2.16.840.1.113883.4.1', extension: '444222222' });
    expect(ccd.patient?.addresses).toEqual([{ use: 'HP', display: '2222 Home Street, Beaverton, OR 97867, US' }]);
  });

  it('reads a performer’s role from its functionCode, else its code, and a participant’s relationship', () => {
    const progress = fixtureHeader('progress-note.xml');
    expect(progress.performers.map((p) => [p.typeCode, p.name, p.role])).toEqual([
      ['PRF', 'Dr. Pseudo Physician-1', 'primary care physician'],
      ['PRF', 'Dr. Pseudo Physician-3', 'Primary Care Provider'],
    ]);
    expect(progress.participants).toContainEqual({
      typeCode: 'IND',
      classCode: 'NOK',
      name: 'Mrs. Abigail Ruth',
      relationship: 'mother',
    });
    expect(fixtureHeader('care-plan.xml').legalAuthenticator).toMatchObject({
      name: 'Nurse Nightingale RN',
      organization: 'Good Health Hospital',
    });
  });

  it('reads an address written as parts or as plain text, and leaves out participants who name no one', () => {
    const h = header(
      `${OPEN}<recordTarget><patientRole><addr use="WP"><streetAddressLine>1 Main St</streetAddressLine>` +
        '<streetAddressLine>Suite 2</streetAddressLine><city>Albany</city><state>NY</state><postalCode>12207</postalCode>' +
        '</addr><addr>PO Box 9, Troy</addr><addr nullFlavor="UNK"/><patient/></patientRole></recordTarget>' +
        '<participant typeCode="IND"><associatedEntity classCode="CAREGIVER"><associatedPerson><name nullFlavor="UNK"/>' +
        '</associatedPerson></associatedEntity></participant>' +
        '<participant typeCode="CALLBCK"><associatedEntity classCode="ASSIGNED"><scopingOrganization><name>Clinic' +
        '</name></scopingOrganization></associatedEntity></participant>' +
        `<legalAuthenticator><time value="20240101"/><assignedEntity/></legalAuthenticator>${CLOSE}`,
    );
    expect(h.patient?.addresses).toEqual([
      { use: 'WP', display: '1 Main St, Suite 2, Albany, NY 12207' },
      { use: null, display: 'PO Box 9, Troy' },
    ]);
    expect(h.participants).toEqual([
      { typeCode: 'CALLBCK', classCode: 'ASSIGNED', name: 'Clinic', relationship: null },
    ]);
    // A signature that names no one is not shown as one.
    expect(h.legalAuthenticator).toBeNull();
  });
});

const OPEN = '<ClinicalDocument xmlns="urn:hl7-org:v3">';
const CLOSE = '</ClinicalDocument>';

describe('a header with parts missing', () => {
  it('reads as nulls and empty lists, never a failure', () => {
    expect(header(`${OPEN}${CLOSE}`)).toEqual({
      id: null,
      setId: null,
      versionNumber: null,
      title: null,
      code: null,
      effectiveTime: null,
      confidentiality: null,
      languageCode: null,
      patient: null,
      authors: [],
      custodian: null,
      servicePeriod: null,
      encounter: null,
      performers: [],
      legalAuthenticator: null,
      participants: [],
    });
  });

  it('reads nullFlavor values, empty names and bad dates as null', () => {
    const h = header(
      `${OPEN}<id nullFlavor="NI"/><effectiveTime value="2013-08-15"/><code nullFlavor="UNK"/>` +
        '<recordTarget><patientRole><patient><name nullFlavor="UNK"/><birthTime nullFlavor="UNK"/>' +
        '<administrativeGenderCode nullFlavor="UNK"/></patient></patientRole></recordTarget>' +
        '<author><time/><assignedAuthor><id nullFlavor="NA"/></assignedAuthor></author>' +
        `<documentationOf><serviceEvent><effectiveTime><low nullFlavor="UNK"/></effectiveTime></serviceEvent></documentationOf>${CLOSE}`,
    );
    expect(h).toMatchObject({ id: null, effectiveTime: null, code: null, servicePeriod: null });
    expect(h.patient).toEqual({
      name: null,
      names: [{ use: null, prefixes: [], given: [], family: [], suffixes: [], display: '' }],
      birthTime: null,
      gender: null,
      ids: [],
      addresses: [],
    });
    expect(h.authors).toEqual([{ kind: 'person', name: null, time: null, organization: null }]);
  });

  it('reads an encounter with its responsible party, else its attending participant, and its location', () => {
    const person = (given: string, family: string) =>
      `<assignedEntity><assignedPerson><name><given>${given}</given><family>${family}</family></name></assignedPerson></assignedEntity>`;
    const encounter = (inside: string) =>
      header(
        `${OPEN}<componentOf><encompassingEncounter><code code="AMB" displayName="Ambulatory"/>` +
          `<effectiveTime value="202403051230-0500"/>${inside}</encompassingEncounter></componentOf>${CLOSE}`,
      ).encounter;
    const location =
      '<location><healthCareFacility><location><name>Clinic 3</name></location></healthCareFacility></location>';
    expect(
      encounter(
        `<responsibleParty>${person('Rita', 'Lead')}</responsibleParty>` +
          `<encounterParticipant typeCode="ATND">${person('Alan', 'Tend')}</encounterParticipant>${location}`,
      ),
    ).toMatchObject({
      visitType: 'Ambulatory',
      provider: 'Rita Lead',
      location: 'Clinic 3',
      period: { low: { iso: '2024-03-05T12:30-05:00' }, high: { iso: '2024-03-05T12:30-05:00' } },
    });
    expect(
      encounter(
        `<encounterParticipant typeCode="CON">${person('Carl', 'Sult')}</encounterParticipant>` +
          `<encounterParticipant typeCode="ATND">${person('Alan', 'Tend')}</encounterParticipant>` +
          '<location><healthCareFacility><serviceProviderOrganization><name>North Hospital</name>' +
          '</serviceProviderOrganization></healthCareFacility></location>',
      ),
    ).toMatchObject({ provider: 'Alan Tend', location: 'North Hospital' });
    expect(encounter('')).toMatchObject({ provider: null, location: null });
  });

  it('shows a name written as plain text, and every given name when all are call-me names', () => {
    const patient = (name: string) =>
      header(`${OPEN}<recordTarget><patientRole><patient>${name}</patient></patientRole></recordTarget>${CLOSE}`)
        .patient?.name;
    expect(patient('<name>  Jane   Q. Public </name>')).toBe('Jane Q. Public');
    expect(patient('<name><given qualifier="CL">JJ</given><family>Doe</family></name>')).toBe('JJ Doe');
    expect(patient('<name use="P"><given>Pseudo</given></name><name use="L"><given>Legal</given></name>')).toBe(
      'Legal',
    );
  });
});
