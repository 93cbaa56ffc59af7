import { formatPhone, REGISTRATION_CODED_FIELDS, type RegistrationDetails } from '@portal/contracts';
import { formatDay } from '../../../lib/dates';
import { lookupText, type Translate } from '../../../lib/translator';

/** A field the registration details show (codes is not one: it names the coded ones). */
export type RegistrationField = Exclude<keyof RegistrationDetails, 'codes'>;

const isCoded = (key: RegistrationField): key is keyof typeof REGISTRATION_CODED_FIELDS =>
  key in REGISTRATION_CODED_FIELDS;

/**
 * A field as the patient reads it: a coded value (sex, country, marital status...) named in the reader's language
 * by the code the server recognised, else as the facility sent it; the facility's own words (occupation, notes)
 * as sent.
 */
export function registrationText(details: RegistrationDetails, key: RegistrationField, t: Translate): string {
  const value = details[key];
  if (typeof value === 'boolean')
    return t(value ? 'accountSettings.registration.yes' : 'accountSettings.registration.no');
  if (value === null || value.trim() === '') return t('accountSettings.registration.none');
  if (key === 'dateOfBirth') return formatDay(value);
  if (isCoded(key)) return lookupText(t, REGISTRATION_CODED_FIELDS[key], details.codes[key], value);
  if (key === 'homePhone' || key === 'mobilePhone') return formatPhone(value);
  return value;
}
