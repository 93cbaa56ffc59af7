import { describe, expect, it } from 'vitest';
import {
  CARE_TEAM_CODED_FIELDS,
  LOOKUP_LISTS,
  lookupName,
  REGISTRATION_CODED_FIELDS,
  TREATMENT_SUMMARY_FIELDS,
  type LanguagePack,
} from '@portal/contracts';
import { BUNDLED_PACKS, buildLanguagePack } from './language-packs';
import { lookupCode, lookupCodes, stateCode } from './lookup-codes';

// Issue 32, finding 10: registration details, care team titles and treatment summary values stayed English in
// Spanish and Chinese while the contact form's countries were translated. One rule names them all: the pack's
// lookups.<list>.<code>, else what the facility sent.

/** The reader's strings in a language, as the server and the browser have them (English under the language). */
const reader = (pack: LanguagePack) => {
  const strings = buildLanguagePack(pack);
  return (key: string) => strings[key];
};
const name = (pack: LanguagePack, list: Parameters<typeof lookupName>[1], code: string | null, sent: string) =>
  lookupName(reader(pack), list, code, sent);

describe('lookupName, with the bundled packs', () => {
  it('names a known value in each of the five languages', () => {
    const unitedStates = {
      en: 'United States',
      es: 'Estados Unidos',
      fr: 'États-Unis',
      pt: 'Estados Unidos',
      zh: '美国',
    };
    for (const [pack, text] of Object.entries(unitedStates) as [LanguagePack, string][]) {
      expect(name(pack, 'country', lookupCode('country', 'United States'), 'United States'), pack).toBe(text);
    }
    const oncologist = {
      en: 'Medical Oncologist',
      es: 'Oncólogo/a médico/a',
      fr: 'Oncologue médical(e)',
      pt: 'Oncologista clínico(a)',
      zh: '肿瘤内科医生',
    };
    for (const [pack, text] of Object.entries(oncologist) as [LanguagePack, string][]) {
      expect(name(pack, 'careProviderTitle', 'MedicalOncologist', 'Medical Oncologist'), pack).toBe(text);
    }
    expect(name('es', 'route', 'IV', 'Intravenous')).toBe('Intravenosa');
    expect(name('zh', 'maritalStatus', lookupCode('maritalStatus', 'Married'), 'Married')).toBe('已婚');
    expect(name('fr', 'sex', lookupCode('sex', 'F'), 'F')).toBe('Féminin');
  });

  it('passes an unknown value through as the facility sent it, never a key or a blank', () => {
    for (const pack of Object.keys(BUNDLED_PACKS) as LanguagePack[]) {
      expect(name(pack, 'country', lookupCode('country', 'Freedonia'), 'Freedonia')).toBe('Freedonia');
      expect(name(pack, 'careProviderTitle', 'TumorBoardChair', 'Tumor Board Chair')).toBe('Tumor Board Chair');
      expect(name(pack, 'route', null, 'Through the port')).toBe('Through the port');
    }
    // A facility's override left blank gives the sent text too.
    expect(lookupName(() => '  ', 'country', 'US', 'United States')).toBe('United States');
  });
});

describe('lookupCode', () => {
  it('recognises a code as written or its English name, case, spaces and punctuation aside', () => {
    expect(lookupCode('country', 'US')).toBe('US');
    expect(lookupCode('country', 'united states')).toBe('US');
    expect(lookupCode('language', 'English')).toBe('en-US');
    expect(lookupCode('preferredCommunication', 'Home phone')).toBe('HomePhone');
    expect(lookupCode('ethnicity', 'Not Hispanic or Latino')).toBe('2186-5');
    expect(lookupCode('race', '2106-3')).toBe('2106-3');
    expect(lookupCode('religion', 'Methodist')).toBe('METHODIST');
    expect(lookupCode('careProviderTitle', 'Oncology Nurse Navigator')).toBe('NurseNavigator');
    expect(lookupCode('relationship', 'Spouse')).toBe('1');
    expect(lookupCode('country', 'Freedonia')).toBeNull();
    expect(lookupCode('country', '  ')).toBeNull();
    expect(lookupCode('country', null)).toBeNull();
  });

  it('finds a state by its code or name within its own country only', () => {
    expect(stateCode('US', 'New York')).toBe('US.NY');
    expect(stateCode('US', 'ny')).toBe('US.NY');
    expect(stateCode('CA', 'BC')).toBe('CA.BC');
    expect(stateCode('MX', 'Baja California')).toBe('MX.BCN');
    expect(stateCode('US', 'BC')).toBeNull();
    expect(stateCode('CA', 'New York')).toBeNull();
    expect(stateCode(null, 'New York')).toBeNull();
  });

  it('gives a record’s codes by field, its state within its country', () => {
    expect(
      lookupCodes(CARE_TEAM_CODED_FIELDS, {
        careProviderTitle: 'Medical Oncologist',
        state: 'Ontario',
        country: 'Canada',
      }),
    ).toEqual({ careProviderTitle: 'MedicalOncologist', state: 'CA.ON', country: 'CA' });
  });
});

describe('the lookup lists in the packs', () => {
  it('names some values of every list, and every list a screen uses is one', () => {
    const english = BUNDLED_PACKS.en;
    for (const list of LOOKUP_LISTS) {
      expect(
        Object.keys(english).some((key) => key.startsWith(`lookups.${list}.`)),
        list,
      ).toBe(true);
    }
    const used = [
      ...Object.values(REGISTRATION_CODED_FIELDS),
      ...Object.values(CARE_TEAM_CODED_FIELDS),
      ...Object.values(TREATMENT_SUMMARY_FIELDS).flatMap((fields) =>
        fields.flatMap((f) => (f.lookup ? [f.lookup] : [])),
      ),
    ];
    for (const list of used) expect(LOOKUP_LISTS).toContain(list);
  });
});
