import { describe, expect, it } from 'vitest';
import type { PersonalContact } from '@portal/contracts';
import {
  accountState,
  communicationOptions,
  countryOptions,
  firstError,
  initialValues,
  isDirty,
  optionValue,
  otherPrimary,
  phoneAsTyped,
  stateOptions,
  toUpsert,
  validateContact,
  type ContactFormValues,
} from './contact-form';

const LANGUAGES = [
  { languageId: 1, languageCode: 'en-US', displayName: 'English' },
  { languageId: 2, languageCode: 'es-MX', displayName: 'Español' },
];

const contact: PersonalContact = {
  contactId: 7,
  patientId: 1,
  contactFirstName: 'Robert',
  contactLastName: 'Doe',
  suffix: null,
  relationshipId: 1,
  relationship: 'Spouse',
  isPrimaryContact: true,
  isNextOfKin: true,
  providesTransport: false,
  usePatientAddress: false,
  address1: '1 Main St',
  address2: null,
  city: 'Albany',
  state: 'New York',
  country: 'United States',
  zipCode: '12210',
  homePhone: null,
  mobilePhone: '5185550163',
  workPhone: '5550100',
  isOkToLeaveMsgHome: false,
  isOkToLeaveMsgMobile: true,
  isOkToLeaveMsgWork: false,
  contactEmail: 'robert.doe@example.com',
  preferredCommunicationId: 1,
  communicationLanguageId: 1,
  isActive: true,
  isAuthorizedRepresentativeActive: true,
  authorizedRepresentativeUserId: 42,
  invitationId: null,
  isInvitationLocked: false,
  isInvitationExpired: false,
  userInfo: { userName: 'robert.doe', isEmailConfirmed: true, isLockedOut: false, minutesLeftBeforeLockoutExpires: 0 },
};

const empty = () => initialValues(null, { languageId: 1, languages: LANGUAGES });
const filled = (): ContactFormValues => ({
  ...empty(),
  contactFirstName: '  Carlos ',
  contactLastName: ' Doe',
  relationshipId: '4',
});

describe('initialValues', () => {
  it('gives a new contact the facility default language when it is offered', () => {
    expect(empty().communicationLanguageId).toBe('1');
    expect(initialValues(null, { languageId: 9, languages: LANGUAGES }).communicationLanguageId).toBe('');
    expect(initialValues(null, { languageId: null, languages: LANGUAGES }).communicationLanguageId).toBe('');
  });
  it('shows a contact’s phones formatted and its ids as option values', () => {
    const values = initialValues(contact, { languageId: 2, languages: LANGUAGES });
    expect(values.mobilePhone).toBe('(518) 555-0163');
    expect(values.workPhone).toBe('555-0100');
    expect(values.homePhone).toBe('');
    expect(values.relationshipId).toBe('1');
    expect(values.communicationLanguageId).toBe('1');
  });
});

describe('validateContact', () => {
  it('requires names, relationship and language', () => {
    const errors = validateContact({ ...empty(), communicationLanguageId: '' });
    expect(errors).toEqual({
      contactFirstName: 'common.required',
      contactLastName: 'common.required',
      relationshipId: 'common.required',
      communicationLanguageId: 'common.required',
    });
    expect(firstError(errors)).toBe('contactFirstName');
    expect(validateContact({ ...filled(), contactFirstName: '   ' }).contactFirstName).toBe('common.required');
  });
  it('checks the email pattern and the phone length', () => {
    const errors = validateContact({ ...filled(), contactEmail: 'carlos@', homePhone: '12345', workPhone: '555-0100' });
    expect(errors).toEqual({ contactEmail: 'common.emailFormat', homePhone: 'contactForm.form.phoneInvalid' });
  });
  it('asks for an email when the contact is to be invited', () => {
    expect(validateContact(filled(), { invite: true })).toEqual({
      contactEmail: 'contactForm.messages.contactEmailRequiredForInvite',
    });
    expect(validateContact({ ...filled(), contactEmail: 'carlos@example.com' }, { invite: true })).toEqual({});
  });
});

describe('toUpsert', () => {
  it('trims names, keeps only digits of phones and sends empty text as null', () => {
    const body = toUpsert({ ...filled(), mobilePhone: '(518) 555-0199', suffix: ' ', contactEmail: '' }, null);
    expect(body).toMatchObject({
      contactId: 0,
      contactFirstName: 'Carlos',
      contactLastName: 'Doe',
      suffix: null,
      relationshipId: 4,
      mobilePhone: '5185550199',
      homePhone: null,
      contactEmail: null,
      preferredCommunicationId: null,
      communicationLanguageId: 1,
    });
  });
});

describe('isDirty', () => {
  it('ignores phone formatting and sees real changes', () => {
    const start = filled();
    expect(isDirty(start, { ...start })).toBe(false);
    expect(isDirty({ ...start, homePhone: '5550100' }, { ...start, homePhone: '555-0100' })).toBe(false);
    expect(isDirty(start, { ...start, isNextOfKin: true })).toBe(true);
    expect(isDirty(start, { ...start, city: 'Troy' })).toBe(true);
  });
});

