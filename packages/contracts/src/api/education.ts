import { z } from 'zod';
import { IdParam } from './common';

// Education (spec 002, sections 2.1, 3, 4 and 7): articles the care team assigns to a patient from the
// facility's library. The browser imports only types from here.

export const EducationArticleSchema = z.object({
  articleId: z.number().int().describe('The id of this assignment of the article to the patient'),
  assignedDate: z.string().describe('YYYY-MM-DD: the day the care team assigned the article (no time part)'),
  categoryName: z.string(),
  categorySortOrder: z.number().int().describe('Categories of one day are shown in this order (then by name)'),
  isArchived: z.boolean(),
  wasReadByPatient: z
    .string()
    .nullable()
    .describe('ISO 8601 instant the article was first opened in the portal; null while unread'),
  title: z.string(),
});
export type EducationArticle = z.infer<typeof EducationArticleSchema>;

export const EducationListQuery = z.object({
  includeArchived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe('true: archived articles too; false (the default): only the ones not archived'),
});

/** The counts answer a plain JSON number. */
export const EducationCountSchema = z.number().int().min(0);

export const EducationArticleParams = z.object({ articleId: IdParam });

export const EducationArchiveSchema = z.object({ isArchived: z.boolean() }).strict();
export type EducationArchive = z.infer<typeof EducationArchiveSchema>;

export const EducationContentQuery = z.object({
  token: z.string().max(1000).optional().describe('A URL token from POST /api/urlTokens for this exact path'),
});
