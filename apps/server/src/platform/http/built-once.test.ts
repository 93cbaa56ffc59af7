import { brotliDecompressSync } from 'node:zlib';
import type * as Zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { acceptedEncoding, BuiltOnce } from './built-once';

// Brotli that fails when asked to: a compression can fail (memory), and that failure must not become the answer.
const brotliFails = vi.hoisted(() => ({ next: false }));
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof Zlib>();
  return {
    ...zlib,
    brotliCompress: (input: Buffer, options: object, done: (err: Error | null, result?: Buffer) => void) => {
      if (!brotliFails.next) return zlib.brotliCompress(input, options, done);
      brotliFails.next = false;
      done(new Error('brotli could not allocate its window'));
    },
  };
});

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, whatever the order the client names them in', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('GZIP')).toBe('gzip');
    expect(acceptedEncoding(['deflate', 'br;q=0.5'])).toBe('br');
  });

  it('sends nothing compressed without the header, or for codings it does not make', () => {
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('deflate, zstd')).toBeNull();
  });

  it('honours a refusal (q=0), and * for a coding not named', () => {
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('br;q=0, *;q=0.1')).toBe('gzip');
    expect(acceptedEncoding('*;q=0')).toBeNull();
    expect(acceptedEncoding('br;q=abc, gzip')).toBe('gzip');
  });
});

describe('BuiltOnce', () => {
  it('makes each compressed form once, and after a failed compression tries again rather than keep the failure', async () => {
    const answer = new BuiltOnce(JSON.stringify({ greeting: 'Hello '.repeat(200) }), 'application/json');
    brotliFails.next = true;
    await expect(answer.encodedAs('br')).rejects.toThrow('brotli could not allocate its window');
    const compressed = await answer.encodedAs('br');
    expect(brotliDecompressSync(compressed).equals(answer.bytes)).toBe(true);
    expect(compressed.length).toBeLessThan(answer.bytes.length);
    expect(answer.encodedAs('br')).toBe(answer.encodedAs('br'));
  });
});
