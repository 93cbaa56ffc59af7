/**
 * The coded values the portal names in the reader's language (language packs, lookups.json): one list per kind of
 * value, each value keyed by its code, `lookups.<list>.<code>`. The contact form's choices (the lookups calls),
 * the registration details, the care team and the treatment summary all read their names here, through
 * lookupName, so a value has one name per language wherever it shows.
 */
export const LOOKUP_LISTS = [
  // The contact form's lists (lookups tables; a relationship's code is its id, a state's is country.state: US.NY).
  'relationship',
  'country',
  'state',
  'preferredCommunication',
  'language',
  // The registration details' demographics.
  'sex',
  'maritalStatus',
  'race',
  'ethnicity',
  'religion',
  // A care team member's title (careProviderTitleValue).
  'careProviderTitle',
  // The treatment summary's coded fields (a raw code beside its Display wording).
  'laterality',
  'route',
  'frequency',
  'yesNo',
  'radiationType',
  'radiationConfiguration',
  'allergyType',
  'familyRelationship',
  'vitalStatus',
  'menopauseStatus',
  'menopausalReason',
  'smokingStatus',
  'alcoholStatus',
] as const;
export type LookupList = (typeof LOOKUP_LISTS)[number];

/** The language-pack key of a coded value: `lookups.<list>.<code>`. */
export const lookupKey = (list: LookupList, code: string) => `lookups.${list}.${code}`;

/** A state's code in its list: the country's code and the state's, `US.NY` (state codes repeat across countries). */
export const stateLookupCode = (countryCode: string, stateCode: string) => `${countryCode}.${stateCode}`;

/**
 * A coded value in the reader's language: the pack's name of its code, else what the facility sent (its own
 * wording of the value, shown as it came). `text` reads the reader's pack (undefined for a key it lacks). A
 * value without a code the packs know, or a pack entry left blank, gives the sent text: never a key, never blank.
 */
export function lookupName(
  text: (key: string) => string | undefined,
  list: LookupList,
  code: string | null | undefined,
  sent: string,
): string {
  const trimmed = code?.trim();
  const name = trimmed ? text(lookupKey(list, trimmed)) : undefined;
  return name !== undefined && name.trim() !== '' ? name : sent;
}

/**
 * The registration details' coded values and the list each is named from. The facility's registration system sends
 * them as names or codes ('United States', 'Married', 'F'); the server answers the code it recognises in `codes`.
 */
export const REGISTRATION_CODED_FIELDS = {
  gender: 'sex',
  birthCountry: 'country',
  ethnicity: 'ethnicity',
  race: 'race',
  religion: 'religion',
  primaryLanguage: 'language',
  citizenship: 'country',
  maritalStatus: 'maritalStatus',
  preferredCommunication: 'preferredCommunication',
  state: 'state',
  country: 'country',
} as const satisfies Record<string, LookupList>;
export type RegistrationCodedField = keyof typeof REGISTRATION_CODED_FIELDS;

/** A care team member's coded values and their lists (the title's code is careProviderTitleValue, or its name). */
export const CARE_TEAM_CODED_FIELDS = {
  careProviderTitle: 'careProviderTitle',
  state: 'state',
  country: 'country',
} as const satisfies Record<string, LookupList>;
export type CareTeamCodedField = keyof typeof CARE_TEAM_CODED_FIELDS;
