import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCcdaFixture } from '../../../test/ccda-fixtures';
import { parseMimeEntity, readMessage, splitMultipart } from './mime';
import { envelope, signAndEncrypt, signMime, SmimeError } from './smime';
import { decryptAndVerify } from './smime-open';
import type { SmimeErrorCode } from './smime';
import {
  createTestAuthority,
  DEMO_FACILITY_DIRECT_ADDRESS,
  DEMO_RECIPIENT_DIRECT_ADDRESS,
  issueDirectCertificate,
} from './test-certificates';
import type { DirectTestCertificate, TestCertificateAuthority } from './test-certificates';

let authority: TestCertificateAuthority;
let facility: DirectTestCertificate;
let recipient: DirectTestCertificate;
let colleague: DirectTestCertificate;
let stranger: DirectTestCertificate;

const ccd = readCcdaFixture('ccd.xml');
const pdfBytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000), Buffer.from([0, 0xff, 0x0d, 0x0a])]);

beforeAll(async () => {
  authority = await createTestAuthority();
  [facility, recipient, colleague, stranger] = await Promise.all([
    issueDirectCertificate(authority, { address: DEMO_FACILITY_DIRECT_ADDRESS }),
    issueDirectCertificate(authority, { address: DEMO_RECIPIENT_DIRECT_ADDRESS }),
    issueDirectCertificate(authority, { address: 'dr.kim@direct.example-clinic.org' }),
    issueDirectCertificate(authority, { address: 'someone@direct.elsewhere.example' }),
  ]);
});

/** A realistic inner message: a text and two attachments (a C-CDA document and binary bytes). */
async function innerMessage(text = 'Dear Dr. Lee,\nthe summary of care for Jane Doe is attached.\n') {
  return new MailComposer({
    from: DEMO_FACILITY_DIRECT_ADDRESS,
    to: DEMO_RECIPIENT_DIRECT_ADDRESS,
    subject: 'Summary of care',
    text,
    attachments: [
      { filename: 'summary-of-care.xml', contentType: 'application/xml', content: ccd },
      { filename: 'letter.pdf', contentType: 'application/pdf', content: pdfBytes },
    ],
    newline: '\r\n',
  })
    .compile()
    .build();
}

async function rejection(promise: Promise<unknown>): Promise<SmimeError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(SmimeError);
    return err as SmimeError;
  }
  throw new Error('expected a SmimeError');
}

