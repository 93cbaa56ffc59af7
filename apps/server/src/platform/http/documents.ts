import type { FastifyReply } from 'fastify';

/**
 * Sends a document the portal shows in its own frame or a new window (an article, a note’s page, a PDF), or one
 * it downloads (disposition attachment).
 * The app's strict headers forbid framing; these allow it from the portal's own pages only. HTML is
 * sandboxed on top of being sanitised: no script, no form, nothing loaded from elsewhere; its links may open
 * a new window (a sanitised link to another site).
 */
export function sendDocument(
  reply: FastifyReply,
  document: {
    contentType: string;
    body: Buffer | Uint8Array | string;
    fileName?: string;
    /** attachment: the browser saves the file rather than showing it (a download); inline by default. */
    disposition?: 'inline' | 'attachment';
    /** HTML the portal wrote itself whose own GET form reloads it (the activity log's filter); never others'. */
    allowForms?: boolean;
  },
) {
  const isHtml = document.contentType.startsWith('text/html');
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply.header(
    'content-security-policy',
    isHtml
      ? "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; " +
          (document.allowForms
            ? "form-action 'self'; sandbox allow-popups allow-popups-to-escape-sandbox allow-forms"
            : "form-action 'none'; sandbox allow-popups allow-popups-to-escape-sandbox")
      : "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
  );
  reply.header('cache-control', 'no-store');
  reply.type(
    isHtml && !document.contentType.includes('charset')
      ? `${document.contentType}; charset=utf-8`
      : document.contentType,
  );
  if (document.fileName) {
    reply.header(
      'content-disposition',
      `${document.disposition ?? 'inline'}; filename="${document.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    );
  }
  const body =
    typeof document.body === 'string' || Buffer.isBuffer(document.body) ? document.body : Buffer.from(document.body);
  return reply.send(body);
}
