import type { FastifyRequest } from 'fastify';
import {
  CountrySchema,
  ErrorBodySchema,
  IdParam,
  LanguageLookupSchema,
  LookupLanguageQuerySchema,
  portalLocaleOf,
  PreferredCommunicationSchema,
  RelationshipSchema,
  StateSchema,
  TranslationsQuerySchema,
  TranslationsSchema,
} from '@portal/contracts';
import type { RouteApp } from '../../platform/http/routes';
import { requireCaller } from '../../platform/access/access-control';
import { LookupsService } from './lookups.service';

const TAGS = ['Lookups'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };
const StatesQuery = LookupLanguageQuerySchema.extend({
  countryId: IdParam.optional().describe('Only the states of this country'),
});
const IN_LANGUAGE =
  ' Names are in the caller’s language: ?language (a locale the portal speaks, else 400 naming language), else ' +
  'the language the user saved, else Accept-Language, else the facility’s default language.';

/** The lists the contact form chooses from; any signed-in caller may read them (they hold no personal data). */
export async function lookupRoutes(app: RouteApp) {
  const service = new LookupsService(app.deps.database.db);
  const session = { access: 'session' } as const;
  const languageOf = (request: FastifyRequest & { query: { language?: string | undefined } }) =>
    service.language({
      caller: requireCaller(request),
      requested: request.query.language,
      acceptLanguage: request.headers['accept-language'],
    });

  app.get(
    '/api/lookups/relationships',
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'How a personal contact is related to the patient',
        description: 'In the order the facility lists them (Spouse, Partner, Daughter, ...; Other last).' + IN_LANGUAGE,
        querystring: LookupLanguageQuerySchema,
        response: { 200: RelationshipSchema.array(), ...errors },
      },
    },
    async (request) => service.relationships(await languageOf(request)),
  );

  app.get(
    '/api/lookups/countries',
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'Countries',
        description:
          'Sorted by sortOrder (the facility’s own countries first: United States 1, Canada 2, the rest 100), then ' +
          'by name in the language; countryName is the name addresses store, the same in every language.' +
          IN_LANGUAGE,
        querystring: LookupLanguageQuerySchema,
        response: { 200: CountrySchema.array(), ...errors },
      },
    },
    async (request) => service.countries(await languageOf(request)),
  );

  app.get(
    '/api/lookups/states',
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'States and provinces',
        description:
          'Every state, province and territory the portal knows (United States with DC, Canada, Mexico), by ' +
          'country then name; ?countryId keeps one country’s (an unknown country gives an empty list). stateName is ' +
          'the name addresses store, the same in every language.' +
          IN_LANGUAGE,
        querystring: StatesQuery,
        response: { 200: StateSchema.array(), ...errors },
      },
    },
    async (request) => service.states(await languageOf(request), request.query.countryId),
  );

  app.get(
    '/api/lookups/preferredCommunications',
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'Ways a contact prefers to be reached',
        description:
          'All of them, Fax included (contacts imported with it keep it); the contact form leaves Fax out.' +
          IN_LANGUAGE,
        querystring: LookupLanguageQuerySchema,
        response: { 200: PreferredCommunicationSchema.array(), ...errors },
      },
    },
    async (request) => service.preferredCommunications(await languageOf(request)),
  );

  app.get(
    '/api/lookups/languages',
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'Communication languages',
        description:
          'The languages a patient or contact may choose for communication. The list is wider than the languages ' +
          'the portal is written in: mail to a contact whose language the portal does not speak goes out in the ' +
          'language of the request that sends it.' +
          IN_LANGUAGE,
        querystring: LookupLanguageQuerySchema,
        response: { 200: LanguageLookupSchema.array(), ...errors },
      },
    },
    async (request) => service.languages(await languageOf(request)),
  );

  app.get(
    '/api/languages/translations',
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'Every lookup in one language',
        description:
          'Relationships, countries, states, preferred communications and languages as the lookup calls answer ' +
          'them, all in ?language (required: a locale the portal speaks, any case, zh-* meaning zh; else 400 ' +
          'validation_failed naming language), with the caller’s facility’s wording.',
        querystring: TranslationsQuerySchema,
        response: { 200: TranslationsSchema, ...errors },
      },
    },
    async (request) => {
      const locale = portalLocaleOf(request.query.language);
      // The schema admits only languages the portal speaks.
      if (!locale) throw new Error('translations: the query schema let an unknown language through');
      return service.translations(locale, requireCaller(request).facilityId);
    },
  );
}
