import { describe, expect, it } from 'vitest';
import type { RegistrationDetails } from '@portal/contracts';
import { createTranslator } from '../../../lib/translator';
import { registrationText } from './registration-details';

// Issue 32, finding 10: the registration details read "United States" in Spanish and Chinese.

const DETAILS: RegistrationDetails = {
  fullName: 'Jane Doe',
  mrn: 'RCC-100234',
  gender: 'F',
  dateOfBirth: '1968-04-12',
  birthCountry: 'United States',
  ethnicity: 'Not Hispanic or Latino',
  race: 'White',
  religion: 'Methodist',
  primaryLanguage: 'English',
  citizenship: 'Freedonia',
  maritalStatus: 'Married',
  mothersMaidenName: 'Whitaker',
  occupation: 'Librarian',
  homePhone: '5185550142',
  mobilePhone: null,
  primaryEmail: 'jane.doe@example.com',
  preferredCommunication: 'Email',
  address1: '12 Elm Street',
  address2: null,
  city: 'Albany',
  state: 'New York',
  zipCode: '12210',
  country: 'United States',
  insuranceNote: null,
  advancedDirectiveNote: null,
  isClinicalTrial: false,
  clinicalTrialID: null,
  codes: {
    gender: 'F',
    birthCountry: 'US',
    ethnicity: '2186-5',
    race: '2106-3',
    religion: 'METHODIST',
    primaryLanguage: 'en-US',
    citizenship: null,
    maritalStatus: 'M',
    preferredCommunication: 'Email',
    state: 'US.NY',
    country: 'US',
  },
};

const spanish = createTranslator({
  'lookups.sex.F': 'Femenino',
  'lookups.country.US': 'Estados Unidos',
  'lookups.maritalStatus.M': 'Casado/a',
  'lookups.state.US.NY': 'Nueva York',
  'lookups.language.en-US': 'Inglés',
  'accountSettings.registration.none': 'No proporcionado',
});

describe('registrationText', () => {
  it('names the coded values by their codes in the reader’s language', () => {
    expect(registrationText(DETAILS, 'birthCountry', spanish)).toBe('Estados Unidos');
    expect(registrationText(DETAILS, 'country', spanish)).toBe('Estados Unidos');
    expect(registrationText(DETAILS, 'gender', spanish)).toBe('Femenino');
    expect(registrationText(DETAILS, 'maritalStatus', spanish)).toBe('Casado/a');
    expect(registrationText(DETAILS, 'state', spanish)).toBe('Nueva York');
    expect(registrationText(DETAILS, 'primaryLanguage', spanish)).toBe('Inglés');
  });

  it('shows a value without a code, or one the pack lacks, as sent; the facility’s own words as written', () => {
    expect(registrationText(DETAILS, 'citizenship', spanish)).toBe('Freedonia');
    expect(registrationText(DETAILS, 'religion', spanish)).toBe('Methodist');
    expect(registrationText(DETAILS, 'occupation', spanish)).toBe('Librarian');
    expect(registrationText(DETAILS, 'mobilePhone', spanish)).toBe('No proporcionado');
    expect(registrationText(DETAILS, 'homePhone', spanish)).toBe('(518) 555-0142');
  });
});
