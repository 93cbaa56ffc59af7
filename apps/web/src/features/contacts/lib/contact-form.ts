import { cleanPhone, formatPhoneAsTyped, isValidEmail, LIMITS } from '@portal/contracts';
import type { ContactUpsert, Patient, PersonalContact } from '@portal/contracts';
import { FIELD_MAX } from '../../../shared/forms/limits';
import type { Country, LanguageOption, PreferredCommunication, State } from '../api/contacts';

export type { Country, LanguageOption, PreferredCommunication, State };

/** The form's values: text as typed (phones formatted), selects as their option value. */
export interface ContactFormValues {
  contactFirstName: string;
  contactLastName: string;
  suffix: string;
  relationshipId: string;
  isPrimaryContact: boolean;
  isNextOfKin: boolean;
  providesTransport: boolean;
  usePatientAddress: boolean;
  address1: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  homePhone: string;
  mobilePhone: string;
  workPhone: string;
  isOkToLeaveMsgHome: boolean;
  isOkToLeaveMsgMobile: boolean;
  isOkToLeaveMsgWork: boolean;
  contactEmail: string;
  preferredCommunicationId: string;
  communicationLanguageId: string;
}

export type ContactField = keyof ContactFormValues;

/** The fields in the order the form shows them (the first with an error gets the focus). */
export const FIELD_ORDER: ContactField[] = [
  'contactFirstName',
  'contactLastName',
  'suffix',
  'relationshipId',
  'address1',
  'address2',
  'country',
  'state',
  'city',
  'zipCode',
  'homePhone',
  'mobilePhone',
  'workPhone',
  'contactEmail',
  'preferredCommunicationId',
  'communicationLanguageId',
];

export const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'country', 'zipCode'] as const;
export const PHONE_FIELDS = ['homePhone', 'mobilePhone', 'workPhone'] as const;

/** Maximum lengths of the text fields (the server's limits). */
export const MAX_LENGTH: Partial<Record<ContactField, number>> = {
  contactFirstName: FIELD_MAX.name,
  contactLastName: FIELD_MAX.name,
  suffix: FIELD_MAX.suffix,
  address1: FIELD_MAX.addressLine,
  address2: FIELD_MAX.addressLine,
  city: FIELD_MAX.place,
  state: FIELD_MAX.place,
  country: FIELD_MAX.place,
  zipCode: FIELD_MAX.zipCode,
  homePhone: FIELD_MAX.phone,
  mobilePhone: FIELD_MAX.phone,
  workPhone: FIELD_MAX.phone,
  contactEmail: FIELD_MAX.email,
};

const text = (value: string | null | undefined) => value ?? '';
const id = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The patient's address as form values ('Use same address as patient'). */
export function patientAddress(patient: Patient | undefined): Pick<ContactFormValues, (typeof ADDRESS_FIELDS)[number]> {
  const address = patient?.address;
  return {
    address1: text(address?.address1),
    address2: text(address?.address2),
    city: text(address?.city),
    state: text(address?.state),
    country: text(address?.country),
    zipCode: text(address?.zipCode),
  };
}

/**
 * The form's starting values: the contact's, or for a new contact empty ones whose language is the
 * facility's default communication language when that is among the languages offered.
 */
