import {
  FACILITY_FORM_BODY_LIMIT_BYTES,
  FacilityPageRecordParams,
  FacilityTextParams,
  IntegrationFacilityContactsPutSchema,
  IntegrationFacilityContactsSchema,
  IntegrationFaqReadSchema,
  IntegrationFaqSchema,
  IntegrationFormReadSchema,
  IntegrationFormSchema,
  IntegrationPagePutSchema,
  IntegrationRichPageReadSchema,
  IntegrationRichPageSchema,
} from '@portal/contracts';
import { integrationCallerOf } from '../../platform/access/access-control';
import { keyedResourceRoutes } from '../../platform/integration/keyed-routes';
import { integrationRoute, NO_CONTENT, type RouteApp } from '../../platform/http/routes';
import { notFound } from '../../platform/errors/app-error';
import {
  deleteFacilityTexts,
  deleteUsefulLinks,
  findFacilityTexts,
  findLiveFaq,
  findLiveForm,
  findUsefulLinks,
  listFacilityContacts,
  faqRecordOf,
  faqRecords,
  formRecordOf,
  formRecords,
  putFacilityUsefulLinks,
  replaceFacilityContacts,
  replaceFacilityTexts,
  richPageOf,
} from './facility-pages.intake';

const TAGS = ['Facility pages'];
const FAQ_PATH = '/integration/v1/facility/faqs/:externalId';
const FORM_PATH = '/integration/v1/facility/forms/:externalId';
const LINKS_PATH = '/integration/v1/facility/useful-links';
const CONTACTS_PATH = '/integration/v1/facility/contacts';
const TEXT_PATH = '/integration/v1/facility/texts/:contentKey';
export const FAQ_NOT_FOUND_MESSAGE = 'Your facility has no FAQ with this externalId.';
export const FORM_NOT_FOUND_MESSAGE = 'Your facility has no form with this externalId.';
export const LINKS_NOT_FOUND_MESSAGE = 'Your facility has no useful links page.';
export const TEXT_NOT_FOUND_MESSAGE = 'Your facility has no text of its own under this key.';
const SANITISED =
  'Rich text is sanitised on the way in: scripts, styles, event handlers (onclick...), frames, forms, images and ' +
  'javascript: links are removed and never stored; a text with nothing left is a 400 naming it.';
const LANGUAGES = 'Texts by language (en, es, fr, pt, zh): en is required and is shown where a language is missing.';

