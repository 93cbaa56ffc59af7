import { parseHl7Time, type Hl7Time } from './hl7-time';
import { allChildren, attr, childElements, cleanText, firstChild, type XmlElement } from './parse';

// The CDA header as the portal stores and shows it. Every part is optional in practice (a sender's nullFlavor,
// a document type without an encounter), so each reader returns null or an empty list instead of failing.

export interface CcdaIdentifier {
  root: string | null;
  extension: string | null;
}

export interface CcdaCode {
  code: string | null;
  codeSystem: string | null;
  codeSystemName: string | null;
  displayName: string | null;
}

export interface CcdaPersonName {
  /** The name's use ('L' legal, 'SRCH', 'P' pseudonym...), null when not given. */
  use: string | null;
  prefixes: string[];
  given: string[];
  family: string[];
  suffixes: string[];
  /** The name as a reader sees it ('Patricia Primary M.D.'). */
  display: string;
}

/** An interval of time (IVL_TS); a single value is both its ends. */
export interface CcdaPeriod {
  low: Hl7Time | null;
  high: Hl7Time | null;
}

/** A postal address (AD) as written: its lines and parts, and the whole on one line. */
export interface CcdaAddress {
  /** 'HP' primary home, 'WP' work place...; null when not given. */
  use: string | null;
  /** '2222 Home Street, Beaverton, OR 97867, US'. */
  display: string;
}

export interface CcdaPatient {
  /** The legal name (or the first) as a reader sees it. */
  name: string | null;
  names: CcdaPersonName[];
  birthTime: Hl7Time | null;
  /** administrativeGenderCode: 'F', 'M', 'UN' with the sender's displayName when given. */
  gender: CcdaCode | null;
  ids: CcdaIdentifier[];
  /** patientRole/addr: where the patient lives (or is reached), in the order written. */
  addresses: CcdaAddress[];
}

/** A clinician who took part in the care the document covers (documentationOf/serviceEvent/performer). */
export interface CcdaPerformer {
  /** PRF performer, PPRF primary performer, SPRF secondary performer. */
  typeCode: string | null;
  name: string | null;
  /** The performer's function in the care ('primary care physician'), as the sender names it. */
  role: string | null;
  organization: string | null;
}

/** Who signed the document as its legal authenticator, and when. */
export interface CcdaAuthenticator {
  name: string | null;
  time: Hl7Time | null;
  organization: string | null;
}

/**
 * Someone else the document names (header participant): a next of kin, an emergency contact, a caregiver, a
 * call-back contact. `classCode` is the associatedEntity's (NOK, ECON, CAREGIVER...), `typeCode` the
 * participation's (IND, CALLBCK...).
 */
export interface CcdaParticipant {
  typeCode: string | null;
  classCode: string | null;
  /** The person's name, else the organisation's. */
  name: string | null;
  /** The relationship or function the sender names ('mother', 'Primary caregiver'). */
  relationship: string | null;
}

export interface CcdaAuthor {
  /** A person, or a system (assignedAuthoringDevice) that wrote the document or part of it. */
  kind: 'person' | 'device';
  /** The person's name, or the device's model and software names. */
  name: string | null;
  time: Hl7Time | null;
  organization: string | null;
}

export interface CcdaEncounter {
  id: CcdaIdentifier | null;
  period: CcdaPeriod | null;
  code: CcdaCode | null;
  /** The encounter code's displayName (or original text). */
  visitType: string | null;
  /** The responsible party, else the attending (or first) encounter participant. */
  provider: string | null;
  location: string | null;
}

export interface CcdaHeader {
  id: CcdaIdentifier | null;
  setId: CcdaIdentifier | null;
  versionNumber: number | null;
  title: string | null;
  /** The document type, a LOINC code ('34133-9', 'Summary of episode note'). */
  code: CcdaCode | null;
  effectiveTime: Hl7Time | null;
  confidentiality: CcdaCode | null;
  languageCode: string | null;
  patient: CcdaPatient | null;
  authors: CcdaAuthor[];
  custodian: string | null;
  /** documentationOf/serviceEvent/effectiveTime: the period of care the document covers. */
  servicePeriod: CcdaPeriod | null;
  /** componentOf/encompassingEncounter: the visit the document is about. */
  encounter: CcdaEncounter | null;
  /** documentationOf/serviceEvent/performer of every service event, in document order. */
  performers: CcdaPerformer[];
  legalAuthenticator: CcdaAuthenticator | null;
  /** The header's participants that name someone (a participant with neither name is left out). */
  participants: CcdaParticipant[];
}

