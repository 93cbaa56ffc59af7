import { parseHeaderValue } from 'nodemailer/lib/mime-funcs';

/**
 * Just enough MIME reading (RFC 2045-2047, 2231) for S/MIME: split an entity into its headers and body, a multipart
 * body into its parts byte for byte (a signature covers the exact bytes), undo a transfer encoding, and read a
 * message into its text and attachments (tests, and the developer mailbox that shows a decrypted Direct message).
 */

export interface MimeHeader {
  /** As written, e.g. 'Content-Type'. */
  name: string;
  /** Unfolded, not decoded. */
  value: string;
}

export interface MimeEntity {
  headers: MimeHeader[];
  /** The first header of this name (case-insensitive), unfolded. */
  header(name: string): string | undefined;
  /** Lower-case media type, 'text/plain' when the entity names none (RFC 2045 5.2). */
  mediaType: string;
  /** Content-Type parameters, names in lower case. */
  params: Record<string, string>;
  /** The body as sent (still transfer-encoded). */
  body: Buffer;
}

export class MimeFormatError extends Error {
  override name = 'MimeFormatError';
}

const MAX_DEPTH = 16;
const MAX_PARTS = 500;

/** Splits an entity (headers, blank line, body) without changing a byte of the body. */
export function parseMimeEntity(input: string | Uint8Array): MimeEntity {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : Buffer.from(input);
  // latin1 maps each byte to one character and back, so offsets in the text are offsets in the bytes.
  const text = bytes.toString('latin1');
  let headEnd: number;
  let bodyStart: number;
  if (text.startsWith('\r\n') || text.startsWith('\n')) {
    headEnd = 0;
    bodyStart = text.startsWith('\r\n') ? 2 : 1;
  } else {
    const crlf = text.indexOf('\r\n\r\n');
    const lf = text.indexOf('\n\n');
    if (crlf >= 0 && (lf < 0 || crlf < lf)) {
      headEnd = crlf;
      bodyStart = crlf + 4;
    } else if (lf >= 0) {
      headEnd = lf;
      bodyStart = lf + 2;
    } else {
      headEnd = text.length;
      bodyStart = text.length;
    }
  }
  const headers: MimeHeader[] = [];
  for (const line of text
    .slice(0, headEnd)
    .replace(/\r?\n(?=[ \t])/g, '')
    .split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.push({
      name: line.slice(0, colon).trim(),
      value: Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString('utf8'),
    });
  }
  const header = (name: string) => headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
  const contentType = header('content-type');
  const parsed = contentType ? parseHeaderValue(contentType) : { value: 'text/plain', params: {} };
  return {
    headers,
    header,
    mediaType: (parsed.value || 'text/plain').toLowerCase(),
    params: parsed.params,
    body: bytes.subarray(bodyStart),
  };
}

/**
 * The parts of a multipart body, each exactly the bytes between its delimiter line and the line break before the
 * next delimiter (RFC 2046 5.1.1): what a multipart/signed signature covers.
 */