describe('signAndEncrypt and decryptAndVerify', () => {
  it('signs, then encrypts to the recipient; the recipient decrypts it and the signature verifies against the facility certificate', async () => {
    const mime = await innerMessage();
    const entity = await signAndEncrypt({ mime, signer: facility, recipients: [recipient.certificatePem] });

    expect(entity.headers).toEqual([
      { name: 'Content-Type', value: 'application/pkcs7-mime; smime-type=enveloped-data; name="smime.p7m"' },
      { name: 'Content-Transfer-Encoding', value: 'base64' },
      { name: 'Content-Disposition', value: 'attachment; filename="smime.p7m"' },
      { name: 'Content-Description', value: 'S/MIME Encrypted Message' },
    ]);
    expect(entity.body.split('\r\n').every((line) => /^[A-Za-z0-9+/=]{1,76}$/.test(line))).toBe(true);
    expect(entity.text).toBe(
      `${entity.headers.map((h) => `${h.name}: ${h.value}`).join('\r\n')}\r\n\r\n${entity.body}`,
    );
    // Nothing of the content is readable in what travels.
    const carried = Buffer.from(entity.body, 'base64').toString('latin1');
    expect(carried).not.toContain('Dear Dr. Lee');
    expect(carried).not.toContain('ClinicalDocument');

    const opened = await decryptAndVerify({
      entity: entity.text,
      recipient,
      trustedSigners: [facility.certificatePem],
    });
    expect(opened.mime.equals(mime)).toBe(true);
    expect(opened.signer.emailAddresses).toEqual([DEMO_FACILITY_DIRECT_ADDRESS]);
    expect(opened.signer.subject).toBe(`CN=${DEMO_FACILITY_DIRECT_ADDRESS}, E=${DEMO_FACILITY_DIRECT_ADDRESS}`);
    expect(opened.signer.certificatePem).toBe(facility.certificatePem);
    expect(Math.abs(opened.signingTime!.getTime() - Date.now())).toBeLessThan(60_000);

    const message = readMessage(opened.mime);
    expect(message.subject).toBe('Summary of care');
    expect(message.from).toBe(DEMO_FACILITY_DIRECT_ADDRESS);
    expect(message.text).toBe('Dear Dr. Lee,\r\nthe summary of care for Jane Doe is attached.\r\n');
    expect(message.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['summary-of-care.xml', 'application/xml'],
      ['letter.pdf', 'application/pdf'],
    ]);
    expect(message.attachments[0]!.content.toString('utf8')).toBe(ccd);
    expect(message.attachments[1]!.content.equals(pdfBytes)).toBe(true);
  });

  it('signs a multipart/signed entity with a detached SHA-256 signature over the content exactly', async () => {
    const mime = await innerMessage();
    const signed = await signMime(mime, facility);

    const entity = parseMimeEntity(signed);
    expect(entity.mediaType).toBe('multipart/signed');
    expect(entity.params).toMatchObject({ protocol: 'application/pkcs7-signature', micalg: 'sha-256' });
    const [content, signature] = splitMultipart(entity.body, entity.params.boundary!);
    expect(content!.equals(mime)).toBe(true);
    expect(parseMimeEntity(signature!).mediaType).toBe('application/pkcs7-signature');
  });

  it('accepts the signer when it chains to a trusted authority, and only then', async () => {
    const entity = await signAndEncrypt({
      mime: await innerMessage(),
      signer: facility,
      recipients: [recipient.certificatePem],
    });
    const opened = await decryptAndVerify({
      entity: entity.text,
      recipient,
      trustedSigners: [authority.certificatePem],
    });
    expect(opened.signer.emailAddresses).toEqual([DEMO_FACILITY_DIRECT_ADDRESS]);

    const otherAuthority = await createTestAuthority('Another CA');
    const error = await rejection(
      decryptAndVerify({ entity: entity.text, recipient, trustedSigners: [otherAuthority.certificatePem] }),
    );
    expect(error.code).toBe<SmimeErrorCode>('untrusted_signer');
    // A certificate from the same authority is not the signer.
    expect(
      (
        await rejection(
          decryptAndVerify({ entity: entity.text, recipient, trustedSigners: [colleague.certificatePem] }),
        )
      ).code,
    ).toBe<SmimeErrorCode>('untrusted_signer');
  });

  it('does not trust an expired signer, even one that is listed', async () => {
    const expired = await issueDirectCertificate(authority, {
      address: DEMO_FACILITY_DIRECT_ADDRESS,
      notBefore: new Date(Date.now() - 400 * 86_400_000),
      notAfter: new Date(Date.now() - 30 * 86_400_000),
    });
    const entity = await signAndEncrypt({
      mime: await innerMessage(),
      signer: expired,
      recipients: [recipient.certificatePem],
    });
    for (const trustedSigners of [[expired.certificatePem], [authority.certificatePem]]) {
      expect((await rejection(decryptAndVerify({ entity: entity.text, recipient, trustedSigners }))).code).toBe(
        'untrusted_signer',
      );
    }
  });

  it('can be opened by each of several recipients, and by no one else', async () => {
    const mime = await innerMessage();
    const entity = await signAndEncrypt({
      mime,
      signer: facility,
      recipients: [recipient.certificatePem, colleague.certificatePem],
    });
    for (const who of [recipient, colleague]) {
      expect((await decryptAndVerify({ entity: entity.text, recipient: who })).mime.equals(mime)).toBe(true);
    }
    const error = await rejection(decryptAndVerify({ entity: entity.text, recipient: stranger }));
    expect(error.code).toBe<SmimeErrorCode>('not_for_recipient');
  });

  it("cannot be decrypted with another recipient's key", async () => {
    const entity = await signAndEncrypt({
      mime: await innerMessage(),
      signer: facility,
      recipients: [recipient.certificatePem],
    });
    expect((await rejection(decryptAndVerify({ entity: entity.text, recipient: colleague }))).code).toBe(
      'not_for_recipient',
    );
    // Claiming the recipient's certificate with another key is refused before anything is tried.
    const mismatched = { certificatePem: recipient.certificatePem, privateKeyPem: colleague.privateKeyPem };
    expect((await rejection(decryptAndVerify({ entity: entity.text, recipient: mismatched }))).code).toBe(
      'invalid_credentials',
    );
  });

  it('fails verification when the signed content was changed after signing', async () => {
    const signed = await signMime(await innerMessage(), facility);
    const tampered = Buffer.from(signed.toString('latin1').replace('Jane Doe', 'John Doe'), 'latin1');
    expect(tampered.equals(signed)).toBe(false);
    const entity = await envelope(tampered, [recipient.certificatePem]);

    const error = await rejection(decryptAndVerify({ entity: entity.text, recipient }));
    expect(error.code).toBe<SmimeErrorCode>('bad_signature');
  });

  it('fails when the signature is another message’s', async () => {
    const first = parseMimeEntity(await signMime(await innerMessage('First\n'), facility));
    const second = parseMimeEntity(await signMime(await innerMessage('Second\n'), facility));
    const [content] = splitMultipart(first.body, first.params.boundary!);
    const [, signature] = splitMultipart(second.body, second.params.boundary!);
    const boundary = 'spliced-boundary';
    const spliced = Buffer.concat([
      Buffer.from(
        `Content-Type: multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256; boundary="${boundary}"\r\n\r\n--${boundary}\r\n`,
      ),
      content!,
      Buffer.from(`\r\n--${boundary}\r\n`),
      signature!,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const entity = await envelope(spliced, [recipient.certificatePem]);
    expect((await rejection(decryptAndVerify({ entity: entity.text, recipient }))).code).toBe('bad_signature');
  });

  it('fails when the ciphertext was changed in transit', async () => {
    const entity = await signAndEncrypt({
      mime: await innerMessage(),
      signer: facility,
      recipients: [recipient.certificatePem],
    });
    const der = Buffer.from(entity.body, 'base64');
    // A byte in the middle of the encrypted content (the last kilobytes of the structure).
    der[der.length - 2000] = der[der.length - 2000]! ^ 0x01;
    const body = der.toString('base64');
    const error = await rejection(
      decryptAndVerify({
        entity: `${entity.text.slice(0, entity.text.indexOf('\r\n\r\n'))}\r\n\r\n${body}`,
        recipient,
      }),
    );
    expect(['bad_signature', 'not_signed', 'decryption_failed']).toContain(error.code);
  });

  it('refuses what is not an enveloped S/MIME entity, and content that is encrypted but not signed', async () => {
    const plain = 'Content-Type: text/plain\r\n\r\nHello';
    expect((await rejection(decryptAndVerify({ entity: plain, recipient }))).code).toBe('not_enveloped');
    const garbage =
      'Content-Type: application/pkcs7-mime; smime-type=enveloped-data\r\nContent-Transfer-Encoding: base64\r\n\r\nAAAA';
    expect((await rejection(decryptAndVerify({ entity: garbage, recipient }))).code).toBe('not_enveloped');

    const unsigned = await envelope(Buffer.from(await innerMessage()), [recipient.certificatePem]);
    expect((await rejection(decryptAndVerify({ entity: unsigned.text, recipient }))).code).toBe('not_signed');
  });

  it('refuses a signer key that is not the certificate’s', async () => {
    const error = await rejection(
      signAndEncrypt({
        mime: 'Content-Type: text/plain\r\n\r\nHi',
        signer: { certificatePem: facility.certificatePem, privateKeyPem: recipient.privateKeyPem },
        recipients: [recipient.certificatePem],
      }),
    );
    expect(error.code).toBe<SmimeErrorCode>('invalid_credentials');
  });
});

const opensslVersion = (() => {
  try {
    return execFileSync('openssl', ['version'], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
})();

describe.skipIf(!opensslVersion?.startsWith('OpenSSL 3'))('interoperability', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'direct-openssl-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("OpenSSL's CMS reader decrypts the message and verifies its signature against the authority", async () => {
    const mime = await innerMessage();
    const entity = await signAndEncrypt({ mime, signer: facility, recipients: [recipient.certificatePem] });
    const file = (name: string) => path.join(dir, name);
    writeFileSync(file('message.eml'), `MIME-Version: 1.0\r\n${entity.text}`);
    writeFileSync(file('recipient.cert.pem'), recipient.certificatePem);
    writeFileSync(file('recipient.key.pem'), recipient.privateKeyPem);
    writeFileSync(file('ca.pem'), authority.certificatePem);

    const decrypt = ['-decrypt', '-in', file('message.eml'), '-recip', file('recipient.cert.pem')];
    execFileSync('openssl', ['cms', ...decrypt, '-inkey', file('recipient.key.pem'), '-out', file('signed.eml')], {
      stdio: 'pipe',
    });
    const verify = ['-verify', '-in', file('signed.eml'), '-CAfile', file('ca.pem'), '-purpose', 'smimesign'];
    execFileSync('openssl', ['cms', ...verify, '-out', file('content.eml')], { stdio: 'pipe' });

    expect(readFileSync(file('content.eml')).equals(mime)).toBe(true);
  });
});