/** The facility's content for its information pages through the integration API (scope 'content'). */
export async function facilityPageIntegrationRoutes(app: RouteApp) {
  const { db } = app.deps.database;
  const facilityOf = (request: Parameters<typeof integrationCallerOf>[0]) => integrationCallerOf(request).facilityId;

  /* ------------------------------------------------------------------- FAQs */

  keyedResourceRoutes(app, {
    owner: 'facility',
    path: FAQ_PATH,
    scope: 'content',
    tags: TAGS,
    params: FacilityPageRecordParams,
    body: IntegrationFaqSchema,
    put: {
      summary: 'Create or replace an FAQ',
      description:
        `An idempotent upsert keyed by your identifier (201 created, 200 replaced; changed: false for a resend; a ` +
        `withdrawn FAQ put again is back). Question and answer are rich text. ${LANGUAGES} ${SANITISED}`,
    },
    withdraw: {
      summary: 'Withdraw an FAQ',
      description: '204, also for one already withdrawn; 404 not_found when there is none with this externalId.',
    },
    notFoundMessage: FAQ_NOT_FOUND_MESSAGE,
    records: faqRecords,
    recordOf: faqRecordOf,
  });

  app.get(
    FAQ_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'An FAQ as the portal holds it (sanitised)',
      description: '404 not_found when your facility has no live FAQ with this externalId.',
      params: FacilityPageRecordParams,
      response: { 200: IntegrationFaqReadSchema },
    }),
    async (request) => {
      const row = await findLiveFaq(db, facilityOf(request), request.params.externalId);
      if (!row) throw notFound('not_found', FAQ_NOT_FOUND_MESSAGE);
      return { ...row, updatedAt: row.updatedAt.toISOString() };
    },
  );

  /* ------------------------------------------------------------------ forms */

  keyedResourceRoutes(app, {
    owner: 'facility',
    path: FORM_PATH,
    scope: 'content',
    tags: TAGS,
    params: FacilityPageRecordParams,
    body: IntegrationFormSchema,
    bodyLimit: FACILITY_FORM_BODY_LIMIT_BYTES,
    put: {
      summary: 'Create or replace a downloadable form with its file',
      description:
        'An idempotent upsert keyed by your identifier (201 created, 200 replaced; changed: false for a resend). ' +
        'Title and description are plain text. file: fileName, contentType (application/pdf, image/png, ' +
        'image/jpeg, text/plain) and content, base64-encoded, at most 5 MiB decoded; its bytes are checked ' +
        'against contentType (a PDF starts with %PDF-, text is UTF-8 without control characters), else 400 ' +
        `naming file.content. Body up to 7.25 MiB. ${LANGUAGES}`,
    },
    withdraw: {
      summary: 'Withdraw a downloadable form',
      description: '204, also for one already withdrawn; 404 not_found when there is none with this externalId.',
    },
    notFoundMessage: FORM_NOT_FOUND_MESSAGE,
    records: formRecords,
    recordOf: formRecordOf,
  });

  app.get(
    FORM_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'A form as the portal holds it (without the file: its size and SHA-256)',
      description: '404 not_found when your facility has no live form with this externalId.',
      params: FacilityPageRecordParams,
      response: { 200: IntegrationFormReadSchema },
    }),
    async (request) => {
      const row = await findLiveForm(db, facilityOf(request), request.params.externalId);
      if (!row) throw notFound('not_found', FORM_NOT_FOUND_MESSAGE);
      return { ...row, updatedAt: row.updatedAt.toISOString() };
    },
  );

  /* ----------------------------------------------------------- useful links */

  app.put(
    LINKS_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'Set the useful links page',
      description: `The whole page, replaced (changed: false for a resend). ${LANGUAGES} ${SANITISED}`,
      body: IntegrationRichPageSchema,
      response: { 200: IntegrationPagePutSchema },
    }),
    async (request) => ({
      changed: await db.transaction((tx) => putFacilityUsefulLinks(tx, facilityOf(request), request.body.contentHtml)),
    }),
  );

  app.get(
    LINKS_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'The useful links page as the portal holds it (sanitised)',
      description: '404 not_found when your facility has none.',
      response: { 200: IntegrationRichPageReadSchema },
    }),
    async (request) => {
      const contentHtml = await findUsefulLinks(db, facilityOf(request));
      if (!contentHtml) throw notFound('not_found', LINKS_NOT_FOUND_MESSAGE);
      return { contentHtml };
    },
  );

  app.delete(
    LINKS_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'Remove the useful links page',
      description: '204; 404 not_found when your facility has none.',
      response: { 204: NO_CONTENT },
    }),
    async (request, reply) => {
      const deleted = await db.transaction((tx) => deleteUsefulLinks(tx, facilityOf(request)));
      if (!deleted) throw notFound('not_found', LINKS_NOT_FOUND_MESSAGE);
      return reply.status(204).send(null);
    },
  );

  /* ---------------------------------------------------------------- contacts */

  app.put(
    CONTACTS_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'Set the Contact Us list',
      description:
        'The whole list, replaced in one transaction, in the order given (an empty list empties it; changed: ' +
        'false for a resend). Phones and fax are digits only; the page formats them.',
      body: IntegrationFacilityContactsSchema,
      response: { 200: IntegrationFacilityContactsPutSchema },
    }),
    async (request) => {
      const contacts = request.body.contacts.map((c, sortOrder) => ({
        contactName: c.contactName,
        address1: c.address1 ?? null,
        address2: c.address2 ?? null,
        city: c.city ?? null,
        state: c.state ?? null,
        zipCode: c.zipCode ?? null,
        country: c.country ?? null,
        phone: c.phone || null,
        fax: c.fax || null,
        email: c.email ?? null,
        sortOrder,
      }));
      const changed = await db.transaction((tx) => replaceFacilityContacts(tx, facilityOf(request), contacts));
      return { contacts: contacts.length, changed };
    },
  );

  app.get(
    CONTACTS_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'The Contact Us list as the portal holds it',
      response: { 200: IntegrationFacilityContactsSchema },
    }),
    async (request) => {
      const rows = await listFacilityContacts(db, facilityOf(request));
      return { contacts: rows.map(({ id: _id, facilityId: _f, sortOrder: _s, ...contact }) => contact) };
    },
  );

  /* ---------------------------------------------------------- facility texts */

  app.put(
    TEXT_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'Set a text of your facility (Contact Us instructions, terms of use, privacy statement, ...)',
      description:
        'Your own text under a content key, replacing the product default for your patients in every language ' +
        `you send (the others read yours in English). ContactUs is the instructions above the Contact Us list. ${LANGUAGES} ${SANITISED}`,
      params: FacilityTextParams,
      body: IntegrationRichPageSchema,
      response: { 200: IntegrationPagePutSchema },
    }),
    async (request) => {
      const texts = richPageOf(request.body.contentHtml);
      return {
        changed: await db.transaction((tx) =>
          replaceFacilityTexts(tx, facilityOf(request), request.params.contentKey, texts),
        ),
      };
    },
  );

  app.get(
    TEXT_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'A text of your facility as the portal holds it (sanitised)',
      description: '404 not_found when your facility has no text of its own under this key (the default applies).',
      params: FacilityTextParams,
      response: { 200: IntegrationRichPageReadSchema },
    }),
    async (request) => {
      const rows = await findFacilityTexts(db, facilityOf(request), request.params.contentKey);
      if (rows.length === 0) throw notFound('not_found', TEXT_NOT_FOUND_MESSAGE);
      return { contentHtml: Object.fromEntries(rows.map((row) => [row.language, row.body])) };
    },
  );

  app.delete(
    TEXT_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'Remove a text of your facility: the product default applies again',
      description: '204; 404 not_found when your facility has no text of its own under this key.',
      params: FacilityTextParams,
      response: { 204: NO_CONTENT },
    }),
    async (request, reply) => {
      const deleted = await db.transaction((tx) =>
        deleteFacilityTexts(tx, facilityOf(request), request.params.contentKey),
      );
      if (!deleted) throw notFound('not_found', TEXT_NOT_FOUND_MESSAGE);
      return reply.status(204).send(null);
    },
  );
}
