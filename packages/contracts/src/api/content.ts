import { z } from 'zod';
import { IdParam } from './common';

/** Content that anyone may read, before login: legal texts and labels. */
export const PUBLIC_CONTENT_KEYS = [
  'TermsOfUse',
  'PrivacyStatement',
  'AccessibilityHelp',
  'SecurityMessageLegal',
  'PatientIdentifierLabel',
  // What a patient agrees to before inviting a personal contact as their representative.
  'AuthorizationStatement',
  'ContactUs',
] as const;
export type PublicContentKey = (typeof PUBLIC_CONTENT_KEYS)[number];

export const LanguageQuerySchema = z.object({
  language: z
    .string()
    .trim()
    .max(35)
    .optional()
    .describe('A locale such as es-MX; unsupported ones fall back to en-US'),
});

export const ContentParamsSchema = z.object({ contentKey: z.enum(PUBLIC_CONTENT_KEYS) });
export const FacilityContentParamsSchema = z.object({
  contentKey: z.enum(PUBLIC_CONTENT_KEYS),
  facilityId: IdParam,
});

export const ContentSchema = z.object({
  contentKey: z.string(),
  language: z.string().describe('The language pack the text is written in (en, es, fr, pt, zh)'),
  body: z.string().describe('Sanitised HTML'),
});
export type Content = z.infer<typeof ContentSchema>;

export const LanguagePackQuerySchema = z.object({
  language: z.string().trim().max(35).optional(),
  facilityId: IdParam.optional(),
});

export const LanguagePackSchema = z.object({
  locale: z.string().describe('The supported locale the request resolved to'),
  language: z.string().describe('The language pack used'),
  strings: z.record(z.string(), z.string()),
});
export type LanguagePackResponse = z.infer<typeof LanguagePackSchema>;

export const SupportedLanguageSchema = z.object({ code: z.string(), name: z.string() });
export type SupportedLanguage = z.infer<typeof SupportedLanguageSchema>;
