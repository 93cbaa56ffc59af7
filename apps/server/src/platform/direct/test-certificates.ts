import { webcrypto } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { certificateToPem, cryptoEngine, parseCertificatesPem, privateKeyPkcs8, toPem } from './certificates';

/**
 * Certificates for tests and the demo: a self-signed authority and Direct certificates it issues, made with pkijs
 * on Node's WebCrypto (RSA 2048, SHA-256). Never for production: the keys are written unencrypted.
 */

/** The demo facility's Direct address (the sender). */
export const DEMO_FACILITY_DIRECT_ADDRESS = 'riverside@direct.riverside-cancer.example';
/** The demo's outside clinician (a recipient in the trust store). */
export const DEMO_RECIPIENT_DIRECT_ADDRESS = 'dr.lee@direct.example-clinic.org';

export interface TestCertificateAuthority {
  certificatePem: string;
  privateKeyPem: string;
}

export interface DirectTestCertificate {
  certificatePem: string;
  privateKeyPem: string;
}

export interface IssueOptions {
  /** Bind to one address (subjectAltName rfc822Name and the subject's emailAddress). */
  address?: string;
  /** Bind to a whole domain (subjectAltName dNSName): Direct's domain-bound certificate. */
  domain?: string;
  /** Put the address in the subject's emailAddress only, with no subjectAltName (older certificates do). */
  addressInSubjectOnly?: boolean;
  commonName?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** Leave keyEncipherment out of keyUsage (a signing-only certificate). */
  signingOnly?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const RSA_KEY_ALGORITHM: webcrypto.RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};

async function generateKeys(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey(RSA_KEY_ALGORITHM, true, ['sign', 'verify']);
}

async function privateKeyPem(key: webcrypto.CryptoKey): Promise<string> {
  return toPem('PRIVATE KEY', new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', key)));
}

async function importSigningKey(pem: string): Promise<webcrypto.CryptoKey> {
  const pkcs8 = privateKeyPkcs8(pem);
  return webcrypto.subtle.importKey('pkcs8', pkcs8, RSA_KEY_ALGORITHM, false, ['sign']);
}

/** A distinguished name with one attribute per RDN (pkijs alone would put them all in a single RDN). */
function name(commonName: string, email?: string): pkijs.RelativeDistinguishedNames {
  const attributes = [
    new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: commonName }) }),
  ];
  if (email) {
    attributes.push(
      new pkijs.AttributeTypeAndValue({ type: '1.2.840.113549.1.9.1', value: new asn1js.IA5String({ value: email }) }),
    );
  }
  const sequence = new asn1js.Sequence({ value: attributes.map((a) => new asn1js.Set({ value: [a.toSchema()] })) });
  return pkijs.RelativeDistinguishedNames.fromBER(sequence.toBER(false));
}

function ext(extnID: string, critical: boolean, value: { toSchema(): asn1js.BaseBlock } | asn1js.BaseBlock) {
  const schema = 'toSchema' in value ? value.toSchema() : value;
  return new pkijs.Extension({ extnID, critical, extnValue: schema.toBER(false) });
}

/** keyUsage bits (RFC 5280 4.2.1.3) as a DER BIT STRING with its unused trailing bits counted. */
function keyUsage(bits: number[]): asn1js.BitString {
  const byte = bits.reduce((acc, bit) => acc | (0x80 >> bit), 0);
  const last = Math.max(...bits);
  return new asn1js.BitString({ valueHex: new Uint8Array([byte]).buffer, unusedBits: 7 - last });
}

async function keyIdentifier(publicKey: pkijs.PublicKeyInfo): Promise<ArrayBuffer> {
  return webcrypto.subtle.digest('SHA-1', publicKey.subjectPublicKey.valueBlock.valueHexView);
}

function serialNumber(): asn1js.Integer {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  // Positive (top bit clear) and never a leading zero byte: DER wants the shortest encoding, and OpenSSL refused a
  // certificate whose random serial began 0x00 followed by a byte under 0x80 ("illegal padding", 1 run in 256).
  bytes[0] = (bytes[0]! & 0x3f) | 0x40;
  return new asn1js.Integer({ valueHex: bytes.buffer });
}

async function signCertificate(
  certificate: pkijs.Certificate,
  issuerKey: webcrypto.CryptoKey,
  publicKey: webcrypto.CryptoKey,
  validity: { notBefore: Date; notAfter: Date },
) {
  certificate.version = 2;
  certificate.serialNumber = serialNumber();
  certificate.notBefore.value = validity.notBefore;
  certificate.notAfter.value = validity.notAfter;
  await certificate.subjectPublicKeyInfo.importKey(publicKey, cryptoEngine);
  await certificate.sign(issuerKey, 'SHA-256', cryptoEngine);
}

/** A self-signed certificate authority (basicConstraints cA, keyCertSign, cRLSign), valid ten years. */
export async function createTestAuthority(commonName = 'Portal Test Direct CA'): Promise<TestCertificateAuthority> {
  const keys = await generateKeys();
  const certificate = new pkijs.Certificate();
  certificate.subject = name(commonName);
  certificate.issuer = name(commonName);
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey, cryptoEngine);
  const ski = await keyIdentifier(certificate.subjectPublicKeyInfo);
  certificate.extensions = [
    ext('2.5.29.19', true, new pkijs.BasicConstraints({ cA: true })),
    ext('2.5.29.15', true, keyUsage([5, 6])),
    ext('2.5.29.14', false, new asn1js.OctetString({ valueHex: ski })),
  ];
  const now = Date.now();
  await signCertificate(certificate, keys.privateKey, keys.publicKey, {
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 3650 * DAY_MS),
  });
  return { certificatePem: certificateToPem(certificate), privateKeyPem: await privateKeyPem(keys.privateKey) };
}

