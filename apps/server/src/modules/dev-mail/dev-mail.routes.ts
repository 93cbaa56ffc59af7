import { z } from 'zod';
import { ErrorBodySchema } from '@portal/contracts';
import { notFound } from '../../platform/errors/app-error';
import { sendDocument } from '../../platform/http/documents';
import type { RouteApp } from '../../platform/http/routes';
import type { OutboxMessage } from '../../platform/mail/outbox';
import { escapeHtml, fileList } from './dev-mail.html';

// Registered by app.ts only outside production: mail held in the outbox, for a developer following
// sign-up and password-reset mails without a mail server.

const OutboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  replyTo: z.string().nullable(),
  attachments: z.array(
    z.object({ id: z.number().int(), fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() }),
  ),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});

const MailQuerySchema = z.object({
  to: z.string().trim().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

// In the query rather than the path: the route table's walks fill paths with sample ids, and a sample id names no
// attachment (a 404 a walk would read as a refusal).
const AttachmentQuery = z.object({
  mailId: z.coerce.number().int().positive(),
  attachmentId: z.coerce.number().int().positive(),
});

export async function devMailRoutes(app: RouteApp) {
  app.get(
    '/api/dev/mail',
    {
      config: { access: 'development' },
      schema: {
        summary: 'Mail in the outbox, newest first (development only)',
        querystring: MailQuerySchema,
        response: { 200: z.array(OutboxMessageSchema) },
      },
    },
    async (request) => app.deps.outbox.list(listOptions(request.query)),
  );

  app.get(
    '/dev/mail',
    { config: { access: 'development' }, schema: { hide: true, querystring: MailQuerySchema } },
    async (request, reply) => {
      const messages = await app.deps.outbox.list(listOptions(request.query));
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderMailbox(messages, request.query.to));
    },
  );

  app.get(
    '/dev/mail/attachment',
    {
      config: { access: 'development' },
      schema: { hide: true, querystring: AttachmentQuery, response: { 404: ErrorBodySchema } },
    },
    async (request, reply) => {
      const file = await app.deps.outbox.attachment(request.query.mailId, request.query.attachmentId);
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

function listOptions(query: z.infer<typeof MailQuerySchema>): { limit?: number; to?: string } {
  return { ...(query.limit ? { limit: query.limit } : {}), ...(query.to ? { to: query.to } : {}) };
}

const LINK = /\bhttps?:\/\/[^\s<>"']+/g;

/** Escapes a text body and turns its http(s) links into anchors, so sign-up and reset links can be followed. */
function textWithLinks(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    // A sentence's closing punctuation is not part of the link.
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index;
    out += escapeHtml(text.slice(last, start));
    out += `<a href="${escapeHtml(url)}" rel="noreferrer">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

const STATUS_COLORS: Record<OutboxMessage['status'], string> = {
  pending: '#8a5a00',
  sent: '#1d6b2f',
  failed: '#b00020',
};

export function renderMailbox(messages: OutboxMessage[], to?: string): string {
  const cell = 'border-bottom:1px solid #ddd;padding:8px;vertical-align:top;text-align:left';
  const rows = messages
    .map(
      (m) => `<tr>
<td style="${cell};white-space:nowrap"><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></td>
<td style="${cell}">${escapeHtml(m.to)}${m.replyTo ? `<br><small>Reply-To: ${escapeHtml(m.replyTo)}</small>` : ''}</td>
<td style="${cell}">${escapeHtml(m.subject)}</td>
<td style="${cell};color:${STATUS_COLORS[m.status]}">${escapeHtml(m.status)}${
        m.lastError
          ? `<br><small title="${escapeHtml(m.lastError)}">after ${escapeHtml(m.attempts)} attempt(s)</small>`
          : ''
      }</td>
<td style="${cell}"><pre style="margin:0;white-space:pre-wrap;word-break:break-word;font-size:13px">${textWithLinks(m.text)}</pre>${fileList(m.attachments.map((a) => ({ ...a, href: `/dev/mail/attachment?mailId=${m.id}&attachmentId=${a.id}` })))}</td>
</tr>`,
    )
    .join('\n');
  const filter = to
    ? `<p>Showing mail to <strong>${escapeHtml(to)}</strong>. <a href="/dev/mail">Show all mail</a></p>`
    : '';
  const body = messages.length
    ? `<table style="border-collapse:collapse;width:100%">
<thead><tr><th style="${cell}">Date</th><th style="${cell}">To</th><th style="${cell}">Subject</th><th style="${cell}">Status</th><th style="${cell}">Text</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : '<p>No mail yet. Mail the portal sends (sign-up, password reset) appears here.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Developer mailbox</title>
</head>
<body style="font-family:system-ui,sans-serif;margin:24px;color:#222">
<h1 style="font-size:24px">Developer mailbox</h1>
<p>This page exists only outside production. It lists the mail held in the outbox, newest first, including mail not sent because no SMTP_URL is set. Direct messages are in the <a href="/dev/direct">developer Direct mailbox</a>.</p>
<form method="get" action="/dev/mail" style="margin:16px 0">
<label>Recipient <input type="email" name="to" value="${escapeHtml(to ?? '')}"></label>
<button type="submit">Filter</button>
</form>
${filter}
${body}
</body>
</html>
`;
}
