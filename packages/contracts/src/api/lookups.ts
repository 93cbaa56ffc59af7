import { z } from 'zod';
import { SUPPORTED_LOCALES, type LanguagePack, type SupportedLocale } from '../constants/locales';

// Module lookups (spec 001): relationships, countries, states, preferred communications, languages, each in the
// caller's language, and GET api/languages/translations (all of them in one named language). The browser
// imports only the types of this file.

/* ---------------------------------------------------------------- language */

/** The supported locale a language code names (any case; every zh-* is zh), or null when the portal does not speak it. */
export function portalLocaleOf(code: string): SupportedLocale | null {
  const wanted = code.trim().toLowerCase();
  if (wanted === 'zh' || wanted.startsWith('zh-')) return 'zh';
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase() === wanted) ?? null;
}

/** A language the portal speaks; anything else is a 400 naming the field. */
export const PortalLanguageSchema = z
  .string()
  .trim()
  .max(35)
  .refine((code) => portalLocaleOf(code) !== null, {
    message: `not a language the portal speaks (one of ${SUPPORTED_LOCALES.join(', ')})`,
  })
  .describe('A locale the portal speaks: en-US, en-CA, en-AU, en-GB, es-MX, fr-CA, pt-BR or zh (any case)');

/** ?language of the lookup calls: optional; without it the caller's saved language, then Accept-Language. */
export const LookupLanguageQuerySchema = z.object({ language: PortalLanguageSchema.optional() });

/* ---------------------------------------------------------------- lookups */

export const RelationshipSchema = z.object({ relationshipId: z.number().int(), relationshipDisplay: z.string() });
export const CountrySchema = z.object({
  countryId: z.number().int(),
  countryNameDisplay: z.string().describe('The name in the language of the answer'),
  countryName: z.string().describe('The name addresses store (the same in every language): the value to save'),
  sortOrder: z.number().int(),
});
export const StateSchema = z.object({
  stateId: z.number().int(),
  countryId: z.number().int(),
  stateNameDisplay: z.string().describe('The name in the language of the answer'),
  stateName: z.string().describe('The name addresses store (the same in every language): the value to save'),
});
export const PreferredCommunicationSchema = z.object({
  preferredCommunicationId: z.number().int(),
  preferredCommunicationCode: z.string(),
  preferredCommunicationDisplay: z.string(),
});
export const LanguageLookupSchema = z.object({
  languageId: z.number().int(),
  languageCode: z.string(),
  displayName: z.string(),
});

export type RelationshipLookup = z.infer<typeof RelationshipSchema>;
export type CountryLookup = z.infer<typeof CountrySchema>;
export type StateLookup = z.infer<typeof StateSchema>;
export type PreferredCommunicationLookup = z.infer<typeof PreferredCommunicationSchema>;
export type LanguageLookup = z.infer<typeof LanguageLookupSchema>;

/* ----------------------------------------------------------- translations */

export const TranslationsQuerySchema = z.object({ language: PortalLanguageSchema });

/** GET api/languages/translations?language: every lookup list in one language. */
export const TranslationsSchema = z.object({
  locale: z.enum(SUPPORTED_LOCALES).describe('The supported locale the language resolved to'),
  language: z.enum(['en', 'es', 'fr', 'pt', 'zh'] satisfies [LanguagePack, ...LanguagePack[]]),
  relationships: z.array(RelationshipSchema),
  countries: z.array(CountrySchema),
  states: z.array(StateSchema),
  preferredCommunications: z.array(PreferredCommunicationSchema),
  languages: z.array(LanguageLookupSchema),
});
export type Translations = z.infer<typeof TranslationsSchema>;
