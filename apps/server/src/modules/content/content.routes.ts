import {
  ContentParamsSchema,
  ContentSchema,
  ErrorBodySchema,
  FacilityContentParamsSchema,
  LanguagePackQuerySchema,
  LanguagePackSchema,
  LanguageQuerySchema,
} from '@portal/contracts';
import type { RouteApp } from '../../platform/http/routes';
import { notFound } from '../../platform/errors/app-error';
import { packStrings } from '../../platform/content/caller-language';
import { resolvePack, type Strings } from '../../platform/content/language-packs';
import { sanitizeRichText } from '../../platform/content/sanitize';
import { findContent } from '../../platform/content/content-store';

/** Each built pack's strings as JSON, written once: about 77 KB that change only with a facility's wording. */
const stringsJson = new WeakMap<Strings, string>();

export async function contentRoutes(app: RouteApp) {
  const { database } = app.deps;

  async function loadContent(contentKey: string, language: string | undefined, facilityId?: number) {
    const { pack } = resolvePack(language);
    const row = await findContent(database.db, contentKey, pack, facilityId);
    if (!row) throw notFound('content_not_found', 'This content is not available.');
    // Sanitised on the way out as well as on the way in: stored rows may predate a rule change.
    return { contentKey, language: row.language, body: sanitizeRichText(row.body) };
  }

  app.get(
    '/api/content/languagepack/patientPortal',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The strings of the web app in one language',
        description:
          'English under the language pack under the facility overrides. Unsupported languages fall back to en-US.',
        querystring: LanguagePackQuerySchema,
        response: { 200: LanguagePackSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { locale, pack } = resolvePack(request.query.language);
      // The facility's wording is kept for 30 s, as for every read in a language (browsers keep it 5 minutes).
      const strings = await packStrings(database.db, pack, request.query.facilityId, { cached: true });
      let json = stringsJson.get(strings);
      if (json === undefined) {
        json = JSON.stringify(strings);
        stringsJson.set(strings, json);
      }
      // A string is sent as written, past the serialiser (the schema types the reply as the object it spells).
      const body = `{"locale":${JSON.stringify(locale)},"language":${JSON.stringify(pack)},"strings":${json}}`;
      return reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .send(body as never);
    },
  );

  app.get(
    '/api/content/:contentKey',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Product-wide content by key (for example AccessibilityHelp)',
        params: ContentParamsSchema,
        querystring: LanguageQuerySchema,
        response: { 200: ContentSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => loadContent(request.params.contentKey, request.query.language),
  );

  app.get(
    '/api/content/:contentKey/facilityToken/:facilityId',
    {
      config: { access: 'public' },
      schema: {
        summary: "A facility's content by key (TermsOfUse, PrivacyStatement, SecurityMessageLegal, ...)",
        description: 'Falls back to the product default when the facility has not written its own.',
        params: FacilityContentParamsSchema,
        querystring: LanguageQuerySchema,
        response: { 200: ContentSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => loadContent(request.params.contentKey, request.query.language, request.params.facilityId),
  );
}
