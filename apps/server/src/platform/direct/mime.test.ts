import { describe, expect, it } from 'vitest';
import { decodeHeaderValue, MimeFormatError, parseMimeEntity, readMessage, splitMultipart } from './mime';

describe('parseMimeEntity', () => {
  it('unfolds headers, reads Content-Type parameters and keeps the body byte for byte', () => {
    const body = Buffer.from([0x00, 0xff, 0x0d, 0x0a, 0x80]);
    const entity = parseMimeEntity(
      Buffer.concat([
        Buffer.from(
          'Content-Type: multipart/signed;\r\n protocol="application/pkcs7-signature";\r\n\tboundary=abc\r\n\r\n',
        ),
        body,
      ]),
    );
    expect(entity.mediaType).toBe('multipart/signed');
    expect(entity.params).toEqual({ protocol: 'application/pkcs7-signature', boundary: 'abc' });
    expect(entity.body.equals(body)).toBe(true);
  });

  it('takes text/plain for an entity that names no type, and an entity with no headers', () => {
    const entity = parseMimeEntity('\r\nJust text');
    expect(entity.headers).toEqual([]);
    expect(entity.mediaType).toBe('text/plain');
    expect(entity.body.toString()).toBe('Just text');
  });
});

describe('splitMultipart', () => {
  it('gives each part without the line break that belongs to the next delimiter, skipping preamble and epilogue', () => {
    const body =
      'preamble\r\n--b\r\nA: 1\r\n\r\nfirst\r\n\r\n--b  \r\n\r\nsecond\r\n--bb is not a delimiter\r\n--b--\r\nepilogue';
    expect(splitMultipart(Buffer.from(body), 'b').map((p) => p.toString())).toEqual([
      'A: 1\r\n\r\nfirst\r\n',
      '\r\nsecond\r\n--bb is not a delimiter',
    ]);
  });

  it('refuses a body without its closing delimiter', () => {
    expect(() => splitMultipart(Buffer.from('--b\r\npart\r\n'), 'b')).toThrow(MimeFormatError);
    expect(() => splitMultipart(Buffer.from('--b\r\npart\r\n--b--'), '')).toThrow(MimeFormatError);
  });
});

describe('readMessage', () => {
  it('decodes quoted-printable text in its charset, base64 attachments and encoded words', () => {
    const message = readMessage(
      [
        'Subject: =?UTF-8?B?UsOpc3Vtw6k=?= =?UTF-8?Q?_de_sortie?=',
        'Content-Type: multipart/mixed; boundary="x"',
        '',
        '--x',
        'Content-Type: text/plain; charset=iso-8859-1',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'R=E9sum=E9 =',
        'joint',
        '--x',
        'Content-Type: application/octet-stream',
        "Content-Disposition: attachment; filename*=utf-8''r%C3%A9sum%C3%A9.bin",
        'Content-Transfer-Encoding: base64',
        '',
        'AAH/',
        '--x--',
        '',
      ].join('\r\n'),
    );
    expect(message.subject).toBe('Résumé de sortie');
    expect(message.text).toBe('Résumé joint');
    expect(message.attachments).toEqual([
      { filename: 'résumé.bin', contentType: 'application/octet-stream', content: Buffer.from([0, 1, 255]) },
    ]);
  });

  it('decodes a header value without encoded words as it is', () => {
    expect(decodeHeaderValue('Plain subject')).toBe('Plain subject');
  });
});
