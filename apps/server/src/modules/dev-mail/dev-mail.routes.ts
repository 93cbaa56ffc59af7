import { z } from 'zod';
import type { RouteApp } from '../../platform/http/routes';
import type { OutboxMessage } from '../../platform/mail/outbox';
import {
  CELL,
  dateCell,
  devPage,
  escapeHtml,
  fileList,
  messageTable,
  preformatted,
  recipientFilter,
  statusCell,
} from './dev-mail.html';
import { attachmentRoute, deliveryStateFields, outboxMailboxRoutes } from './dev-mailbox';

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
  ...deliveryStateFields,
});

// In the query rather than the path: the route table's walks fill paths with sample ids, and a sample id names no
// attachment (a 404 a walk would read as a refusal).
const AttachmentQuery = z.object({
  mailId: z.coerce.number().int().positive(),
  attachmentId: z.coerce.number().int().positive(),
});

export async function devMailRoutes(app: RouteApp) {
  outboxMailboxRoutes(app, {
    name: 'mail',
    summary: 'Mail in the outbox, newest first (development only)',
    toMax: 320,
    message: OutboxMessageSchema,
    outbox: app.deps.outbox,
    render: renderMailbox,
  });

  attachmentRoute(app, {
    name: 'mail',
    querystring: AttachmentQuery,
    find: (query) => app.deps.outbox.attachment(query.mailId, query.attachmentId),
  });
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
  const rows = messages.map((m) => {
    const files = fileList(
      m.attachments.map((a) => ({ ...a, href: `/dev/mail/attachment?mailId=${m.id}&attachmentId=${a.id}` })),
    );
    return `<tr>
${dateCell(m.createdAt)}
<td style="${CELL}">${escapeHtml(m.to)}${m.replyTo ? `<br><small>Reply-To: ${escapeHtml(m.replyTo)}</small>` : ''}</td>
<td style="${CELL}">${escapeHtml(m.subject)}</td>
${statusCell(m, `;color:${STATUS_COLORS[m.status]}`)}
<td style="${CELL}">${preformatted(textWithLinks(m.text))}${files}</td>
</tr>`;
  });
  return devPage('Developer mailbox', [
    '<p>This page exists only outside production. It lists the mail held in the outbox, newest first, including mail not sent because no SMTP_URL is set. Direct messages are in the <a href="/dev/direct">developer Direct mailbox</a>.</p>',
    recipientFilter({
      action: '/dev/mail',
      label: 'Recipient',
      inputType: 'email',
      noun: 'mail',
      ...(to ? { to } : {}),
    }),
    messageTable(
      ['Date', 'To', 'Subject', 'Status', 'Text'],
      rows,
      '<p>No mail yet. Mail the portal sends (sign-up, password reset) appears here.</p>',
    ),
  ]);
}
