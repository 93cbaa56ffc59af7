import { z } from 'zod';
import { IdParam } from './common';

// The patient API's facility information pages (spec 002, 2.10): FAQs, the useful links page and the downloadable
// forms of the caller's facility, in the caller's language (English where the facility wrote none).

export const FacilityFormParamsSchema = z.object({ facilityId: IdParam, formId: IdParam });

export const FaqSchema = z.object({
  faqId: z.number().int(),
  question: z.string().describe('Sanitised HTML'),
  answer: z.string().describe('Sanitised HTML'),
  viewOrder: z.number().int(),
});
export type Faq = z.infer<typeof FaqSchema>;

export const UsefulLinksSchema = z.object({
  language: z.string().describe('The language the page is written in (en, es, fr, pt, zh)'),
  body: z.string().describe('Sanitised HTML; empty when the facility wrote no page'),
});
export type UsefulLinks = z.infer<typeof UsefulLinksSchema>;

export const DownloadableItemSchema = z.object({
  downloadableItemId: z.number().int(),
  facilityId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  contentType: z.string().describe('The MIME type: application/pdf, image/png, image/jpeg or text/plain'),
  fileType: z.string().describe('The file name extension (pdf, png, jpg, txt)'),
  fileSize: z.number().int().describe('In bytes; the page shows fileSize / 1000 KB with 2 decimals'),
  viewOrder: z.number().int(),
  url: z.string().describe('The download path; open it with ?token= from POST /api/urlTokens'),
});
export type DownloadableItem = z.infer<typeof DownloadableItemSchema>;

/** The event of the audit row a form download leaves (the form's id, never its contents). */
export const FACILITY_FORM_DOWNLOAD_AUDIT_EVENT = 'facilityformdownloadauditevent';