describe('lookups', () => {
  const countries = [
    { countryId: 3, countryNameDisplay: 'Mexico', countryName: 'Mexico', sortOrder: 100 },
    { countryId: 2, countryNameDisplay: 'Canada', countryName: 'Canada', sortOrder: 2 },
    { countryId: 1, countryNameDisplay: 'United States', countryName: 'United States', sortOrder: 1 },
    { countryId: 4, countryNameDisplay: 'Brazil', countryName: 'Brazil', sortOrder: 100 },
  ];
  const states = [
    { stateId: 1002, countryId: 1, stateNameDisplay: 'New York', stateName: 'New York' },
    { stateId: 1001, countryId: 1, stateNameDisplay: 'Alabama', stateName: 'Alabama' },
    { stateId: 2001, countryId: 2, stateNameDisplay: 'Ontario', stateName: 'Ontario' },
  ];

  it('orders countries by sort order then name and adds a missing one last', () => {
    expect(countryOptions(countries, '').map((c) => c.countryNameDisplay)).toEqual([
      'United States',
      'Canada',
      'Brazil',
      'Mexico',
    ]);
    const withMissing = countryOptions(countries, 'Atlantis');
    expect(withMissing.at(-1)).toEqual({
      countryId: -1,
      countryNameDisplay: 'Atlantis',
      countryName: 'Atlantis',
      sortOrder: 1000,
    });
    expect(countryOptions(countries, 'united states')).toHaveLength(4);
  });

  it('filters states by the country and adds a missing value', () => {
    const values = (...args: Parameters<typeof stateOptions>) => stateOptions(...args).map((o) => o.value);
    expect(values(states, countries, 'United States', '')).toEqual(['Alabama', 'New York']);
    expect(values(states, countries, 'Canada', '')).toEqual(['Ontario']);
    expect(values(states, countries, 'United States', 'NY')).toEqual(['Alabama', 'New York', 'NY']);
    expect(values(states, countries, 'Brazil', '')).toEqual([]);
    expect(values(states, countries, '', 'Bavaria')).toEqual(['Bavaria']);
  });

  // Issue 11: the lookups answer in the user's language; a contact keeps storing the language-free name.
  it('labels options in the user’s language and keeps the stored names as their values', () => {
    const spanishCountries = [
      { countryId: 1, countryNameDisplay: 'Estados Unidos', countryName: 'United States', sortOrder: 1 },
      { countryId: 3, countryNameDisplay: 'México', countryName: 'Mexico', sortOrder: 100 },
    ];
    const spanishStates = [
      { stateId: 1002, countryId: 1, stateNameDisplay: 'Nueva York', stateName: 'New York' },
      { stateId: 1034, countryId: 1, stateNameDisplay: 'Carolina del Norte', stateName: 'North Carolina' },
    ];
    // The contact's stored (English) country finds its Spanish option; no extra option for it.
    expect(countryOptions(spanishCountries, 'United States', 'es-MX')).toHaveLength(2);
    const choices = spanishCountries.map((c) => ({ value: c.countryName, label: c.countryNameDisplay }));
    expect(optionValue(choices, 'united states')).toBe('United States');
    expect(optionValue(choices, 'Estados Unidos')).toBe('United States');
    expect(optionValue(choices, 'Atlantis')).toBe('Atlantis');
    const options = stateOptions(spanishStates, spanishCountries, 'United States', 'New York', 'es-MX');
    expect(options).toEqual([
      { value: 'North Carolina', label: 'Carolina del Norte' },
      { value: 'New York', label: 'Nueva York' },
    ]);
    expect(stateOptions(spanishStates, spanishCountries, 'Estados Unidos', 'Nueva York', 'es-MX')).toHaveLength(2);
    expect(optionValue(options, 'Nueva York')).toBe('New York');
  });

  it('leaves Fax out of the preferred communications', () => {
    const list = [
      { preferredCommunicationId: 1, preferredCommunicationCode: 'Email', preferredCommunicationDisplay: 'Email' },
      { preferredCommunicationId: 7, preferredCommunicationCode: 'Fax', preferredCommunicationDisplay: 'Fax' },
    ];
    expect(communicationOptions(list).map((c) => c.preferredCommunicationId)).toEqual([1]);
  });
});

describe('phoneAsTyped', () => {
  it('formats 7 and 10 digits and leaves other lengths as digits', () => {
    expect(phoneAsTyped('5550100')).toBe('555-0100');
    expect(phoneAsTyped('518555016')).toBe('518555016');
    expect(phoneAsTyped('5185550163')).toBe('(518) 555-0163');
    expect(phoneAsTyped('(518) 555-01634')).toBe('51855501634');
  });
});

describe('accountState', () => {
  const options = { canInvite: true, invitationExists: false };
  it('tells the five states apart', () => {
    expect(accountState(contact, options)).toBe('enabled');
    const locked = { ...contact, userInfo: { ...contact.userInfo!, isLockedOut: true } };
    expect(accountState(locked, options)).toBe('locked');
    expect(accountState({ ...contact, isAuthorizedRepresentativeActive: false }, options)).toBe('disabled');
    const none = { ...contact, authorizedRepresentativeUserId: null, userInfo: null };
    expect(accountState(none, options)).toBe('notInvited');
    expect(accountState(none, { canInvite: true, invitationExists: true })).toBe('invited');
    expect(accountState(none, { canInvite: false, invitationExists: true })).toBe('noAccount');
  });
});

describe('otherPrimary', () => {
  it('finds another active primary contact', () => {
    expect(otherPrimary([contact], null)?.contactId).toBe(7);
    expect(otherPrimary([contact], 7)).toBeUndefined();
    expect(otherPrimary([{ ...contact, isActive: false }], null)).toBeUndefined();
  });
});