export function readCcdaHeader(document: XmlElement): CcdaHeader {
  return {
    id: readIdentifier(firstChild(document, 'id')),
    setId: readIdentifier(firstChild(document, 'setId')),
    versionNumber: readInteger(attr(firstChild(document, 'versionNumber'), 'value')),
    title: cleanText(firstChild(document, 'title')),
    code: readCode(firstChild(document, 'code')),
    effectiveTime: readTime(firstChild(document, 'effectiveTime')),
    confidentiality: readCode(firstChild(document, 'confidentialityCode')),
    languageCode: attr(firstChild(document, 'languageCode'), 'code'),
    patient: readPatient(firstChild(document, 'recordTarget', 'patientRole')),
    authors: childElements(document, 'author').map(readAuthor),
    custodian: cleanText(
      firstChild(document, 'custodian', 'assignedCustodian', 'representedCustodianOrganization', 'name'),
    ),
    servicePeriod: firstPeriod(allChildren(document, 'documentationOf', 'serviceEvent', 'effectiveTime')),
    encounter: readEncounter(firstChild(document, 'componentOf', 'encompassingEncounter')),
    performers: allChildren(document, 'documentationOf', 'serviceEvent', 'performer').map(readPerformer),
    legalAuthenticator: readAuthenticator(firstChild(document, 'legalAuthenticator')),
    participants: childElements(document, 'participant')
      .map(readParticipant)
      .filter((participant) => participant.name !== null),
  };
}

/** An address on one line: street lines, then city, state and postal code, then country; null when empty. */
export function readAddress(element: XmlElement): CcdaAddress | null {
  const part = (name: string) =>
    childElements(element, name)
      .map(cleanText)
      .filter((text): text is string => text !== null);
  const place = [part('city').join(' '), [...part('state'), ...part('postalCode')].join(' ')].filter(Boolean);
  const pieces = [...part('streetAddressLine'), ...place, ...part('country')];
  // An address may also be plain text with no parts.
  const display = pieces.length ? pieces.join(', ') : cleanText(element);
  return display ? { use: attr(element, 'use'), display } : null;
}

export function readIdentifier(element: XmlElement | null): CcdaIdentifier | null {
  const root = attr(element, 'root');
  const extension = attr(element, 'extension');
  return root || extension ? { root, extension } : null;
}

export function readCode(element: XmlElement | null): CcdaCode | null {
  if (!element) return null;
  const code = attr(element, 'code');
  const displayName = attr(element, 'displayName') ?? cleanText(firstChild(element, 'originalText'));
  if (!code && !displayName) return null;
  return {
    code,
    codeSystem: attr(element, 'codeSystem'),
    codeSystemName: attr(element, 'codeSystemName'),
    displayName,
  };
}

export function readTime(element: XmlElement | null): Hl7Time | null {
  return parseHl7Time(attr(element, 'value'));
}

/** An IVL_TS: low and high, or a single value as both ends; null when it has neither. */
export function readPeriod(element: XmlElement | null): CcdaPeriod | null {
  if (!element) return null;
  const value = readTime(element);
  const low = readTime(firstChild(element, 'low')) ?? value;
  const high = readTime(firstChild(element, 'high')) ?? (firstChild(element, 'low') ? null : value);
  return low || high ? { low, high } : null;
}

function firstPeriod(elements: XmlElement[]): CcdaPeriod | null {
  for (const element of elements) {
    const period = readPeriod(element);
    if (period) return period;
  }
  return null;
}

export function readPersonName(element: XmlElement): CcdaPersonName {
  const parts = (name: string) =>
    childElements(element, name)
      .map((part) => ({ text: cleanText(part), qualifier: attr(part, 'qualifier') }))
      .filter((part): part is { text: string; qualifier: string | null } => part.text !== null);
  const prefixes = parts('prefix');
  const given = parts('given');
  const family = parts('family');
  const suffixes = parts('suffix');
  // A call-me name ('Patty' beside 'Patricia') is a nickname, not part of the name shown.
  const shownGiven = given.some((g) => g.qualifier !== 'CL') ? given.filter((g) => g.qualifier !== 'CL') : given;
  const structured = [...prefixes, ...shownGiven, ...family, ...suffixes].map((p) => p.text).join(' ');
  // A name may also be plain text with no parts ('<name>Good Health Clinic</name>').
  const display = structured || (cleanText(element) ?? '');
  return {
    use: attr(element, 'use'),
    prefixes: prefixes.map((p) => p.text),
    given: given.map((p) => p.text),
    family: family.map((p) => p.text),
    suffixes: suffixes.map((p) => p.text),
    display,
  };
}

