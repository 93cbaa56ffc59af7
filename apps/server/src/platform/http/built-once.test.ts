import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from './built-once';

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