/**
 * A Direct end-entity certificate issued by `authority`: bound to an address, a domain, or both; digitalSignature
 * and keyEncipherment, extended key usage emailProtection; valid two years from yesterday unless told.
 */
export async function issueDirectCertificate(
  authority: TestCertificateAuthority,
  options: IssueOptions,
): Promise<DirectTestCertificate> {
  if (!options.address && !options.domain) throw new Error('A Direct certificate is bound to an address or a domain.');
  const [caCertificate] = parseCertificatesPem(authority.certificatePem);
  const caKey = await importSigningKey(authority.privateKeyPem);
  const keys = await generateKeys();

  const certificate = new pkijs.Certificate();
  certificate.issuer = caCertificate!.subject;
  certificate.subject = name(options.commonName ?? options.address ?? options.domain!, options.address);
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey, cryptoEngine);

  const altNames: pkijs.GeneralName[] = [];
  if (options.address && !options.addressInSubjectOnly) {
    altNames.push(new pkijs.GeneralName({ type: 1, value: options.address }));
  }
  if (options.domain) altNames.push(new pkijs.GeneralName({ type: 2, value: options.domain }));

  certificate.extensions = [
    ext('2.5.29.19', true, new pkijs.BasicConstraints({ cA: false })),
    ext('2.5.29.15', true, keyUsage(options.signingOnly ? [0] : [0, 2])),
    ext('2.5.29.37', false, new pkijs.ExtKeyUsage({ keyPurposes: ['1.3.6.1.5.5.7.3.4'] })),
    ext(
      '2.5.29.14',
      false,
      new asn1js.OctetString({ valueHex: await keyIdentifier(certificate.subjectPublicKeyInfo) }),
    ),
    ext(
      '2.5.29.35',
      false,
      new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: await keyIdentifier(caCertificate!.subjectPublicKeyInfo) }),
      }),
    ),
    ...(altNames.length ? [ext('2.5.29.17', false, new pkijs.AltName({ altNames }))] : []),
  ];
  const now = Date.now();
  await signCertificate(certificate, caKey, keys.publicKey, {
    notBefore: options.notBefore ?? new Date(now - DAY_MS),
    notAfter: options.notAfter ?? new Date(now + 730 * DAY_MS),
  });
  return { certificatePem: certificateToPem(certificate), privateKeyPem: await privateKeyPem(keys.privateKey) };
}

export interface DirectTestFiles {
  authority: TestCertificateAuthority;
  facility: DirectTestCertificate & { address: string };
  recipient: DirectTestCertificate & { address: string };
  /** The values the DIRECT_* settings take for these files. */
  settings: { from: string; certFile: string; keyFile: string; trustDir: string };
  /** The recipient's certificate and key, for a developer mailbox that decrypts what was sent. */
  recipientFiles: { certFile: string; keyFile: string };
  authorityFile: string;
}

/**
 * Writes a test authority, the facility's Direct certificate and key, and a recipient's certificate (into the trust
 * folder `trust/`) and key, as PEM files under `dir`:
 *
 *   ca.cert.pem, facility.cert.pem, facility.key.pem, recipient.cert.pem, recipient.key.pem, trust/<address>.pem
 */
export async function writeDirectTestCertificates(
  dir: string,
  options: { facilityAddress?: string; recipientAddress?: string } = {},
): Promise<DirectTestFiles> {
  const facilityAddress = options.facilityAddress ?? DEMO_FACILITY_DIRECT_ADDRESS;
  const recipientAddress = options.recipientAddress ?? DEMO_RECIPIENT_DIRECT_ADDRESS;
  const authority = await createTestAuthority();
  const facility = await issueDirectCertificate(authority, { address: facilityAddress });
  const recipient = await issueDirectCertificate(authority, { address: recipientAddress });

  const trustDir = path.join(dir, 'trust');
  await mkdir(trustDir, { recursive: true });
  const file = (name: string) => path.join(dir, name);
  const keyMode = { mode: 0o600 };
  await writeFile(file('ca.cert.pem'), authority.certificatePem);
  await writeFile(file('facility.cert.pem'), facility.certificatePem);
  await writeFile(file('facility.key.pem'), facility.privateKeyPem, keyMode);
  await writeFile(file('recipient.cert.pem'), recipient.certificatePem);
  await writeFile(file('recipient.key.pem'), recipient.privateKeyPem, keyMode);
  await writeFile(path.join(trustDir, `${recipientAddress}.pem`), recipient.certificatePem);

  return {
    authority,
    facility: { ...facility, address: facilityAddress },
    recipient: { ...recipient, address: recipientAddress },
    settings: {
      from: facilityAddress,
      certFile: file('facility.cert.pem'),
      keyFile: file('facility.key.pem'),
      trustDir,
    },
    recipientFiles: { certFile: file('recipient.cert.pem'), keyFile: file('recipient.key.pem') },
    authorityFile: file('ca.cert.pem'),
  };
}
