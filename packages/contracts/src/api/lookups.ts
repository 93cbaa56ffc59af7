import { z } from 'zod';

// Module lookups (spec 001): relationships, countries, states, preferred communications, languages. The browser imports only the types of this file.

/* ---------------------------------------------------------------- lookups */

export const RelationshipSchema = z.object({ relationshipId: z.number().int(), relationshipDisplay: z.string() });
export const CountrySchema = z.object({
  countryId: z.number().int(),
  countryNameDisplay: z.string(),
  sortOrder: z.number().int(),
});
export const StateSchema = z.object({
  stateId: z.number().int(),
  countryId: z.number().int(),
  stateNameDisplay: z.string(),
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
