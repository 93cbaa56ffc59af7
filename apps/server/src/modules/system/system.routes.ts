import { z } from 'zod';
import { SUPPORTED_LOCALES, LOCALE_DISPLAY_NAMES, SupportedLanguageSchema } from '@portal/contracts';
import type { RouteApp } from '../../platform/http/routes';

export async function systemRoutes(app: RouteApp) {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { summary: 'The process is up', response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The database is reachable',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.deps.database.ping();
        return { status: 'ready' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );

  app.get(
    '/api/SystemCapabilities/SupportedLanguages',
    {
      config: { access: 'public' },
      schema: { summary: 'Locales the portal is written in', response: { 200: z.array(SupportedLanguageSchema) } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return SUPPORTED_LOCALES.map((code) => ({ code, name: LOCALE_DISPLAY_NAMES[code] }));
    },
  );
}
