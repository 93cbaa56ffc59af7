import { z } from 'zod';
import { ErrorBodySchema } from '@portal/contracts';
import { notFound } from '../../platform/errors/app-error';
import { sendDocument } from '../../platform/http/documents';
import type { RouteApp } from '../../platform/http/routes';

// What the developer mailboxes (mail, SMS, Direct) register alike: a JSON list and an HTML page of the same messages,
// and attachments as downloads, all only outside production (app.ts registers them there only).

/** The fields of a queued message's delivery (mail and SMS outboxes). */
export const deliveryStateFields = {
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
};

/** The query of an outbox's list: a recipient (at most `toMax` characters) and a number of rows. */
function outboxQuerySchema(toMax: number) {
  return z.object({
    to: z.string().trim().max(toMax).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  });
}

/** The route pair of an outbox (mail, SMS): its messages newest first, filtered by recipient. */
export function outboxMailboxRoutes<M>(
  app: RouteApp,
  mailbox: {
    name: string;
    summary: string;
    /** The longest recipient the filter takes. */
    toMax: number;
    message: z.ZodType<M>;
    outbox: { list(options: { limit?: number; to?: string }): Promise<M[]> };
    render: (messages: M[], to?: string) => string;
  },
): void {
  const { outbox, render, toMax, ...rest } = mailbox;
  mailboxRoutes(app, {
    ...rest,
    querystring: outboxQuerySchema(toMax),
    // No key for what was not asked: list() has its own defaults.
    list: (query) =>
      outbox.list({ ...(query.limit ? { limit: query.limit } : {}), ...(query.to ? { to: query.to } : {}) }),
    render: (messages, query) => render(messages, query.to),
  });
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

/** Registers GET /dev/<name>/attachment: one attachment as a download, found by `find` from the query, or a 404. */
export function attachmentRoute<Q extends z.ZodType<Record<string, unknown>>>(
  app: RouteApp,
  mailbox: {
    name: string;
    querystring: Q;
    find: (query: z.infer<Q>) => Promise<{ fileName: string; contentType: string; content: Uint8Array } | undefined>;
  },
): void {
  app.get(
    `/dev/${mailbox.name}/attachment`,
    {
      config: { access: 'development' },
      schema: { hide: true, querystring: mailbox.querystring, response: { 404: ErrorBodySchema } },
    },
    async (request, reply) => {
      const file = await mailbox.find(request.query as z.infer<Q>);
      if (!file) throw notFound('not_found', 'This attachment was not found.');
      return sendDocument(reply, {
        contentType: file.contentType,
        body: file.content,
        fileName: file.fileName,
        disposition: 'attachment',
      });
    },
  );
}
