import { z } from 'zod';
import type { RouteApp } from '../../platform/http/routes';

// What the developer mailboxes (mail, SMS, Direct) register alike: a JSON list and an HTML page of the same messages,
// both only outside production (app.ts registers them there only).

/** The fields of a queued message's delivery (mail and SMS outboxes). */
export const deliveryStateFields = {
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
};

/** The query of an outbox's list: a recipient (at most `toMax` characters) and a number of rows. */
export function outboxQuerySchema(toMax: number) {
  return z.object({
    to: z.string().trim().max(toMax).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  });
}

/** The query as an outbox's list() takes it (no key for what was not asked). */
export function outboxListOptions(query: { to?: string; limit?: number }): { limit?: number; to?: string } {
  return { ...(query.limit ? { limit: query.limit } : {}), ...(query.to ? { to: query.to } : {}) };
}

/** Registers GET /api/dev/<name> (the list as JSON) and GET /dev/<name> (the page). */
export function mailboxRoutes<Q extends z.ZodType<Record<string, unknown>>, M>(
  app: RouteApp,
  mailbox: {
    name: string;
    summary: string;
    querystring: Q;
    message: z.ZodType<M>;
    list: (query: z.infer<Q>) => Promise<M[]>;
    render: (messages: M[], query: z.infer<Q>) => string;
  },
): void {
  app.get(
    `/api/dev/${mailbox.name}`,
    {
      config: { access: 'development' },
      schema: {
        summary: mailbox.summary,
        querystring: mailbox.querystring,
        response: { 200: z.array(mailbox.message) },
      },
    },
    async (request) => mailbox.list(request.query as z.infer<Q>),
  );

  app.get(
    `/dev/${mailbox.name}`,
    { config: { access: 'development' }, schema: { hide: true, querystring: mailbox.querystring } },
    async (request, reply) => {
      const query = request.query as z.infer<Q>;
      const messages = await mailbox.list(query);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(mailbox.render(messages, query));
    },
  );
}