export function splitMultipart(body: Uint8Array, boundary: string): Buffer[] {
  if (!boundary) throw new MimeFormatError('A multipart entity without a boundary.');
  const bytes = Buffer.from(body);
  const text = bytes.toString('latin1');
  const dash = `--${boundary}`;
  const delimiters: { start: number; contentStart: number; closing: boolean }[] = [];
  let search = 0;
  for (;;) {
    // A delimiter line begins the body or follows a line break.
    let at: number;
    if (search === 0 && text.startsWith(dash)) {
      at = 0;
    } else {
      const lf = text.indexOf(`\n${dash}`, search);
      if (lf < 0) break;
      at = lf + 1;
    }
    const after = at + dash.length;
    search = after;
    if (text.startsWith('--', after)) {
      delimiters.push({ start: at, contentStart: after + 2, closing: true });
      break;
    }
    const lineEnd = /^[ \t]*\r?\n/.exec(text.slice(after, after + 200));
    // Otherwise a longer boundary, or a line that only begins like this one.
    if (!lineEnd) continue;
    delimiters.push({ start: at, contentStart: after + lineEnd[0].length, closing: false });
    if (delimiters.length > MAX_PARTS) throw new MimeFormatError('Too many MIME parts.');
  }
  const parts: Buffer[] = [];
  for (let i = 0; i < delimiters.length - 1; i++) {
    const current = delimiters[i]!;
    // The line break before the next delimiter belongs to the delimiter, not to the part.
    let end = delimiters[i + 1]!.start - 1;
    if (end > current.contentStart && text[end - 1] === '\r') end -= 1;
    parts.push(bytes.subarray(current.contentStart, Math.max(end, current.contentStart)));
  }
  if (parts.length === 0 || !delimiters.some((d) => d.closing)) {
    throw new MimeFormatError('A multipart body without its parts or its closing delimiter.');
  }
  return parts;
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(input.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The body with its Content-Transfer-Encoding undone. */
export function decodeBody(entity: MimeEntity): Buffer {
  const encoding = (entity.header('content-transfer-encoding') ?? '7bit').trim().toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(entity.body.toString('latin1').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(entity.body.toString('latin1'));
  return Buffer.from(entity.body);
}

function decodeText(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/** A header value with its RFC 2047 encoded words decoded. */
export function decodeHeaderValue(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(ENCODED_WORD, (_, charset: string, kind: string, data: string) => {
      const bytes =
        kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data.replace(/_/g, ' '));
      return decodeText(bytes, charset.split('*')[0]);
    });
}

export interface MessageAttachment {
  filename: string | undefined;
  contentType: string;
  content: Buffer;
}

export interface ReadMessage {
  headers: MimeHeader[];
  /** Decoded (RFC 2047) Subject, From, To, Date, Message-ID when present. */
  subject: string | undefined;
  from: string | undefined;
  to: string | undefined;
  date: string | undefined;
  messageId: string | undefined;
  /** The first text/plain part that is not an attachment. */
  text: string | undefined;
  /** The first text/html part that is not an attachment (as sent: not sanitised). */
  html: string | undefined;
  attachments: MessageAttachment[];
}

/** Reads a message (or any MIME entity) into its text, its HTML and its attachments, with their bytes. */
export function readMessage(input: string | Uint8Array): ReadMessage {
  const root = parseMimeEntity(input);
  const header = (name: string) => {
    const value = root.header(name);
    return value === undefined ? undefined : decodeHeaderValue(value);
  };
  const result: ReadMessage = {
    headers: root.headers,
    subject: header('subject'),
    from: header('from'),
    to: header('to'),
    date: header('date'),
    messageId: header('message-id'),
    text: undefined,
    html: undefined,
    attachments: [],
  };
  const walk = (entity: MimeEntity, depth: number) => {
    if (depth > MAX_DEPTH) throw new MimeFormatError('MIME parts nested too deeply.');
    if (entity.mediaType.startsWith('multipart/')) {
      for (const part of splitMultipart(entity.body, entity.params.boundary ?? '')) {
        walk(parseMimeEntity(part), depth + 1);
      }
      return;
    }
    const disposition = entity.header('content-disposition');
    const parsedDisposition = disposition ? parseHeaderValue(disposition) : undefined;
    const rawFilename = parsedDisposition?.params.filename ?? entity.params.name;
    const filename = rawFilename === undefined ? undefined : decodeHeaderValue(rawFilename);
    const isAttachment = parsedDisposition?.value.toLowerCase() === 'attachment' || filename !== undefined;
    const content = decodeBody(entity);
    if (!isAttachment && entity.mediaType === 'text/plain' && result.text === undefined) {
      result.text = decodeText(content, entity.params.charset);
    } else if (!isAttachment && entity.mediaType === 'text/html' && result.html === undefined) {
      result.html = decodeText(content, entity.params.charset);
    } else {
      result.attachments.push({ filename, contentType: entity.mediaType, content });
    }
  };
  walk(root, 0);
  return result;
}
