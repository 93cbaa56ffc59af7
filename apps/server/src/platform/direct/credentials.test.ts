import { execFileSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { DirectConfigurationError, createDirectSender } from './direct-sender';
import { DirectKeyError, readDirectCredentials } from './credentials';
import { signAndEncrypt } from './smime';
import { decryptAndVerify } from './smime-open';
import {
  createTestAuthority,
  DEMO_FACILITY_DIRECT_ADDRESS,
  DEMO_RECIPIENT_DIRECT_ADDRESS,
  issueDirectCertificate,
  type DirectTestCertificate,
  type TestCertificateAuthority,
} from './test-certificates';

// The facility's key as deployments keep it: an encrypted PKCS#8 PEM or a PKCS#12 file, opened with
// DIRECT_KEY_PASSPHRASE; a wrong or missing passphrase stops the start with a sentence saying so.

const PASSPHRASE = 'correct horse battery staple';

let dir: string;
let authority: TestCertificateAuthority;
let facility: DirectTestCertificate;
let recipient: DirectTestCertificate;
const file = (name: string) => path.join(dir, name);

const opensslVersion = (() => {
  try {
    return execFileSync('openssl', ['version'], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
})();

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'direct-keys-'));
  authority = await createTestAuthority();
  [facility, recipient] = await Promise.all([
    issueDirectCertificate(authority, { address: DEMO_FACILITY_DIRECT_ADDRESS }),
    issueDirectCertificate(authority, { address: DEMO_RECIPIENT_DIRECT_ADDRESS }),
  ]);
  writeFileSync(file('facility.cert.pem'), facility.certificatePem);
  writeFileSync(file('ca.cert.pem'), authority.certificatePem);
  writeFileSync(file('recipient.cert.pem'), recipient.certificatePem);
  writeFileSync(file('recipient.key.pem'), recipient.privateKeyPem);
  // Encrypted PKCS#8 (PBES2, AES-256-CBC), written by Node as openssl pkcs8 -topk8 -v2 aes-256-cbc would.
  const encrypted = createPrivateKey(facility.privateKeyPem).export({
    type: 'pkcs8',
    format: 'pem',
    cipher: 'aes-256-cbc',
    passphrase: PASSPHRASE,
  });
  writeFileSync(file('facility.key.enc.pem'), encrypted);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = (key: string, passphrase: string | undefined) =>
  readDirectCredentials({
    certificate: readFileSync(file('facility.cert.pem')),
    key: readFileSync(file(key)),
    passphrase,
  });

describe('readDirectCredentials', () => {
  it('opens an encrypted PKCS#8 PEM with its passphrase, and signs with it', async () => {
    expect(readFileSync(file('facility.key.enc.pem'), 'utf8')).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    const signer = await read('facility.key.enc.pem', PASSPHRASE);
    const entity = await signAndEncrypt({
      mime: 'Content-Type: text/plain\r\n\r\nhello\r\n',
      signer,
      recipients: [recipient.certificatePem],
    });
    const opened = await decryptAndVerify({
      entity: entity.text,
      recipient,
      trustedSigners: [authority.certificatePem],
    });
    expect(opened.signer.emailAddresses).toEqual([DEMO_FACILITY_DIRECT_ADDRESS]);
  });

  it('refuses a wrong passphrase, and a missing one, with a sentence naming DIRECT_KEY_PASSPHRASE', async () => {
    await expect(read('facility.key.enc.pem', 'wrong')).rejects.toThrow(
      new DirectKeyError('The private key could not be decrypted: DIRECT_KEY_PASSPHRASE is not its passphrase.'),
    );
    await expect(read('facility.key.enc.pem', undefined)).rejects.toThrow(/set DIRECT_KEY_PASSPHRASE/);
  });

  it('stops the start (createDirectSender) when the passphrase is wrong, without repeating it', async () => {
    const config = loadConfig({
      DIRECT_SMTP_URL: 'smtp://127.0.0.1:2525',
      DIRECT_FROM: DEMO_FACILITY_DIRECT_ADDRESS,
      DIRECT_CERT_FILE: file('facility.cert.pem'),
      DIRECT_KEY_FILE: file('facility.key.enc.pem'),
      DIRECT_KEY_PASSPHRASE: 'not the passphrase',
      DIRECT_TRUST_DIR: dir,
    });
    const error = (await createDirectSender(config.direct!).catch((err: unknown) => err)) as Error;
    expect(error).toBeInstanceOf(DirectConfigurationError);
    expect(error.message).toContain('DIRECT_KEY_PASSPHRASE is not its passphrase');
    expect(error.message).not.toContain('not the passphrase');
  });

  describe.skipIf(!opensslVersion?.startsWith('OpenSSL 3'))('with files OpenSSL wrote', () => {
    beforeAll(() => {
      writeFileSync(file('facility.key.pem'), facility.privateKeyPem);
      const out = ['-passout', `pass:${PASSPHRASE}`];
      execFileSync('openssl', [
        'pkcs12',
        '-export',
        '-inkey',
        file('facility.key.pem'),
        '-in',
        file('facility.cert.pem'),
        '-certfile',
        file('ca.cert.pem'),
        '-out',
        file('facility.p12'),
        ...out,
      ]);
      execFileSync('openssl', [
        'pkcs8',
        '-topk8',
        '-in',
        file('facility.key.pem'),
        '-v2',
        'aes-256-cbc',
        '-out',
        file('facility.key.openssl.pem'),
        ...out,
      ]);
    });

    it('opens a PKCS#12 file (AES, as OpenSSL 3 writes it) and puts its own certificate first', async () => {
      const signer = await read('facility.p12', PASSPHRASE);
      expect(signer.certificatePem).toBe(facility.certificatePem);
      await expect(read('facility.p12', 'wrong')).rejects.toThrow(/DIRECT_KEY_PASSPHRASE is not its passphrase/);
      await expect(read('facility.p12', undefined)).rejects.toThrow(/PKCS#12: set DIRECT_KEY_PASSPHRASE/);
    });

    it("signs with OpenSSL's encrypted key so that OpenSSL's CMS decrypts and verifies the message", async () => {
      const signer = await read('facility.key.openssl.pem', PASSPHRASE);
      const mime = Buffer.from('Content-Type: text/plain\r\n\r\nSigned with an encrypted key.\r\n');
      const entity = await signAndEncrypt({ mime, signer, recipients: [recipient.certificatePem] });
      writeFileSync(file('message.eml'), `MIME-Version: 1.0\r\n${entity.text}`);
      execFileSync(
        'openssl',
        ['cms', '-decrypt', '-in', file('message.eml'), '-recip', file('recipient.cert.pem')].concat([
          '-inkey',
          file('recipient.key.pem'),
          '-out',
          file('signed.eml'),
        ]),
        { stdio: 'pipe' },
      );
      execFileSync(
        'openssl',
        ['cms', '-verify', '-in', file('signed.eml'), '-CAfile', file('ca.cert.pem'), '-purpose', 'smimesign'].concat([
          '-out',
          file('content.eml'),
        ]),
        { stdio: 'pipe' },
      );
      expect(readFileSync(file('content.eml')).equals(mime)).toBe(true);
    });
  });
});
