import type { FastifyRequest } from 'fastify';
import {
  FACILITY_FORM_DOWNLOAD_AUDIT_EVENT,
  type CapabilityModuleName,
  type DownloadableItem,
  type Faq,
  type LanguagePack,
  type UsefulLinks,
} from '@portal/contracts';
import type { Database } from '../../db/client';
import { requireCaller } from '../../platform/access/access-control';
import { grantsModule } from '../../platform/access/module-grants';
import type { Access } from '../../platform/access/patient-scope';
import { AppError, notFound } from '../../platform/errors/app-error';
import { auditCaller } from '../../platform/audit/audit';
import type { SessionCaller } from '../../platform/auth/sessions';
import { sanitizeRichText } from '../../platform/content/sanitize';
import {
  findFormFile,
  findUsefulLinks,
  findUserStanding,
  listFaqs,
  listForms,
  type ByLanguage,
} from './facility-pages.repository';

export const FACILITY_PAGE_MODULES = {
  faqs: 'Faqs',
  usefulLinks: 'UsefulLinks',
  forms: 'DownloadableItems',
} as const;
export const FORM_NOT_FOUND_MESSAGE = 'This form is not available.';
const NOT_GRANTED = 'This part of the portal is not offered by your facility.';

/** The text in the caller's language, else the English one every item has. */
export function inLanguage<T>(texts: ByLanguage<T>, pack: LanguagePack): { language: LanguagePack; text: T } {
  const own = texts[pack];
  return own === undefined ? { language: 'en', text: texts.en } : { language: pack, text: own };
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'text/plain': 'txt',
};

/** How the caller stands to a patient for the capability profile: as the browser's navigation reads it. */
async function accessOf(db: Database['db'], caller: SessionCaller): Promise<Access | null> {
  switch (caller.loginType) {
    case 'patientKioskUser':
      return 'kioskUser';
    case 'patientLinkUser':
      return 'linkUser';
    case 'patientKioskManagement':
      return null;
    default: {
      if (caller.userId === null) return null;
      const standing = await findUserStanding(db, caller.userId);
      if (standing.hasOwnRecord) return 'self';
      return standing.represents ? 'representative' : null;
    }
  }
}

/**
 * The pages of a facility are for its own users: another facility's id is 404 as an unknown one is; then the terms
 * of use accepted and the page's module granted to the caller (patient, representative, kiosk or link user), else
 * 403, as for the patient routes.
 */
export async function facilityPageCaller(
  db: Database['db'],
  request: FastifyRequest,
  facilityId: number,
  module: CapabilityModuleName,
): Promise<SessionCaller> {
  const caller = requireCaller(request);
  if (caller.facilityId !== facilityId) throw notFound('not_found', 'Not found.');
  if (caller.termsAccepted === false) {
    throw new AppError(403, 'terms_not_accepted', 'Please accept the terms of use to continue.');
  }
  const access = await accessOf(db, caller);
  if (!access || !(await grantsModule(db, facilityId, access, module))) {
    throw new AppError(403, 'module_not_granted', NOT_GRANTED);
  }
  return caller;
}

export class FacilityPagesService {
  constructor(private readonly db: Database['db']) {}

  async faqs(facilityId: number, pack: LanguagePack): Promise<Faq[]> {
    const rows = await listFaqs(this.db, facilityId);
    return rows.map((row) => {
      const { text } = inLanguage(row.texts, pack);
      // Sanitised on the way out as well: stored rows may predate a rule change.
      return {
        faqId: row.id,
        question: sanitizeRichText(text.question),
        answer: sanitizeRichText(text.answer),
        viewOrder: row.viewOrder,
      };
    });
  }

  async usefulLinks(facilityId: number, pack: LanguagePack): Promise<UsefulLinks> {
    const page = await findUsefulLinks(this.db, facilityId);
    if (!page) return { language: pack, body: '' };
    const { language, text } = inLanguage(page, pack);
    return { language, body: sanitizeRichText(text) };
  }

  async forms(facilityId: number, pack: LanguagePack): Promise<DownloadableItem[]> {
    const rows = await listForms(this.db, facilityId);
    return rows.map((row) => {
      const { text } = inLanguage(row.texts, pack);
      return {
        downloadableItemId: row.id,
        facilityId,
        title: text.title,
        description: text.description,
        contentType: row.contentType,
        fileType: EXTENSIONS[row.contentType] ?? 'bin',
        fileSize: row.sizeBytes,
        viewOrder: row.viewOrder,
        url: `/api/facilities/${facilityId}/downloadableContent/${row.id}`,
      };
    });
  }

  /** The form's file, with an audit row of who downloaded which form (a failed try too). */
  async formFile(caller: SessionCaller, facilityId: number, formId: number, clientAddress: string) {
    const form = await findFormFile(this.db, facilityId, formId);
    await auditCaller(this.db, caller, FACILITY_FORM_DOWNLOAD_AUDIT_EVENT, {
      outcome: form ? 'success' : 'failure',
      detail: { facilityId, formId },
      route: 'GET /api/facilities/:facilityId/downloadableContent/:formId',
      clientAddress,
    });
    if (!form) throw notFound('form_not_found', FORM_NOT_FOUND_MESSAGE);
    return form;
  }
}