export function initialValues(
  contact: PersonalContact | null,
  defaults: { languageId: number | null; languages: readonly LanguageOption[] },
): ContactFormValues {
  if (!contact) {
    const offered = defaults.languages.some((l) => l.languageId === defaults.languageId);
    return {
      contactFirstName: '',
      contactLastName: '',
      suffix: '',
      relationshipId: '',
      isPrimaryContact: false,
      isNextOfKin: false,
      providesTransport: false,
      usePatientAddress: false,
      address1: '',
      address2: '',
      city: '',
      state: '',
      country: '',
      zipCode: '',
      homePhone: '',
      mobilePhone: '',
      workPhone: '',
      isOkToLeaveMsgHome: false,
      isOkToLeaveMsgMobile: false,
      isOkToLeaveMsgWork: false,
      contactEmail: '',
      preferredCommunicationId: '',
      communicationLanguageId: offered ? id(defaults.languageId) : '',
    };
  }
  return {
    contactFirstName: contact.contactFirstName,
    contactLastName: contact.contactLastName,
    suffix: text(contact.suffix),
    relationshipId: id(contact.relationshipId),
    isPrimaryContact: contact.isPrimaryContact,
    isNextOfKin: contact.isNextOfKin,
    providesTransport: contact.providesTransport,
    usePatientAddress: contact.usePatientAddress,
    address1: text(contact.address1),
    address2: text(contact.address2),
    city: text(contact.city),
    state: text(contact.state),
    country: text(contact.country),
    zipCode: text(contact.zipCode),
    homePhone: formatPhoneAsTyped(text(contact.homePhone)),
    mobilePhone: formatPhoneAsTyped(text(contact.mobilePhone)),
    workPhone: formatPhoneAsTyped(text(contact.workPhone)),
    isOkToLeaveMsgHome: contact.isOkToLeaveMsgHome,
    isOkToLeaveMsgMobile: contact.isOkToLeaveMsgMobile,
    isOkToLeaveMsgWork: contact.isOkToLeaveMsgWork,
    contactEmail: text(contact.contactEmail),
    preferredCommunicationId: id(contact.preferredCommunicationId),
    communicationLanguageId: id(contact.communicationLanguageId),
  };
}

export type ContactErrors = Partial<Record<ContactField, string>>;

/**
 * Language-pack keys of the errors: names, relationship and language are required, the email must
 * have the shared pattern, a phone 7 to 15 digits; inviting needs an email.
 */
export function validateContact(values: ContactFormValues, options: { invite?: boolean } = {}): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.contactFirstName.trim()) errors.contactFirstName = 'common.required';
  if (!values.contactLastName.trim()) errors.contactLastName = 'common.required';
  if (!values.relationshipId) errors.relationshipId = 'common.required';
  if (!values.communicationLanguageId) errors.communicationLanguageId = 'common.required';
  for (const field of PHONE_FIELDS) {
    const digits = cleanPhone(values[field]);
    if (values[field].trim() !== '' && (digits.length < 7 || digits.length > 15)) {
      errors[field] = 'contactForm.form.phoneInvalid';
    }
  }
  const email = values.contactEmail.trim();
  if (email !== '' && !isValidEmail(email)) errors.contactEmail = 'common.emailFormat';
  else if (email === '' && options.invite) errors.contactEmail = 'contactForm.messages.contactEmailRequiredForInvite';
  if (values.zipCode.length > LIMITS.zipCode) errors.zipCode = 'contactForm.form.zipTooLong';
  return errors;
}

