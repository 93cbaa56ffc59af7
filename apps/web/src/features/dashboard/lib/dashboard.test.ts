import { describe, expect, it, vi } from 'vitest';
import type { CareTeamMember, PersonalContact } from '@portal/contracts';
import {
  addressLines,
  authorizationState,
  canMessage,
  careProviderName,
  careProviderTitle,
  contactLines,
  contactName,
  CONTACT_LINE_LIMITS,
  phoneWithExtension,
  sortCareTeam,
  sortContacts,
  splitLines,
} from './cards';
import { canRequestHealthSummary } from '../../../shared/health-information';

// The rules are pure; the module's hook needs the browser's API client, which node has not.
vi.mock('../../../lib/api-instance', () => ({ api: {}, messageBar: {} }));
import { dashboardSections } from './sections';
import {
  cutStatus,
  daysAheadLabel,
  differingAbbreviation,
  formatTime,
  viewMorePath,
  type UpcomingItem,
} from './upcoming';

// The English texts of the keys under test (the packs live with the server).
const ENGLISH: Record<string, string> = {
  'dashboard.today': '(today)',
  'dashboard.tomorrow': '(tomorrow)',
  'dashboard.inDays': '(in {days} days)',
  'dashboard.phoneExtension': '{phone} ext. {extension}',
};
const translator =
  (strings: Record<string, string>) =>
  (key: string, params: Record<string, string | number> = {}) =>
    (strings[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
const t = translator(ENGLISH);

const NEW_YORK = 'America/New_York';

const upcoming = (overrides: Partial<UpcomingItem>): UpcomingItem => ({
  id: 1,
  upcomingAppointmentType: 'ExternalAppointment',
  rawDate: '2026-03-10T15:30:00.000Z',
  timeZoneId: null,
  date: '2026-03-10',
  hasTimePart: true,
  timeZoneAbbreviation: 'EDT',
  externalAppointmentType: 'Consultation',
  shortLocation: 'Cancer Center, Suite 200',
  status: 'Scheduled',
  followUpLabel: null,
  followUpLabelParts: null,
  linkedToOtherTypeCount: 0,
  ...overrides,
});

describe('upcoming appointments', () => {
  it('say (today), (tomorrow) and (in N days) up to 7 days ahead in the facility zone', () => {
    // 02:00 UTC on the 10th is still the 9th in New York.
    const now = new Date('2026-03-10T02:00:00Z');
    expect(daysAheadLabel('2026-03-09', NEW_YORK, now, t)).toBe('(today)');
    expect(daysAheadLabel('2026-03-10', NEW_YORK, now, t)).toBe('(tomorrow)');
    expect(daysAheadLabel('2026-03-11', NEW_YORK, now, t)).toBe('(in 2 days)');
    expect(daysAheadLabel('2026-03-16', NEW_YORK, now, t)).toBe('(in 7 days)');
    expect(daysAheadLabel('2026-03-17', NEW_YORK, now, t)).toBeNull();
    expect(daysAheadLabel('2026-03-08', NEW_YORK, now, t)).toBeNull();
  });

  it('cut a status longer than 30 characters with ...', () => {
    expect(cutStatus('Awaiting insurance pre-authorization')).toBe('Awaiting insurance pre-authori...');
    expect(cutStatus('x'.repeat(30))).toBe('x'.repeat(30));
    expect(cutStatus('Scheduled')).toBe('Scheduled');
  });

  it('send View More to the follow-up plan for a follow-up or a linked item, else to appointments', () => {
    expect(viewMorePath({ upcomingAppointmentType: 'FollowUpAppointment', linkedToOtherTypeCount: 0 })).toBe(
      '/followup-plan',
    );
    expect(viewMorePath({ upcomingAppointmentType: 'ExternalAppointment', linkedToOtherTypeCount: 1 })).toBe(
      '/followup-plan',
    );
    expect(viewMorePath({ upcomingAppointmentType: 'ExternalAppointment', linkedToOtherTypeCount: 0 })).toBe(
      '/appointments',
    );
  });

  it("show the zone abbreviation only when it differs from the facility's at that moment", () => {
    // Summer in New York: EDT is the facility's own abbreviation then, although winter reads EST.
    expect(
      differingAbbreviation(upcoming({ rawDate: '2026-07-01T15:00:00Z', timeZoneAbbreviation: 'EDT' }), NEW_YORK),
    ).toBeNull();
    expect(
      differingAbbreviation(upcoming({ rawDate: '2026-01-10T15:00:00Z', timeZoneAbbreviation: 'EST' }), NEW_YORK),
    ).toBeNull();
    expect(
      differingAbbreviation(upcoming({ rawDate: '2026-01-10T15:00:00Z', timeZoneAbbreviation: 'CST' }), NEW_YORK),
    ).toBe('CST');
    expect(differingAbbreviation(upcoming({ hasTimePart: false, timeZoneAbbreviation: 'CST' }), NEW_YORK)).toBeNull();
  });

  it('tell the time in the zone the appointment is held in', () => {
    const item = upcoming({ rawDate: '2026-01-10T15:00:00.000Z' });
    expect(formatTime(item, NEW_YORK)).toBe('10:00 AM');
    expect(formatTime({ ...item, timeZoneId: 'America/Chicago' }, NEW_YORK)).toBe('9:00 AM');
    expect(formatTime({ ...item, rawDate: '2026-01-10T09:00:00-06:00' }, NEW_YORK)).toBe('9:00 AM');
  });
});

const member = (overrides: Partial<CareTeamMember>): CareTeamMember => ({
  careTeamId: 1,
  patientId: 1,
  careProviderId: 11,
  firstName: 'Priya',
  lastName: 'Raman',
  suffix: 'MD',
  publicEmail: null,
  address1: '100 River Street',
  address2: null,
  address3: null,
  city: 'Albany',
  state: 'NY',
  country: 'United States',
  zipCode: '12207',
  publicPhone: '5185550100',
  publicPhoneExt: null,
  fax: null,
  institution: 'Riverside Cancer Center',
  careProviderTitleValue: null,
  careProviderTitle: 'Medical Oncologist',
  photoFilename: null,
  photoThumbnailFilename: null,
  preferredSecureMessageIfSystemId: null,
  secureMessageRecipientForPatient: false,
  ...overrides,
});

const contact = (overrides: Partial<PersonalContact>): PersonalContact => ({
  contactId: 1,
  patientId: 1,
  contactFirstName: 'Robert',
  contactLastName: 'Doe',
  suffix: null,
  relationshipId: 1,
  relationship: 'Spouse',
  isPrimaryContact: false,
  isNextOfKin: false,
  providesTransport: false,
  usePatientAddress: false,
  address1: null,
  address2: null,
  city: null,
  state: null,
  country: null,
  zipCode: null,
  homePhone: null,
  mobilePhone: null,
  workPhone: null,
  isOkToLeaveMsgHome: false,
  isOkToLeaveMsgMobile: false,
  isOkToLeaveMsgWork: false,
  contactEmail: null,
  preferredCommunicationId: null,
  communicationLanguageId: 1,
  isActive: true,
  isAuthorizedRepresentativeActive: false,
  authorizedRepresentativeUserId: null,
  invitationId: null,
  isInvitationLocked: false,
  isInvitationExpired: false,
  userInfo: null,
  ...overrides,
});

describe('care team cards', () => {
  it('sort by last then first name', () => {
    const sorted = sortCareTeam([
      member({ firstName: 'Sam', lastName: 'Osei' }),
      member({ firstName: 'Ana', lastName: 'osei' }),
      member({ firstName: 'Priya', lastName: 'Raman' }),
      member({ firstName: 'Li', lastName: 'Chen' }),
    ]);
    expect(sorted.map((m) => `${m.firstName} ${m.lastName}`)).toEqual([
      'Li Chen',
      'Ana osei',
      'Sam Osei',
      'Priya Raman',
    ]);
  });

  it('offer a secure message only with a preferred system, as a recipient, with the module', () => {
    const both = { preferredSecureMessageIfSystemId: 3, secureMessageRecipientForPatient: true };
    expect(canMessage(both, true)).toBe(true);
    expect(canMessage(both, false)).toBe(false);
    expect(canMessage({ ...both, secureMessageRecipientForPatient: false }, true)).toBe(false);
    expect(canMessage({ ...both, preferredSecureMessageIfSystemId: null }, true)).toBe(false);
  });

  it('write the name with its suffix, the address and the phone with its extension', () => {
    expect(careProviderName(member({}))).toBe('Priya Raman, MD');
    expect(careProviderName(member({ suffix: null }))).toBe('Priya Raman');
    expect(addressLines(member({}), t)).toEqual([
      'Riverside Cancer Center',
      '100 River Street',
      'Albany, NY 12207',
      'United States',
    ]);
    expect(phoneWithExtension('5185550100', '204', t)).toBe('(518) 555-0100 ext. 204');
    expect(phoneWithExtension('5185550100', null, t)).toBe('(518) 555-0100');
  });

  it('name the state and country by the codes the server recognised, in the reader’s language', () => {
    const spanish = translator({
      'lookups.country.US': 'Estados Unidos',
      'lookups.state.US.NY': 'Nueva York',
    });
    const codes = { careProviderTitle: 'MedicalOncologist', state: 'US.NY', country: 'US' };
    // A postal abbreviation stays one; a state written out is named in the language.
    expect(addressLines(member({ codes }), spanish).slice(-2)).toEqual(['Albany, NY 12207', 'Estados Unidos']);
    expect(addressLines(member({ codes, state: 'New York' }), spanish).slice(-2)).toEqual([
      'Albany, Nueva York 12207',
      'Estados Unidos',
    ]);
    // No code (or one the pack lacks): as the facility sent it.
    expect(addressLines(member({ country: 'Freedonia' }), spanish).at(-1)).toBe('Freedonia');
    expect(addressLines(member({ codes: { ...codes, country: 'ZZ' } }), spanish).at(-1)).toBe('United States');
  });

  it('name the title by its code in the reader’s language, else as the facility wrote it', () => {
    const spanish = translator({ 'lookups.careProviderTitle.MedicalOncologist': 'Oncólogo/a médico/a' });
    const codes = { careProviderTitle: 'MedicalOncologist', state: null, country: null };
    expect(careProviderTitle(member({ codes }), spanish)).toBe('Oncólogo/a médico/a');
    expect(careProviderTitle(member({ careProviderTitle: 'Tumor Board Chair' }), spanish)).toBe('Tumor Board Chair');
    expect(careProviderTitle(member({ careProviderTitle: null, careProviderTitleValue: 'Chair' }), spanish)).toBe(
      'Chair',
    );
    expect(careProviderTitle(member({ careProviderTitle: null }), spanish)).toBeNull();
  });
});

describe('personal contact cards', () => {
  it('sort by first then last name', () => {
    const sorted = sortContacts([
      contact({ contactFirstName: 'Robert', contactLastName: 'Doe' }),
      contact({ contactFirstName: 'Linda', contactLastName: 'Doe' }),
      contact({ contactFirstName: 'Emily', contactLastName: 'Zhu' }),
      contact({ contactFirstName: 'Emily', contactLastName: 'Doe' }),
    ]);
    expect(sorted.map(contactName)).toEqual(['Emily Doe', 'Emily Zhu', 'Linda Doe', 'Robert Doe']);
  });

  it('tell the record access by the spec rule', () => {
    expect(
      authorizationState(contact({ authorizedRepresentativeUserId: 5, isAuthorizedRepresentativeActive: true })),
    ).toBe('authorized');
    // An account whose access was disabled, with no invitation out.
    expect(authorizationState(contact({ authorizedRepresentativeUserId: 5 }))).toBe('notAuthorized');
    expect(authorizationState(contact({ invitationId: 9 }))).toBe('pending');
    expect(authorizationState(contact({ invitationId: 9, isInvitationLocked: true }))).toBe('notAuthorized');
    expect(authorizationState(contact({ invitationId: 9, isInvitationExpired: true }))).toBe('notAuthorized');
    expect(authorizationState(contact({}))).toBe('notAuthorized');
  });

  it('list relationship, phones, email and roles, and put the lines over the limit behind More', () => {
    const robert = contact({
      mobilePhone: '5185550163',
      contactEmail: 'robert.doe@example.com',
      isNextOfKin: true,
      providesTransport: true,
    });
    const lines = contactLines(robert);
    expect(lines).toEqual([
      { value: 'Spouse', valueKey: 'lookups.relationship.1' },
      { label: 'dashboard.mobilePhone', value: '(518) 555-0163', href: 'tel:5185550163' },
      { label: 'dashboard.email', value: 'robert.doe@example.com', href: 'mailto:robert.doe@example.com' },
      { valueKey: 'dashboard.nextOfKin' },
      { valueKey: 'dashboard.providesTransport' },
    ]);
    expect(splitLines(lines, CONTACT_LINE_LIMITS.medium)).toEqual({ shown: lines.slice(0, 2), more: lines.slice(2) });
    expect(splitLines(lines.slice(0, 3), CONTACT_LINE_LIMITS.large)).toEqual({ shown: lines.slice(0, 3), more: [] });
  });
});

describe('dashboard sections', () => {
  const reader = (modules: string[], fields: string[]) => ({
    hasModule: (name: string) => modules.includes(name),
    hasField: (moduleName: string, ...path: string[]) =>
      moduleName === 'Dashboard' && modules.includes('Dashboard') && fields.includes(path.join('/')),
  });

  it('show what the Dashboard capability lists', () => {
    const patient = reader(
      ['Dashboard', 'ContactUs', 'SecureMessages'],
      ['Appointments', 'HealthSummary', 'CareTeam', 'PersonalContacts', 'AddContact', 'RequestNewAppointment'],
    );
    expect(dashboardSections(patient)).toEqual({
      appointments: true,
      healthSummary: true,
      careTeam: true,
      personalContacts: true,
      requestAppointment: true,
      addContact: true,
      secureMessages: true,
    });
  });

  it('hide a section the capability does not list (the representative has no personal contacts)', () => {
    const representative = reader(['Dashboard', 'ContactUs'], ['Appointments', 'HealthSummary', 'CareTeam']);
    expect(dashboardSections(representative)).toMatchObject({
      appointments: true,
      personalContacts: false,
      addContact: false,
      requestAppointment: false,
      secureMessages: false,
    });
  });

  it('offer Request a New Appointment only with the ContactUs module too', () => {
    expect(dashboardSections(reader(['Dashboard'], ['RequestNewAppointment'])).requestAppointment).toBe(false);
    expect(dashboardSections(reader(['Dashboard', 'ContactUs'], ['RequestNewAppointment'])).requestAppointment).toBe(
      true,
    );
  });

  it('show nothing without the Dashboard module', () => {
    expect(Object.values(dashboardSections(reader(['ContactUs'], ['Appointments'])))).not.toContain(true);
  });
});

describe('health information', () => {
  it('opens only with a system that has the CcdaRequested trigger', () => {
    expect(canRequestHealthSummary([{ activeTriggerEventTypes: ['CcdaRequested'] }])).toBe(true);
    expect(canRequestHealthSummary([{ activeTriggerEventTypes: [] }, { activeTriggerEventTypes: ['Other'] }])).toBe(
      false,
    );
    expect(canRequestHealthSummary([])).toBe(false);
  });
});
