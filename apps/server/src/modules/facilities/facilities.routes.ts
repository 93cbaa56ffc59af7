import { z } from 'zod';
import {
  ErrorBodySchema,
  FacilityIdParamsSchema,
  FacilityQuerySchema,
  FacilitySchema,
  ThemeIdParamsSchema,
} from '@portal/contracts';
import type { RouteApp } from '../../platform/http/routes';
import { FacilitiesService } from './facilities.service';

export async function facilityRoutes(app: RouteApp) {
  const service = new FacilitiesService(app.deps.database.db);

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
    async (request) => service.byAlias(request.query.facilityAlias),
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
      const logo = await service.logo(request.params.facilityId);
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'public, max-age=3600')
        .send(logo.body);
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
      const css = await service.themeCss(request.params.themeId);
      return reply
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(css);
    },
  );
}
