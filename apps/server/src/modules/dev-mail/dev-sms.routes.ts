import { z } from 'zod';
import type { RouteApp } from '../../platform/http/routes';
import type { SmsOutboxMessage } from '../../platform/sms/outbox';
import {
  CELL,
  dateCell,
  devPage,
  escapeHtml,
  messageTable,
  preformatted,
  recipientFilter,
  statusCell,
} from './dev-mail.html';
import { deliveryStateFields, outboxMailboxRoutes } from './dev-mailbox';

// Registered by app.ts only outside production: the texts held in the SMS outbox, for a developer following
// reminders and notices without an SMS gateway (SMS_URL unset: they stay pending here).

const SmsMessageSchema = z.object({ id: z.number().int(), to: z.string(), body: z.string(), ...deliveryStateFields });

export async function devSmsRoutes(app: RouteApp) {
  outboxMailboxRoutes(app, {
    name: 'sms',
    summary: 'Texts in the SMS outbox, newest first (development only)',
    toMax: 32,
    message: SmsMessageSchema,
    outbox: app.deps.smsOutbox,
    render: renderSmsInbox,
  });
}

export function renderSmsInbox(messages: SmsOutboxMessage[], to?: string): string {
  const rows = messages.map(
    (m) => `<tr>
${dateCell(m.createdAt)}
<td style="${CELL}">${escapeHtml(m.to)}</td>
${statusCell(m)}
<td style="${CELL}">${preformatted(escapeHtml(m.body))}</td>
</tr>`,
  );
  return devPage('Developer SMS inbox', [
    '<p>This page exists only outside production. It lists the texts held in the SMS outbox, newest first, including texts not sent because no SMS_URL is set. Mail is in the <a href="/dev/mail">developer mailbox</a>.</p>',
    recipientFilter({ action: '/dev/sms', label: 'Number', inputType: 'tel', noun: 'texts', ...(to ? { to } : {}) }),
    messageTable(
      ['Date', 'To', 'Status', 'Text'],
      rows,
      '<p>No texts yet. Reminders and notices a patient chose to get by SMS appear here.</p>',
    ),
  ]);
}
