import { z } from 'zod';
import {
  CountrySchema,
  ErrorBodySchema,
  IdParam,
  LanguageLookupSchema,
  PreferredCommunicationSchema,
  RelationshipSchema,
  StateSchema,
} from '@portal/contracts';
import type { RouteApp } from '../../platform/http/routes';
import { LookupsService } from './lookups.service';

const TAGS = ['Lookups'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };
const StatesQuery = z.object({ countryId: IdParam.optional().describe('Only the states of this country') });

/** The lists the contact form chooses from; any signed-in caller may read them (they hold no personal data). */
export async function lookupRoutes(app: RouteApp) {
  const service = new LookupsService(app.deps.database.db);
  const session = { access: 'session' } as const;

  app.get(
    '/api/lookups/relationships',
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'How a personal contact is related to the patient',
        description: 'In the order the facility lists them (Spouse, Partner, Daughter, ...; Other last).',
        response: { 200: z.array(RelationshipSchema), ...errors },
      },
    },
    async () => service.relationships(),
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
          'by name.',
        response: { 200: z.array(CountrySchema), ...errors },
      },
    },
    async () => service.countries(),
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
          'country then name; ?countryId keeps one country’s (an unknown country gives an empty list).',
        querystring: StatesQuery,
        response: { 200: z.array(StateSchema), ...errors },
      },
    },
    async (request) => service.states(request.query.countryId),
  );

  app.get(
    '/api/lookups/preferredCommunications',
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'Ways a contact prefers to be reached',
        description: 'All of them, Fax included (contacts imported with it keep it); the contact form leaves Fax out.',
        response: { 200: z.array(PreferredCommunicationSchema), ...errors },
      },
    },
    async () => service.preferredCommunications(),
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
          'language of the request that sends it.',
        response: { 200: z.array(LanguageLookupSchema), ...errors },
      },
    },
    async () => service.languages(),
  );
}
