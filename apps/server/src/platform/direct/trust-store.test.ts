import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pemBlocks } from './certificates';
import { createTestAuthority, issueDirectCertificate } from './test-certificates';
import type { DirectTestCertificate, TestCertificateAuthority } from './test-certificates';
import { DirectTrustStore, DirectTrustStoreError } from './trust-store';

const DAY = 86_400_000;

let dir: string;
let authority: TestCertificateAuthority;
let addressBound: DirectTestCertificate;
let domainBound: DirectTestCertificate;
let subjectOnly: DirectTestCertificate;
let expired: DirectTestCertificate;
let notYetValid: DirectTestCertificate;
let signingOnly: DirectTestCertificate;
let clock: Date;

const derOf = (pem: string) => Buffer.from(pemBlocks(pem)[0]!.der);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'direct-trust-'));
  authority = await createTestAuthority();
  const now = Date.now();
  [addressBound, domainBound, subjectOnly, expired, notYetValid, signingOnly] = await Promise.all([
    issueDirectCertificate(authority, { address: 'dr.lee@direct.example-clinic.org' }),
    issueDirectCertificate(authority, { domain: 'direct.example-clinic.org' }),
    issueDirectCertificate(authority, {
      address: 'nurse.ray@direct.valley-health.example',
      addressInSubjectOnly: true,
    }),
    issueDirectCertificate(authority, {
      address: 'dr.old@direct.other.example',
      notBefore: new Date(now - 400 * DAY),
      notAfter: new Date(now - 35 * DAY),
    }),
    issueDirectCertificate(authority, {
      address: 'dr.new@direct.other.example',
      notBefore: new Date(now + 10 * DAY),
      notAfter: new Date(now + 400 * DAY),
    }),
    issueDirectCertificate(authority, { address: 'signer@direct.other.example', signingOnly: true }),
  ]);
  writeFileSync(path.join(dir, 'dr.lee.pem'), addressBound.certificatePem);
  writeFileSync(path.join(dir, 'example-clinic.der'), derOf(domainBound.certificatePem));
  writeFileSync(path.join(dir, 'valley-health.CRT'), subjectOnly.certificatePem);
  writeFileSync(path.join(dir, 'dr.old.cer'), derOf(expired.certificatePem));
  writeFileSync(path.join(dir, 'dr.new.pem'), notYetValid.certificatePem);
  writeFileSync(path.join(dir, 'signer.pem'), signingOnly.certificatePem);
  writeFileSync(path.join(dir, 'ca.pem'), authority.certificatePem);
  writeFileSync(
    path.join(dir, 'broken.pem'),
    '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n',
  );
  writeFileSync(path.join(dir, 'key-only.pem'), addressBound.privateKeyPem);
  writeFileSync(path.join(dir, 'README.txt'), 'Certificates of our Direct partners.');
  mkdirSync(path.join(dir, 'archive.pem'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function store() {
  clock = new Date();
  return new DirectTrustStore({ dir, now: () => clock });
}

describe('DirectTrustStore', () => {
  it('finds the certificate bound to the address (subjectAltName rfc822Name), whatever the case of the address', async () => {
    const trust = store();
    for (const address of ['dr.lee@direct.example-clinic.org', ' DR.Lee@Direct.Example-Clinic.ORG ']) {
      const found = await trust.lookup(address);
      expect(found.boundTo).toBe('address');
      expect(found.certificates.map((c) => c.certificatePem)).toEqual([addressBound.certificatePem]);
      expect(found.certificates[0]).toMatchObject({
        file: 'dr.lee.pem',
        emailAddresses: ['dr.lee@direct.example-clinic.org'],
      });
    }
  });

  it("falls back to the domain's certificate (subjectAltName dNSName) for any other address of the domain", async () => {
    const found = await store().lookup('front.desk@direct.example-clinic.org');
    expect(found.boundTo).toBe('domain');
    expect(found.certificates.map((c) => c.certificatePem)).toEqual([domainBound.certificatePem]);
    expect(found.certificates[0]).toMatchObject({
      file: 'example-clinic.der',
      dnsNames: ['direct.example-clinic.org'],
    });
  });

  it("finds a certificate by the subject's emailAddress when it has no subjectAltName", async () => {
    const found = await store().lookup('nurse.ray@direct.valley-health.example');
    expect(found.boundTo).toBe('address');
    expect(found.certificates.map((c) => c.certificatePem)).toEqual([subjectOnly.certificatePem]);
  });

  it('skips expired and not-yet-valid certificates, by the clock of each lookup', async () => {
    const trust = store();
    expect(await trust.lookup('dr.old@direct.other.example')).toEqual({ certificates: [], boundTo: 'none' });
    expect(await trust.lookup('dr.new@direct.other.example')).toEqual({ certificates: [], boundTo: 'none' });

    clock = new Date(Date.now() - 100 * DAY);
    expect((await trust.lookup('dr.old@direct.other.example')).certificates.map((c) => c.certificatePem)).toEqual([
      expired.certificatePem,
    ]);
    clock = new Date(Date.now() + 20 * DAY);
    expect((await trust.lookup('dr.new@direct.other.example')).boundTo).toBe('address');
  });

  it('never offers an authority or a signing-only certificate for encryption, and says which files it could not use', async () => {
    const trust = store();
    expect((await trust.lookup('signer@direct.other.example')).boundTo).toBe('none');
    expect((await trust.certificates()).map((c) => c.file).sort()).toEqual([
      'dr.lee.pem',
      'dr.new.pem',
      'dr.old.cer',
      'example-clinic.der',
      'valley-health.CRT',
    ]);
    expect(await trust.problems()).toEqual([
      { file: 'broken.pem', reason: 'not an X.509 certificate' },
      { file: 'ca.pem', reason: 'no encryption certificate bound to an address or a domain' },
      { file: 'key-only.pem', reason: 'no PEM certificate in it' },
      { file: 'signer.pem', reason: 'no encryption certificate bound to an address or a domain' },
    ]);
  });

  it('answers nothing for what is not one plain address', async () => {
    const trust = store();
    for (const address of [
      '',
      'direct.example-clinic.org',
      '@direct.example-clinic.org',
      'a b@direct.example-clinic.org',
    ]) {
      expect(await trust.lookup(address)).toEqual({ certificates: [], boundTo: 'none' });
    }
  });

  it('reads the folder once, and again on reload()', async () => {
    const trust = store();
    expect((await trust.lookup('dr.kim@direct.kim-clinic.example')).boundTo).toBe('none');
    const added = await issueDirectCertificate(authority, { address: 'dr.kim@direct.kim-clinic.example' });
    const file = path.join(dir, 'dr.kim.pem');
    writeFileSync(file, added.certificatePem);
    try {
      expect((await trust.lookup('dr.kim@direct.kim-clinic.example')).boundTo).toBe('none');
      await trust.reload();
      expect((await trust.lookup('dr.kim@direct.kim-clinic.example')).certificates[0]?.certificatePem).toBe(
        added.certificatePem,
      );
    } finally {
      unlinkSync(file);
    }
    await trust.reload();
    expect((await trust.lookup('dr.kim@direct.kim-clinic.example')).boundTo).toBe('none');
  });

  it('fails with the folder named when the folder cannot be read, and tries again on the next lookup', async () => {
    const missing = path.join(dir, 'no-such-folder');
    const trust = new DirectTrustStore({ dir: missing });
    await expect(trust.lookup('dr.lee@direct.example-clinic.org')).rejects.toThrow(DirectTrustStoreError);
    await expect(trust.lookup('dr.lee@direct.example-clinic.org')).rejects.toThrow(`${missing} cannot be read: ENOENT`);
    mkdirSync(missing);
    try {
      writeFileSync(path.join(missing, 'dr.lee.pem'), addressBound.certificatePem);
      expect((await trust.lookup('dr.lee@direct.example-clinic.org')).boundTo).toBe('address');
    } finally {
      rmSync(missing, { recursive: true, force: true });
    }
  });
});