/** The name to show among several: the legal one ('L'), else the first that has any text. */
function preferredName(names: CcdaPersonName[]): string | null {
  const shown = names.filter((n) => n.display !== '');
  return (shown.find((n) => n.use?.split(/\s+/).includes('L')) ?? shown[0])?.display ?? null;
}

function personName(person: XmlElement | null): string | null {
  return preferredName(childElements(person, 'name').map(readPersonName));
}

function readPatient(patientRole: XmlElement | null): CcdaPatient | null {
  if (!patientRole) return null;
  const patient = firstChild(patientRole, 'patient');
  const names = childElements(patient, 'name').map(readPersonName);
  return {
    name: preferredName(names),
    names,
    birthTime: readTime(firstChild(patient, 'birthTime')),
    gender: readCode(firstChild(patient, 'administrativeGenderCode')),
    ids: childElements(patientRole, 'id')
      .map(readIdentifier)
      .filter((id): id is CcdaIdentifier => id !== null),
    addresses: childElements(patientRole, 'addr')
      .map(readAddress)
      .filter((address): address is CcdaAddress => address !== null),
  };
}

function readPerformer(performer: XmlElement): CcdaPerformer {
  const entity = firstChild(performer, 'assignedEntity');
  return {
    typeCode: attr(performer, 'typeCode'),
    name: personName(firstChild(entity, 'assignedPerson')),
    role:
      readCode(firstChild(performer, 'functionCode'))?.displayName ??
      readCode(firstChild(entity, 'code'))?.displayName ??
      null,
    organization: cleanText(firstChild(entity, 'representedOrganization', 'name')),
  };
}

function readAuthenticator(authenticator: XmlElement | null): CcdaAuthenticator | null {
  if (!authenticator) return null;
  const entity = firstChild(authenticator, 'assignedEntity');
  const result = {
    name: personName(firstChild(entity, 'assignedPerson')),
    time: readTime(firstChild(authenticator, 'time')),
    organization: cleanText(firstChild(entity, 'representedOrganization', 'name')),
  };
  return result.name || result.organization ? result : null;
}

function readParticipant(participant: XmlElement): CcdaParticipant {
  const entity = firstChild(participant, 'associatedEntity');
  return {
    typeCode: attr(participant, 'typeCode'),
    classCode: attr(entity, 'classCode'),
    name:
      personName(firstChild(entity, 'associatedPerson')) ??
      cleanText(firstChild(entity, 'scopingOrganization', 'name')),
    relationship:
      readCode(firstChild(entity, 'code'))?.displayName ??
      readCode(firstChild(participant, 'functionCode'))?.displayName ??
      null,
  };
}

function readAuthor(author: XmlElement): CcdaAuthor {
  const assigned = firstChild(author, 'assignedAuthor');
  const device = firstChild(assigned, 'assignedAuthoringDevice');
  const deviceName =
    [cleanText(firstChild(device, 'manufacturerModelName')), cleanText(firstChild(device, 'softwareName'))]
      .filter(Boolean)
      .join(', ') || null;
  return {
    kind: device && !firstChild(assigned, 'assignedPerson') ? 'device' : 'person',
    name:
      device && !firstChild(assigned, 'assignedPerson')
        ? deviceName
        : personName(firstChild(assigned, 'assignedPerson')),
    time: readTime(firstChild(author, 'time')),
    organization: cleanText(firstChild(assigned, 'representedOrganization', 'name')),
  };
}

function readEncounter(encounter: XmlElement | null): CcdaEncounter | null {
  if (!encounter) return null;
  const code = readCode(firstChild(encounter, 'code'));
  const participants = childElements(encounter, 'encounterParticipant');
  const attending = participants.find((p) => attr(p, 'typeCode') === 'ATND') ?? participants[0] ?? null;
  const facility = firstChild(encounter, 'location', 'healthCareFacility');
  return {
    id: readIdentifier(firstChild(encounter, 'id')),
    period: readPeriod(firstChild(encounter, 'effectiveTime')),
    code,
    visitType: code?.displayName ?? null,
    provider:
      personName(firstChild(encounter, 'responsibleParty', 'assignedEntity', 'assignedPerson')) ??
      personName(firstChild(attending, 'assignedEntity', 'assignedPerson')),
    location:
      cleanText(firstChild(facility, 'location', 'name')) ??
      cleanText(firstChild(facility, 'serviceProviderOrganization', 'name')),
  };
}

function readInteger(value: string | null): number | null {
  return value !== null && /^\d{1,9}$/.test(value.trim()) ? Number(value) : null;
}
