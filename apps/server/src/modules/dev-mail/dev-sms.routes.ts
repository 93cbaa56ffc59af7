import { z } from 'zod';
import type { RouteApp } from '../../platform/http/routes';
import type { SmsOutboxMessage } from '../../platform/sms/outbox';
import { escapeHtml } from './dev-mail.html';

// Registered by app.ts only outside production: the texts held in the SMS outbox, for a developer following
// reminders and notices without an SMS gateway (SMS_URL unset: they stay pending here).

const SmsMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  body: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});

const SmsQuerySchema = z.object({
  to: z.string().trim().max(32).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export async function devSmsRoutes(app: RouteApp) {
  const list = (query: z.infer<typeof SmsQuerySchema>) =>
    app.deps.smsOutbox.list({ ...(query.limit ? { limit: query.limit } : {}), ...(query.to ? { to: query.to } : {}) });

  app.get(
    '/api/dev/sms',
    {
      config: { access: 'development' },
      schema: {
        summary: 'Texts in the SMS outbox, newest first (development only)',
        querystring: SmsQuerySchema,
        response: { 200: z.array(SmsMessageSchema) },
      },
    },
    async (request) => list(request.query),
  );

  app.get(
    '/dev/sms',
    { config: { access: 'development' }, schema: { hide: true, querystring: SmsQuerySchema } },
    async (request, reply) => {
      const messages = await list(request.query);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderSmsInbox(messages, request.query.to));
    },
  );
}

export function renderSmsInbox(messages: SmsOutboxMessage[], to?: string): string {
  const cell = 'border-bottom:1px solid #ddd;padding:8px;vertical-align:top;text-align:left';
  const rows = messages
    .map(
      (m) => `<tr>
<td style="${cell};white-space:nowrap"><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></td>
<td style="${cell}">${escapeHtml(m.to)}</td>
<td style="${cell}">${escapeHtml(m.status)}${m.lastError ? `<br><small title="${escapeHtml(m.lastError)}">after ${escapeHtml(m.attempts)} attempt(s)</small>` : ''}</td>
<td style="${cell}"><pre style="margin:0;white-space:pre-wrap;word-break:break-word;font-size:13px">${escapeHtml(m.body)}</pre></td>
</tr>`,
    )
    .join('\n');
  const filter = to
    ? `<p>Showing texts to <strong>${escapeHtml(to)}</strong>. <a href="/dev/sms">Show all texts</a></p>`
    : '';
  const body = messages.length
    ? `<table style="border-collapse:collapse;width:100%">
<thead><tr><th style="${cell}">Date</th><th style="${cell}">To</th><th style="${cell}">Status</th><th style="${cell}">Text</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : '<p>No texts yet. Reminders and notices a patient chose to get by SMS appear here.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Developer SMS inbox</title>
</head>
<body style="font-family:system-ui,sans-serif;margin:24px;color:#222">
<h1 style="font-size:24px">Developer SMS inbox</h1>
<p>This page exists only outside production. It lists the texts held in the SMS outbox, newest first, including texts not sent because no SMS_URL is set. Mail is in the <a href="/dev/mail">developer mailbox</a>.</p>
<form method="get" action="/dev/sms" style="margin:16px 0">
<label>Number <input type="tel" name="to" value="${escapeHtml(to ?? '')}"></label>
<button type="submit">Filter</button>
</form>
${filter}
${body}
</body>
</html>
`;
}
