import { z } from 'zod';
import {
  DownloadableItemSchema,
  FacilityFormParamsSchema,
  FacilityIdParamsSchema,
  FaqSchema,
  LanguageQuerySchema,
  UsefulLinksSchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { STANDARD_ERRORS, type RouteApp } from '../../platform/http/routes';
import { sendDocument } from '../../platform/http/documents';
import { callerLanguage } from '../../platform/content/caller-language';
import { FACILITY_PAGE_MODULES, FacilityPagesService, facilityPageCaller } from './facility-pages.service';

const TAGS = ['Facility'];
const ACCESS_NOTE =
  'For the users of this facility only (another facility id is 404 not_found), once the terms of use are ' +
  'accepted (else 403 terms_not_accepted), when the facility grants the caller the module';
const LANGUAGE_NOTE =
  "In the caller's language (?language, else the saved one, else Accept-Language, else the facility's); an " +
  'item the facility did not write in that language comes in English.';

// FAQs, useful links and downloadable forms of a facility (spec 002, 2.10), per language.
export async function facilityPageRoutes(app: RouteApp) {
  const { db } = app.deps.database;
  const service = new FacilityPagesService(db);

  const languageOf = async (request: FastifyRequest, requested: string | undefined) =>
    (
      await callerLanguage(db, {
        caller: request.caller,
        requested,
        acceptLanguage: request.headers['accept-language'],
      })
    ).pack;

  app.get(
    '/api/facilities/:facilityId/faqs',
    {
      config: { access: 'session' },
      schema: {
        tags: TAGS,
        summary: 'The facility’s FAQs',
        description: `Question and answer (sanitised HTML), by viewOrder. ${ACCESS_NOTE} Faqs (else 403 module_not_granted). ${LANGUAGE_NOTE}`,
        params: FacilityIdParamsSchema,
        querystring: LanguageQuerySchema,
        response: { ...STANDARD_ERRORS, 200: z.array(FaqSchema) },
      },
    },
    async (request) => {
      const { facilityId } = request.params;
      await facilityPageCaller(db, request, facilityId, FACILITY_PAGE_MODULES.faqs);
      return service.faqs(facilityId, await languageOf(request, request.query.language));
    },
  );

  app.get(
    '/api/facilities/:facilityId/usefulLinks',
    {
      config: { access: 'session' },
      schema: {
        tags: TAGS,
        summary: 'The facility’s useful links page',
        description: `A content page (sanitised HTML; empty body when the facility wrote none). ${ACCESS_NOTE} UsefulLinks (else 403 module_not_granted). ${LANGUAGE_NOTE}`,
        params: FacilityIdParamsSchema,
        querystring: LanguageQuerySchema,
        response: { ...STANDARD_ERRORS, 200: UsefulLinksSchema },
      },
    },
    async (request) => {
      const { facilityId } = request.params;
      await facilityPageCaller(db, request, facilityId, FACILITY_PAGE_MODULES.usefulLinks);
      return service.usefulLinks(facilityId, await languageOf(request, request.query.language));
    },
  );

  app.get(
    '/api/facilities/:facilityId/downloadableContent',
    {
      config: { access: 'session' },
      schema: {
        tags: TAGS,
        summary: 'The facility’s downloadable forms',
        description: `Title, description, MIME type, file type, size in bytes, by viewOrder. ${ACCESS_NOTE} DownloadableItems (else 403 module_not_granted). ${LANGUAGE_NOTE}`,
        params: FacilityIdParamsSchema,
        querystring: LanguageQuerySchema,
        response: { ...STANDARD_ERRORS, 200: z.array(DownloadableItemSchema) },
      },
    },
    async (request) => {
      const { facilityId } = request.params;
      await facilityPageCaller(db, request, facilityId, FACILITY_PAGE_MODULES.forms);
      return service.forms(facilityId, await languageOf(request, request.query.language));
    },
  );

  app.get(
    '/api/facilities/:facilityId/downloadableContent/:formId',
    {
      config: { access: 'session', urlToken: true },
      schema: {
        tags: TAGS,
        summary: 'One downloadable form’s file',
        description:
          'Opened in a new window with ?token= (POST /api/urlTokens for this exact path) or with the bearer ' +
          `header. The file with its own type, inline, never cached. ${ACCESS_NOTE} DownloadableItems (else 403 ` +
          'module_not_granted). 404 form_not_found for a form the facility does not have (or withdrew). Each ' +
          'download leaves an audit row (facilityformdownloadauditevent: the form id).',
        params: FacilityFormParamsSchema,
        querystring: z.object({ token: z.string().max(1000).optional() }),
        response: { ...STANDARD_ERRORS, 200: z.any().describe('The file') },
      },
    },
    async (request, reply) => {
      const { facilityId, formId } = request.params;
      const caller = await facilityPageCaller(db, request, facilityId, FACILITY_PAGE_MODULES.forms);
      const form = await service.formFile(caller, facilityId, formId, request.ip);
      return sendDocument(reply, {
        contentType: form.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : form.contentType,
        body: form.data,
        fileName: form.fileName,
      });
    },
  );
}
