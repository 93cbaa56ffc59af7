import { z } from 'zod';
import {
  devDirectAttachment,
  devDirectFolder,
  listDevDirectMessages,
  type DevDirectMessage,
} from '../../platform/direct/dev-direct';
import { DEMO_RECIPIENT_DIRECT_ADDRESS } from '../../platform/direct/test-certificates';
import type { RouteApp } from '../../platform/http/routes';
import { CELL, dateCell, devPage, escapeHtml, fileList, messageTable, preformatted } from './dev-mail.html';
import { attachmentRoute, mailboxRoutes } from './dev-mailbox';

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
  mailboxRoutes(app, {
    name: 'direct',
    summary: 'Direct messages kept by the development sender, opened, newest first (development only)',
    querystring: DirectQuerySchema,
    message: DevDirectMessageSchema,
    list: (query) => listDevDirectMessages(database.db, dir, query.limit ?? 20),
    render: (messages) => renderDirectMailbox(messages, app.deps.direct?.mode ?? null),
  });

  attachmentRoute(app, {
    name: 'direct',
    querystring: AttachmentQuery,
    find: (query) => devDirectAttachment(database.db, dir, query.messageId, query.index),
  });
}

function renderMessage(m: DevDirectMessage): string {
  const date = dateCell(m.createdAt);
  if (!m.opened) {
    return `<tr>${date}<td style="${CELL}">${escapeHtml(m.envelopeFrom)}</td><td style="${CELL}">${escapeHtml(
      m.envelopeTo,
    )}</td><td style="${CELL};color:#b00020" colspan="3">Could not be opened with the demo recipient's key: ${escapeHtml(
      m.error,
    )}</td></tr>`;
  }
  const o = m.opened;
  const files = fileList(
    o.attachments.map((a) => ({ ...a, href: `/dev/direct/attachment?messageId=${m.id}&index=${a.index}` })),
  );
  return `<tr>${date}
<td style="${CELL}">${escapeHtml(o.from)}</td>
<td style="${CELL}">${escapeHtml(o.to)}</td>
<td style="${CELL}">${escapeHtml(o.subject)}</td>
<td style="${CELL};color:#1d6b2f">Verified: ${escapeHtml(o.signer)}<br><small>${escapeHtml(
    o.signerAddresses.join(', '),
  )}</small></td>
<td style="${CELL}">${preformatted(escapeHtml(o.text))}${files}</td>
</tr>`;
}

export function renderDirectMailbox(messages: DevDirectMessage[], mode: 'hisp' | 'development' | null): string {
  const hisp =
    mode === 'hisp' ? '<p><strong>DIRECT_* is set: messages go to that HISP and are not kept here.</strong></p>' : '';
  return devPage('Developer Direct mailbox', [
    `<p>This page exists only outside production. Without DIRECT_* settings the portal signs and encrypts Direct messages with the demo test certificates and keeps them here instead of handing them to a HISP; this page decrypts them with the demo recipient's key and checks the signature against the demo authority. Send to <strong>${escapeHtml(
      DEMO_RECIPIENT_DIRECT_ADDRESS,
    )}</strong>: it is the one recipient whose certificate the development trust folder holds. E-mail is in the <a href="/dev/mail">developer mailbox</a>.</p>`,
    hisp,
    messageTable(
      ['Date', 'From', 'To', 'Subject', 'Signed by', 'Text and attachments'],
      messages.map(renderMessage),
      '<p>No Direct messages yet. A health summary sent with Send Securely appears here.</p>',
    ),
  ]);
}
