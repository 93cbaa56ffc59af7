import { createHash } from 'node:crypto';
import {
  FACILITY_FORM_FILE_MAX_BYTES,
  FACILITY_PAGE_LANGUAGES,
  type FacilityFormContentType,
  type IntegrationFaq,
  type IntegrationForm,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../platform/errors/app-error';
import { sanitizeRichText } from '../../platform/content/sanitize';
import { keyedRecords, type KeyedRecordKind, type KeyedRow } from '../../platform/intake/keyed-records';
import {
  faqTable,
  formTable,
  putUsefulLinks,
  type ByLanguage,
  type FaqTexts,
  type FormRecord,
  type FormTexts,
} from './facility-pages.repository';
import { hasTextControl } from '../../platform/text/control-characters';

// What the integration API reads and removes, as the repository answers it (routes reach SQL only through here).
export {
  deleteFacilityTexts,
  deleteUsefulLinks,
  findFacilityTexts,
  findLiveFaq,
  findLiveForm,
  findUsefulLinks,
  listFacilityContacts,
  replaceFacilityContacts,
  replaceFacilityTexts,
} from './facility-pages.repository';

// How a facility's page content comes in, for the integration API and the demo alike: rich text sanitised before
// it is stored, a form's file checked against its declared type.

/** The facility's rich text as stored: sanitised; one that holds nothing once cleaned is refused, naming `field`. */
export function cleanRichText(html: string, field: string): string {
  const clean = sanitizeRichText(html).trim();
  const visible = clean
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  if (!visible)
    throw badRequest('validation_failed', `${field} holds no text once scripts and markup are removed`, field);
  return clean;
}

/** Each language present, mapped (English first, the others in the portal's order). */
function mapLanguages<T, U>(texts: Partial<Record<string, T>>, map: (text: T, language: string) => U): ByLanguage<U> {
  const out: Partial<Record<string, U>> = {};
  for (const language of FACILITY_PAGE_LANGUAGES) {
    const text = texts[language];
    if (text !== undefined) out[language] = map(text, language);
  }
  return out as ByLanguage<U>;
}

export function faqTextsOf(texts: IntegrationFaq['texts']): FaqTexts {
  return mapLanguages(texts, (text, language) => ({
    question: cleanRichText(text.question, `texts.${language}.question`),
    answer: cleanRichText(text.answer, `texts.${language}.answer`),
  }));
}

export function richPageOf(contentHtml: Partial<Record<string, string>>): ByLanguage<string> {
  return mapLanguages(contentHtml, (html, language) => cleanRichText(html, `contentHtml.${language}`));
}

/** What a file of each type starts with; plain text is checked as UTF-8 without control characters instead. */
const MAGIC: Record<Exclude<FacilityFormContentType, 'text/plain'>, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

function isPlainText(data: Buffer): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data);
  return !text.includes('\uFFFD') && !hasTextControl(text);
}

/** The file's bytes when they are what contentType says and within the size limit; else 400 naming file.content. */
export function formFileOf(file: IntegrationForm['file']): Buffer {
  const data = Buffer.from(file.content, 'base64');
  if (data.length === 0) throw badRequest('validation_failed', 'file.content is empty', 'file.content');
  if (data.length > FACILITY_FORM_FILE_MAX_BYTES) {
    throw badRequest('validation_failed', 'file.content is larger than 5 MiB', 'file.content');
  }
  const ok =
    file.contentType === 'text/plain'
      ? isPlainText(data)
      : MAGIC[file.contentType].every((byte, i) => data[i] === byte);
  if (!ok) throw badRequest('validation_failed', `file.content is not a ${file.contentType} file`, 'file.content');
  return data;
}

export function formRecordOf(body: IntegrationForm): FormRecord {
  const data = formFileOf(body.file);
  const texts: FormTexts = mapLanguages(body.texts, (text) => ({
    title: text.title,
    description: text.description?.trim() ? text.description.trim() : null,
  }));
  return {
    viewOrder: body.viewOrder,
    texts,
    fileName: body.file.fileName.replace(/[^A-Za-z0-9._-]/g, '_'),
    contentType: body.file.contentType,
    sizeBytes: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    data,
  };
}

export interface FaqRecord {
  viewOrder: number;
  texts: FaqTexts;
}

// The page shows when the facility last changed an FAQ or a form.
const faqKind: KeyedRecordKind<FaqRecord, KeyedRow, never, 'facilityId'> = {
  ...faqTable,
  columns: (record, { now }) => ({ ...record, updatedAt: now }),
};
const formKind: KeyedRecordKind<FormRecord, KeyedRow, never, 'facilityId'> = {
  ...formTable,
  columns: (record, { now }) => ({ ...record, updatedAt: now }),
};

/** An FAQ as the intake keeps it: its question and answer sanitised, by language. */
export function faqRecordOf(body: IntegrationFaq): FaqRecord {
  return { viewOrder: body.viewOrder, texts: faqTextsOf(body.texts) };
}

export const faqRecords = keyedRecords(faqKind);
export const formRecords = keyedRecords(formKind);

export function putFacilityUsefulLinks(tx: DbOrTx, facilityId: number, contentHtml: Partial<Record<string, string>>) {
  return putUsefulLinks(tx, facilityId, richPageOf(contentHtml));
}
