import {
  ContentParamsSchema,
  ContentSchema,
  ErrorBodySchema,
  FacilityContentParamsSchema,
  LanguagePackQuerySchema,
  LanguagePackSchema,
  LanguageQuerySchema,
  type LanguagePackResponse,
} from '@portal/contracts';
import { BuiltOnce } from '../../platform/http/built-once';
import type { RouteApp } from '../../platform/http/routes';
import { notFound } from '../../platform/errors/app-error';
import { packStrings } from '../../platform/content/caller-language';
import { resolvePack, type Strings } from '../../platform/content/language-packs';
import { sanitizeRichText } from '../../platform/content/sanitize';
import { findContent } from '../../platform/content/content-store';

/** Each built pack's answer per locale (en-US and en-GB share the English strings), written once. */
const packAnswers = new WeakMap<Strings, Map<string, BuiltOnce>>();

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
      let byLocale = packAnswers.get(strings);
      if (!byLocale) packAnswers.set(strings, (byLocale = new Map<string, BuiltOnce>()));
      let answer = byLocale.get(locale);
      if (!answer) {
        const body = { locale, language: pack, strings } satisfies LanguagePackResponse;
        answer = new BuiltOnce(JSON.stringify(body), 'application/json; charset=utf-8');
        byLocale.set(locale, answer);
      }
      // Sent as bytes, past the serialiser: the object above is the schema's type, checked by the compiler.
      return answer.send(request, reply.header('cache-control', 'public, max-age=300'));
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
