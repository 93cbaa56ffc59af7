import { z } from 'zod';
import { ErrorBodySchema } from '@portal/contracts';
import {
  devDirectAttachment,
  devDirectFolder,
  listDevDirectMessages,
  type DevDirectMessage,
} from '../../platform/direct/dev-direct';
import { DEMO_RECIPIENT_DIRECT_ADDRESS } from '../../platform/direct/test-certificates';
import { notFound } from '../../platform/errors/app-error';
import { sendDocument } from '../../platform/http/documents';
import type { RouteApp } from '../../platform/http/routes';
import { escapeHtml, fileList } from './dev-mail.html';

// Registered by app.ts only outside production: the Direct messages the development sender kept (DIRECT_* unset),
// opened with the demo recipient's key as the clinician's HISP would open them, for a developer following a Send
// Securely without a HISP.

const DevDirectMessageSchema = z.object({
  id: z.number().int(),
  createdAt: z.iso.datetime(),
  envelopeFrom: z.string(),
  envelopeTo: z.string(),
  opened: z
    .object({
      from: z.string().nullable(),
      to: z.string().nullable(),
      subject: z.string().nullable(),
      signer: z.string(),
      signerAddresses: z.array(z.string()),
      text: z.string().nullable(),
      attachments: z.array(
        z.object({
          index: z.number().int(),
          fileName: z.string(),
          contentType: z.string(),
          sizeBytes: z.number().int(),
        }),
      ),
    })
    .nullable(),
  error: z.string().nullable(),
});

const DirectQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });
// In the query rather than the path, as the mail mailbox's (a walk's sample id would name no message).
const AttachmentQuery = z.object({
  messageId: z.coerce.number().int().positive(),
  index: z.coerce.number().int().min(0).max(1000),
});

export async function devDirectRoutes(app: RouteApp) {
  const { database, config } = app.deps;
  const dir = devDirectFolder(config.dataDir);
  const list = (limit: number | undefined) => listDevDirectMessages(database.db, dir, limit ?? 20);

  app.get(
    '/api/dev/direct',
    {
      config: { access: 'development' },
      schema: {
        summary: 'Direct messages kept by the development sender, opened, newest first (development only)',
        querystring: DirectQuerySchema,
        response: { 200: z.array(DevDirectMessageSchema) },
      },
    },
    async (request) => list(request.query.limit),
  );

  app.get(
    '/dev/direct',
    { config: { access: 'development' }, schema: { hide: true, querystring: DirectQuerySchema } },
    async (request, reply) => {
      const messages = await list(request.query.limit);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderDirectMailbox(messages, app.deps.direct?.mode ?? null));
    },
  );

  app.get(
    '/dev/direct/attachment',
    {
      config: { access: 'development' },
      schema: { hide: true, querystring: AttachmentQuery, response: { 404: ErrorBodySchema } },
    },
    async (request, reply) => {
      const file = await devDirectAttachment(database.db, dir, request.query.messageId, request.query.index);
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

const cell = 'border-bottom:1px solid #ddd;padding:8px;vertical-align:top;text-align:left';

function renderMessage(m: DevDirectMessage): string {
  const when = escapeHtml(m.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'));
  const date = `<td style="${cell};white-space:nowrap"><time datetime="${escapeHtml(m.createdAt)}">${when}</time></td>`;
  if (!m.opened) {
    return `<tr>${date}<td style="${cell}">${escapeHtml(m.envelopeFrom)}</td><td style="${cell}">${escapeHtml(
      m.envelopeTo,
    )}</td><td style="${cell};color:#b00020" colspan="3">Could not be opened with the demo recipient's key: ${escapeHtml(
      m.error,
    )}</td></tr>`;
  }
  const o = m.opened;
  const files = fileList(
    o.attachments.map((a) => ({ ...a, href: `/dev/direct/attachment?messageId=${m.id}&index=${a.index}` })),
  );
  return `<tr>${date}
<td style="${cell}">${escapeHtml(o.from)}</td>
<td style="${cell}">${escapeHtml(o.to)}</td>
<td style="${cell}">${escapeHtml(o.subject)}</td>
<td style="${cell};color:#1d6b2f">Verified: ${escapeHtml(o.signer)}<br><small>${escapeHtml(
    o.signerAddresses.join(', '),
  )}</small></td>
<td style="${cell}"><pre style="margin:0;white-space:pre-wrap;word-break:break-word;font-size:13px">${escapeHtml(
    o.text,
  )}</pre>${files}</td>
</tr>`;
}

export function renderDirectMailbox(messages: DevDirectMessage[], mode: 'hisp' | 'development' | null): string {
  const headings = ['Date', 'From', 'To', 'Subject', 'Signed by', 'Text and attachments'];
  const body = messages.length
    ? `<table style="border-collapse:collapse;width:100%">
<thead><tr>${headings.map((h) => `<th style="${cell}">${h}</th>`).join('')}</tr></thead>
<tbody>
${messages.map(renderMessage).join('\n')}
</tbody>
</table>`
    : '<p>No Direct messages yet. A health summary sent with Send Securely appears here.</p>';
  const hisp =
    mode === 'hisp' ? '<p><strong>DIRECT_* is set: messages go to that HISP and are not kept here.</strong></p>' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Developer Direct mailbox</title>
</head>
<body style="font-family:system-ui,sans-serif;margin:24px;color:#222">
<h1 style="font-size:24px">Developer Direct mailbox</h1>
<p>This page exists only outside production. Without DIRECT_* settings the portal signs and encrypts Direct messages with the demo test certificates and keeps them here instead of handing them to a HISP; this page decrypts them with the demo recipient's key and checks the signature against the demo authority. Send to <strong>${escapeHtml(
    DEMO_RECIPIENT_DIRECT_ADDRESS,
  )}</strong>: it is the one recipient whose certificate the development trust folder holds. E-mail is in the <a href="/dev/mail">developer mailbox</a>.</p>
${hisp}
${body}
</body>
</html>
`;
}
