// Education (spec 002, sections 3 and 9): values the browser needs too (no zod here).

/** The user preference that says where an article opens. */
export const EDUCATION_PREVIEW_PREFERENCE = 'EducationMaterials_EducationPreviewSetting';
/** NewTab (the default): a new window. InPage: the frame on the right of the list. */
export const EDUCATION_PREVIEW_SETTINGS = ['NewTab', 'InPage'] as const;
export type EducationPreviewSetting = (typeof EDUCATION_PREVIEW_SETTINGS)[number];
export const DEFAULT_EDUCATION_PREVIEW_SETTING: EducationPreviewSetting = 'NewTab';

/** Written by the server when an article's content is handed out. */
export const EDUCATION_ARTICLE_VIEW_AUDIT_EVENT = 'educationarticleviewauditevent';
