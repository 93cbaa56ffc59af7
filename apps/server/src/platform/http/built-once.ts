import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { weightedList } from './weighted-list';

export type ContentEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The compressed form a client takes (Accept-Encoding, RFC 9110 §12.5.3): brotli, else gzip, else none. A coding
 * with q=0 is refused; `*` stands for any coding not named.
 */
export function acceptedEncoding(header: string | string[] | undefined): ContentEncoding | null {
  const quality = new Map<string, number>();
  for (const { value, quality: q } of weightedList(header)) quality.set(value.toLowerCase(), q);
  const takes = (coding: ContentEncoding) => (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

/**
 * An answer built once and sent many times unchanged (a language pack: 77 KB of JSON that change only with a
 * facility's wording): its bytes, and each compressed form made once, on the first request that takes it. Writing
 * such an answer out on every request (the string put together, encoded to UTF-8, compressed) cost most of its time.
 */
export class BuiltOnce {
  readonly bytes: Buffer;
  private readonly encoded = new Map<ContentEncoding, Promise<Buffer>>();

  constructor(
    text: string,
    readonly contentType: string,
  ) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  encodedAs(encoding: ContentEncoding): Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotli(this.bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 9,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length,
              },
            })
          : gzipped(this.bytes, { level: 9 });
      this.encoded.set(encoding, bytes);
      // A compression that failed is tried again by the next request rather than remembered as the answer.
      bytes.catch(() => this.encoded.delete(encoding));
    }
    return bytes;
  }

  /** Sends it, compressed as the client takes it (the compress plugin leaves an answer with an encoding alone). */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    reply.type(this.contentType).header('vary', 'accept-encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(this.bytes);
    return reply.header('content-encoding', encoding).send(await this.encodedAs(encoding));
  }
}