/** The first field with an error, in the form's order. */
export function firstError(errors: ContactErrors): ContactField | undefined {
  return FIELD_ORDER.find((field) => errors[field]);
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const idOrNull = (value: string) => (value === '' ? null : Number(value));

/** The body of PUT /api/patients/{patientId}/contacts: names trimmed, phones digits only, empty text null. */
export function toUpsert(values: ContactFormValues, contactId: number | null): ContactUpsert {
  return {
    contactId: contactId ?? 0,
    contactFirstName: values.contactFirstName.trim(),
    contactLastName: values.contactLastName.trim(),
    suffix: orNull(values.suffix),
    relationshipId: Number(values.relationshipId),
    isPrimaryContact: values.isPrimaryContact,
    isNextOfKin: values.isNextOfKin,
    providesTransport: values.providesTransport,
    usePatientAddress: values.usePatientAddress,
    address1: orNull(values.address1),
    address2: orNull(values.address2),
    city: orNull(values.city),
    state: orNull(values.state),
    country: orNull(values.country),
    zipCode: orNull(values.zipCode),
    homePhone: orNull(cleanPhone(values.homePhone)),
    mobilePhone: orNull(cleanPhone(values.mobilePhone)),
    workPhone: orNull(cleanPhone(values.workPhone)),
    isOkToLeaveMsgHome: values.isOkToLeaveMsgHome,
    isOkToLeaveMsgMobile: values.isOkToLeaveMsgMobile,
    isOkToLeaveMsgWork: values.isOkToLeaveMsgWork,
    contactEmail: orNull(values.contactEmail),
    preferredCommunicationId: idOrNull(values.preferredCommunicationId),
    communicationLanguageId: Number(values.communicationLanguageId),
  };
}

/** True when the values differ from the starting ones (phones compared by their digits). */
export function isDirty(initial: ContactFormValues, current: ContactFormValues): boolean {
  return (Object.keys(initial) as ContactField[]).some((field) => {
    const a = initial[field];
    const b = current[field];
    if ((PHONE_FIELDS as readonly string[]).includes(field)) return cleanPhone(String(a)) !== cleanPhone(String(b));
    return a !== b;
  });
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A select option: the value a contact stores (the same in every language), the label in the user's. */
export interface LookupOption {
  value: string;
  label: string;
}

/**
 * The country options: the lookup's by sort order then name, plus the contact's own value when the
 * lookup lacks it (with sort order 1000, so it comes last). The option value is the country's stored
 * name (countryName), which is what a contact stores; the label is its name in the user's language.
 */
export function countryOptions(countries: readonly Country[], current: string, locale = 'en-US'): Country[] {
  const list = [...countries];
  if (current.trim() !== '' && !list.some((c) => same(c.countryName, current) || same(c.countryNameDisplay, current))) {
    list.push({ countryId: -1, countryNameDisplay: current.trim(), countryName: current.trim(), sortOrder: 1000 });
  }
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return list.sort((a, b) => a.sortOrder - b.sortOrder || collator.compare(a.countryNameDisplay, b.countryNameDisplay));
}

/** The stored value an option list has for a value given by its stored or shown name (case aside), else the value. */
export function optionValue(options: readonly LookupOption[], value: string): string {
  return (options.find((o) => same(o.value, value)) ?? options.find((o) => same(o.label, value)))?.value ?? value;
}

/**
 * The states of the chosen country (by its stored or shown name), by name in the user's language, plus
 * the contact's own value when the lookup lacks it. A country without states in the lookup gives an
 * empty list unless the value needs a place.
 */
export function stateOptions(
  states: readonly State[],
  countries: readonly Country[],
  country: string,
  current: string,
  locale = 'en-US',
): LookupOption[] {
  const chosen =
    countries.find((c) => same(c.countryName, country)) ?? countries.find((c) => same(c.countryNameDisplay, country));
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const options = chosen
    ? states
        .filter((s) => s.countryId === chosen.countryId)
        .map((s) => ({ value: s.stateName, label: s.stateNameDisplay }))
        .sort((a, b) => collator.compare(a.label, b.label))
    : [];
  if (current.trim() !== '' && !options.some((o) => same(o.value, current) || same(o.label, current))) {
    options.push({ value: current.trim(), label: current.trim() });
  }
  return options;
}

/** Preferred ways of contact, without Fax (the form does not offer it). */
export function communicationOptions(list: readonly PreferredCommunication[]): PreferredCommunication[] {
  return list.filter(
    (c) => !same(c.preferredCommunicationCode, 'Fax') && !same(c.preferredCommunicationDisplay, 'Fax'),
  );
}

/** A phone field's text as typed: 7 digits as xxx-xxxx, 10 as (xxx) xxx-xxxx, else the digits. */
export function phoneAsTyped(value: string): string {
  return formatPhoneAsTyped(value);
}

/* -------------------------------------------------------- account settings */

export type AccountState = 'enabled' | 'locked' | 'disabled' | 'notInvited' | 'invited' | 'noAccount';

/**
 * The contact's portal account, as the Account Settings section shows it: with an account, enabled
 * (maybe locked) or disabled; without one, invited or not (only with the invite capability).
 */
export function accountState(
  contact: PersonalContact,
  options: { canInvite: boolean; invitationExists: boolean },
): AccountState {
  if (contact.authorizedRepresentativeUserId !== null) {
    if (!contact.isAuthorizedRepresentativeActive) return 'disabled';
    return contact.userInfo?.isLockedOut ? 'locked' : 'enabled';
  }
  if (!options.canInvite) return 'noAccount';
  return options.invitationExists ? 'invited' : 'notInvited';
}

/** The contact's name as the messages use it. */
export function contactName(contact: Pick<PersonalContact, 'contactFirstName' | 'contactLastName'>): string {
  return `${contact.contactFirstName} ${contact.contactLastName}`.trim();
}

/** Another active contact that is the primary one now (ticking Primary on this one would replace it). */
export function otherPrimary(
  contacts: readonly PersonalContact[],
  contactId: number | null,
): PersonalContact | undefined {
  return contacts.find((c) => c.isPrimaryContact && c.isActive && c.contactId !== contactId);
}
