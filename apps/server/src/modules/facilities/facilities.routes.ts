import { z } from 'zod';
import {
  ErrorBodySchema,
  FacilityIdParamsSchema,
  FacilityQuerySchema,
  FacilitySchema,
  ThemeIdParamsSchema,
} from '@portal/contracts';
import type { RouteApp } from '../../platform/http/routes';
import { notFound } from '../../platform/errors/app-error';
import { findFacilityByAlias, findFacilityLogo, findTheme } from './facilities.repository';
import { themeToCss } from './theme-css';
import { describeTimeZone } from './time-zone';

export async function facilityRoutes(app: RouteApp) {
  const { database } = app.deps;

  app.get(
    '/api/facilities',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The facility a host name serves',
        description:
          'The web app sends the host it was loaded from; several facilities share one server and are told apart by host.',
        querystring: FacilityQuerySchema,
        response: { 200: FacilitySchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const row = await findFacilityByAlias(database.db, request.query.facilityAlias.toLowerCase());
      if (!row) throw notFound('facility_not_found', 'No portal is configured for this address.');
      return {
        facilityId: row.id,
        facilityName: row.name,
        facilityPortalName: row.portalName,
        facilityShortName: row.shortName,
        theme: { id: row.themeId },
        timeZone: describeTimeZone(row.timeZoneId),
        defaultCommunicationLanguage: { id: row.languageId, name: row.languageName },
        hasLogo: row.hasLogo !== null,
        resources: {
          faqs: row.hasFaqs,
          usefulLinks: row.hasUsefulLinks,
          downloadableForms: row.hasDownloadableForms,
        },
      };
    },
  );

  app.get(
    '/api/facilities/:facilityId/images/logoUrl',
    {
      config: { access: 'public' },
      schema: {
        summary: "The facility's logo image",
        params: FacilityIdParamsSchema,
        response: { 200: z.any().describe('The image (SVG or PNG)'), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const row = await findFacilityLogo(database.db, request.params.facilityId);
      if (!row?.logo || !row.contentType) throw notFound('logo_not_found', 'This facility has no logo.');
      return reply
        .header('content-type', row.contentType)
        .header('cache-control', 'public, max-age=3600')
        .send(Buffer.from(row.logo));
    },
  );

  app.get(
    '/api/themes/:themeId/css',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A theme as CSS custom properties',
        params: ThemeIdParamsSchema,
        response: { 200: z.string(), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const theme = await findTheme(database.db, request.params.themeId);
      if (!theme) throw notFound('theme_not_found', 'No such theme.');
      return reply
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(themeToCss(theme.colors));
    },
  );
}
