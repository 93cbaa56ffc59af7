import {
  lookupKey,
  lookupName,
  stateLookupCode,
  type CountryLookup,
  type LanguageLookup,
  type LookupList,
  type PreferredCommunicationLookup,
  type RelationshipLookup,
  type StateLookup,
  type SupportedLocale,
  type Translations,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import {
  callerLanguage,
  languageStrings,
  type CallerLanguage,
  type LanguageRequest,
} from '../../platform/content/caller-language';
import {
  listCountries,
  listLanguages,
  listPreferredCommunications,
  listRelationships,
  listStates,
} from './lookups.repository';

/** A lookup's name in the language (the pack's, facility overrides included), else its stored name: the one rule. */
const named = (language: CallerLanguage, list: LookupList, code: string, stored: string) =>
  lookupName((key) => language.strings[key], list, code, stored);

/** The language-pack keys of the lookups (packs/<language>/lookups.json). */
export const LOOKUP_KEYS = {
  relationship: (id: number) => lookupKey('relationship', String(id)),
  country: (code: string) => lookupKey('country', code),
  state: (countryCode: string, code: string) => lookupKey('state', stateLookupCode(countryCode, code)),
  preferredCommunication: (code: string) => lookupKey('preferredCommunication', code),
  language: (code: string) => lookupKey('language', code),
};

/** The lists the contact form chooses from, in the caller's language. */
export class LookupsService {
  constructor(private readonly db: Db) {}

  language(request: LanguageRequest): Promise<CallerLanguage> {
    return callerLanguage(this.db, request);
  }

  async relationships(language: CallerLanguage): Promise<RelationshipLookup[]> {
    const rows = await listRelationships(this.db);
    return rows.map((r) => ({
      relationshipId: r.id,
      relationshipDisplay: named(language, 'relationship', String(r.id), r.name),
    }));
  }

  /** By sort order (the facility's own countries first), then by name in the language. */
  async countries(language: CallerLanguage): Promise<CountryLookup[]> {
    const rows = await listCountries(this.db);
    const collator = new Intl.Collator(language.locale, { sensitivity: 'base' });
    return rows
      .map((c) => ({
        countryId: c.id,
        countryNameDisplay: named(language, 'country', c.code, c.name),
        countryName: c.name,
        sortOrder: c.sortOrder,
      }))
      .sort(
        (a, b) =>
          a.sortOrder - b.sortOrder ||
          collator.compare(a.countryNameDisplay, b.countryNameDisplay) ||
          a.countryId - b.countryId,
      );
  }

  /** By country, then by name in the language. */
  async states(language: CallerLanguage, countryId: number | undefined): Promise<StateLookup[]> {
    const rows = await listStates(this.db, countryId);
    const collator = new Intl.Collator(language.locale, { sensitivity: 'base' });
    return rows
      .map((s) => ({
        stateId: s.id,
        countryId: s.countryId,
        stateNameDisplay: s.countryCode
          ? named(language, 'state', stateLookupCode(s.countryCode, s.code), s.name)
          : s.name,
        stateName: s.name,
      }))
      .sort(
        (a, b) =>
          a.countryId - b.countryId ||
          collator.compare(a.stateNameDisplay, b.stateNameDisplay) ||
          a.stateId - b.stateId,
      );
  }

  async preferredCommunications(language: CallerLanguage): Promise<PreferredCommunicationLookup[]> {
    const rows = await listPreferredCommunications(this.db);
    return rows.map((p) => ({
      preferredCommunicationId: p.id,
      preferredCommunicationCode: p.code,
      preferredCommunicationDisplay: named(language, 'preferredCommunication', p.code, p.name),
    }));
  }

  async languages(language: CallerLanguage): Promise<LanguageLookup[]> {
    const rows = await listLanguages(this.db);
    return rows.map((l) => ({
      languageId: l.id,
      languageCode: l.code,
      displayName: named(language, 'language', l.code, l.name),
    }));
  }

  /** Every lookup in one named language (with the caller's facility's wording). */
  async translations(locale: SupportedLocale, facilityId: number): Promise<Translations> {
    const language = await languageStrings(this.db, locale, facilityId);
    return {
      locale: language.locale,
      language: language.pack,
      relationships: await this.relationships(language),
      countries: await this.countries(language),
      states: await this.states(language, undefined),
      preferredCommunications: await this.preferredCommunications(language),
      languages: await this.languages(language),
    };
  }
}
