import { z } from 'zod';
import { IdParam } from './common';

export const FacilityQuerySchema = z.object({
  facilityAlias: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$/, 'must be a host name')
    .describe('The host name the portal is served on'),
});

export const FacilitySchema = z.object({
  facilityId: z.number().int(),
  facilityName: z.string(),
  facilityPortalName: z.string(),
  facilityShortName: z.string().describe('Used in page titles'),
  theme: z.object({ id: z.number().int() }),
  timeZone: z.object({
    abbreviation: z.string().describe('For example EST, as of now'),
    id: z.string().describe('IANA time zone id, for example America/New_York'),
    offset: z.number().int().describe('Minutes east of UTC, as of now'),
  }),
  defaultCommunicationLanguage: z.object({ id: z.number().int(), name: z.string() }),
  hasLogo: z.boolean(),
  resources: z.object({
    faqs: z.boolean(),
    usefulLinks: z.boolean(),
    downloadableForms: z.boolean(),
  }),
});
export type Facility = z.infer<typeof FacilitySchema>;

export const FacilityIdParamsSchema = z.object({ facilityId: IdParam });
export const ThemeIdParamsSchema = z.object({ themeId: IdParam });
