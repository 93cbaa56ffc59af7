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
import { buildLanguagePack, resolvePack } from '../../platform/content/language-packs';
import { sanitizeRichText } from '../../platform/content/sanitize';
import { findContent, findLanguagePackOverrides } from '../../platform/content/content-store';

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
      const overrides =
        request.query.facilityId === undefined
          ? {}
          : await findLanguagePackOverrides(database.db, request.query.facilityId, pack);
      reply.header('cache-control', 'public, max-age=300');
      return { locale, language: pack, strings: buildLanguagePack(pack, overrides) };
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
