import { z } from 'zod';
import { PUBLIC_CONTENT_KEYS } from './content';
import { INTEGRATION_EXTERNAL_ID_PATTERN } from './integration-clinical';

// The integration API's facility information pages (scope 'content'): FAQs, the useful links page, downloadable
// forms with their files, the Contact Us list and the facility's texts (Contact Us instructions, legal texts), each
// in the portal's languages. Rich text is sanitised on the way in. Unknown fields are refused. Server-only.

/** The languages a facility writes its pages in; English is the fallback every other language falls back to. */
export const FACILITY_PAGE_LANGUAGES = ['en', 'es', 'fr', 'pt', 'zh'] as const;
export type FacilityPageLanguage = (typeof FACILITY_PAGE_LANGUAGES)[number];

/** The largest rich text (an answer, the useful links page, a facility text), in characters of HTML as sent. */
export const FACILITY_PAGE_HTML_MAX = 100_000;
/** The largest form file, decoded (5 MiB). */
export const FACILITY_FORM_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** The body limit of PUT /facility/forms/{externalId}: the file travels base64-encoded, a third larger. */
export const FACILITY_FORM_BODY_LIMIT_BYTES = 7 * 1024 * 1024 + 256 * 1024;
/** The file types a form may have: what the page shows an icon for and a browser opens on its own. */
export const FACILITY_FORM_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain'] as const;
export type FacilityFormContentType = (typeof FACILITY_FORM_CONTENT_TYPES)[number];

export const FacilityPageRecordParams = z.object({
  externalId: z
    .string()
    .regex(
      INTEGRATION_EXTERNAL_ID_PATTERN,
      'externalId must be 1 to 200 letters, digits or . _ ~ : @ ^ | + = - characters',
    )
    .describe('Your own identifier of the item: unique in your facility, the key of every later PUT and DELETE'),
});

/** Texts per language: English required (the fallback), the others optional. */
function perLanguage<T extends z.ZodType>(text: T) {
  return z
    .object({
      en: text,
      es: text.optional(),
      fr: text.optional(),
      pt: text.optional(),
      zh: text.optional(),
    })
    .strict()
    .describe('By language (en, es, fr, pt, zh): en is required, a language left out is shown in English');
}

const richText = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(FACILITY_PAGE_HTML_MAX)
    .describe(
      `${what} as HTML, up to 100,000 characters; sanitised on the way in (scripts, styles, event handlers, ` +
        'frames, forms, images and javascript: links removed; paragraphs, headings, lists, tables, emphasis and ' +
        'links stay)',
    );

const viewOrder = z
  .number()
  .int()
  .min(0)
  .max(1_000_000)
  .default(0)
  .describe('The place on the page (ascending; then the order items arrived)');

export const IntegrationFaqSchema = z
  .object({
    viewOrder,
    texts: perLanguage(z.object({ question: richText('The question'), answer: richText('The answer') }).strict()),
  })
  .strict();
export type IntegrationFaq = z.infer<typeof IntegrationFaqSchema>;

export const IntegrationFaqReadSchema = z.object({
  id: z.number().int(),
  externalId: z.string(),
  viewOrder: z.number().int(),
  texts: z.record(z.string(), z.object({ question: z.string(), answer: z.string() })),
  updatedAt: z.string(),
});

export const IntegrationRichPageSchema = z.object({ contentHtml: perLanguage(richText('The page')) }).strict();
export type IntegrationRichPage = z.infer<typeof IntegrationRichPageSchema>;

export const IntegrationRichPageReadSchema = z.object({
  contentHtml: z.record(z.string(), z.string()).describe('The texts as stored (sanitised), by language'),
});

export const IntegrationFormSchema = z
  .object({
    viewOrder,
    texts: perLanguage(
      z
        .object({
          title: z.string().trim().min(1).max(300).describe('Plain text: the form’s name on the list'),
          description: z.string().trim().max(2000).nullable().optional().describe('Plain text, optional'),
        })
        .strict(),
    ),
    file: z
      .object({
        fileName: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .describe('The name the browser saves it under (characters other than letters, digits, . _ - become _)'),
        contentType: z.enum(FACILITY_FORM_CONTENT_TYPES),
        content: z
          .string()
          .max(Math.ceil(FACILITY_FORM_FILE_MAX_BYTES / 3) * 4)
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'content must be base64')
          .describe('The file, base64-encoded, at most 5 MiB decoded; its bytes are checked against contentType'),
      })
      .strict(),
  })
  .strict();
export type IntegrationForm = z.infer<typeof IntegrationFormSchema>;

export const IntegrationFormReadSchema = z.object({
  id: z.number().int().describe('The portal’s id of the form (formId in the patient API)'),
  externalId: z.string(),
  viewOrder: z.number().int(),
  texts: z.record(z.string(), z.object({ title: z.string(), description: z.string().nullable() })),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string().describe('Hex SHA-256 of the file as stored'),
  updatedAt: z.string(),
});

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const IntegrationFacilityContactSchema = z
  .object({
    contactName: z.string().trim().min(1).max(200),
    address1: optionalText(200),
    address2: optionalText(200),
    city: optionalText(100),
    state: optionalText(100),
    zipCode: optionalText(20),
    country: optionalText(100),
    phone: z
      .string()
      .regex(/^\d{0,20}$/, 'phone must be digits only')
      .nullable()
      .optional(),
    fax: z
      .string()
      .regex(/^\d{0,20}$/, 'fax must be digits only')
      .nullable()
      .optional(),
    email: z.email().max(254).nullable().optional(),
  })
  .strict();

export const IntegrationFacilityContactsSchema = z
  .object({
    contacts: z
      .array(IntegrationFacilityContactSchema)
      .max(200)
      .describe('The whole list, in the order the page shows it (sortOrder is the place in this list)'),
  })
  .strict();
export type IntegrationFacilityContacts = z.infer<typeof IntegrationFacilityContactsSchema>;

export const IntegrationFacilityContactsPutSchema = z.object({
  contacts: z.number().int(),
  changed: z.boolean(),
});

export const FacilityTextParams = z.object({
  contentKey: z
    .enum(PUBLIC_CONTENT_KEYS)
    .describe('ContactUs (the instructions above the contacts), TermsOfUse, PrivacyStatement, ...'),
});

export const IntegrationPagePutSchema = z.object({ changed: z.boolean() });
