import { createPrivateKey, createPublicKey, webcrypto } from 'node:crypto';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * pkijs on Node's own WebCrypto, passed explicitly to every call so nothing depends on which global engine
 * pkijs picked when it was first imported.
 */
export const cryptoEngine = new pkijs.CryptoEngine({
  name: 'node-webcrypto',
  crypto: webcrypto,
  // pkijs declares the DOM's Crypto type, which this project's lib (no DOM) lacks: Node's WebCrypto is that API.
});

const OID = {
  commonName: '2.5.4.3',
  emailAddress: '1.2.840.113549.1.9.1',
  subjectAltName: '2.5.29.17',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
} as const;

const NAME_LABELS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  [OID.emailAddress]: 'E',
};

// GeneralName choices (RFC 5280 4.2.1.6).
const RFC822_NAME = 1;
const DNS_NAME = 2;

export class CertificateFormatError extends Error {
  override name = 'CertificateFormatError';
}

export interface PemBlock {
  label: string;
  der: Uint8Array;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/** Every PEM block of a text, in order (a file may hold a chain). */
export function pemBlocks(text: string): PemBlock[] {
  return [...text.matchAll(PEM_BLOCK)].map((m) => ({
    label: m[1]!,
    der: new Uint8Array(Buffer.from(m[2]!.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')),
  }));
}

export function toPem(label: string, der: Uint8Array | ArrayBuffer): string {
  const lines = Buffer.from(der instanceof ArrayBuffer ? new Uint8Array(der) : der)
    .toString('base64')
    .match(/.{1,64}/g);
  return `-----BEGIN ${label}-----\n${(lines ?? []).join('\n')}\n-----END ${label}-----\n`;
}

/** An ArrayBuffer holding exactly these bytes (pkijs and WebCrypto take ArrayBuffers). */
export function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export function parseCertificateDer(der: Uint8Array): pkijs.Certificate {
  try {
    return pkijs.Certificate.fromBER(arrayBufferOf(der));
  } catch (err) {
    throw new CertificateFormatError(`Not an X.509 certificate: ${(err as Error).message}`);
  }
}

/** The certificates of a PEM text (CERTIFICATE blocks, first = the holder's, then its chain). */
export function parseCertificatesPem(pem: string): pkijs.Certificate[] {
  const blocks = pemBlocks(pem).filter((b) => b.label === 'CERTIFICATE');
  if (blocks.length === 0) throw new CertificateFormatError('No PEM CERTIFICATE block found.');
  return blocks.map((b) => parseCertificateDer(b.der));
}

export function certificateDer(certificate: pkijs.Certificate): Uint8Array {
  return new Uint8Array(certificate.toSchema(true).toBER(false));
}

export function certificateToPem(certificate: pkijs.Certificate): string {
  return toPem('CERTIFICATE', certificateDer(certificate));
}

/** What the Direct code needs to know about a certificate, read once. */
export interface CertificateInfo {
  /** 'CN=..., O=..., E=...' in the certificate's own order. */
  subject: string;
  issuer: string;
  /** Lower-case addresses: subjectAltName rfc822Name, then the subject's emailAddress. */
  emailAddresses: string[];
  /** Lower-case subjectAltName dNSName: the domains of a Direct domain-bound certificate. */
  dnsNames: string[];
  notBefore: Date;
  notAfter: Date;
  isCertificateAuthority: boolean;
  /** False when a keyUsage extension leaves out keyEncipherment (RSA key transport is then not allowed). */
  allowsKeyEncipherment: boolean;
}

function attributeText(value: unknown): string {
  const block = (value as { valueBlock?: { value?: unknown } }).valueBlock;
  return typeof block?.value === 'string' ? block.value : '';
}

function nameToString(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues.map((tv) => `${NAME_LABELS[tv.type] ?? tv.type}=${attributeText(tv.value)}`).join(', ');
}

function extension(certificate: pkijs.Certificate, id: string): pkijs.Extension | undefined {
  return certificate.extensions?.find((e) => e.extnID === id);
}

export function describeCertificate(certificate: pkijs.Certificate): CertificateInfo {
  const emailAddresses: string[] = [];
  const dnsNames: string[] = [];
  const altNames = extension(certificate, OID.subjectAltName)?.parsedValue as pkijs.AltName | undefined;
  for (const name of altNames?.altNames ?? []) {
    if (typeof name.value !== 'string') continue;
    if (name.type === RFC822_NAME) emailAddresses.push(name.value.toLowerCase());
    if (name.type === DNS_NAME) dnsNames.push(name.value.toLowerCase().replace(/\.$/, ''));
  }
  for (const tv of certificate.subject.typesAndValues) {
    if (tv.type === OID.emailAddress) emailAddresses.push(attributeText(tv.value).toLowerCase());
  }
  const constraints = extension(certificate, OID.basicConstraints)?.parsedValue as pkijs.BasicConstraints | undefined;
  const keyUsage = extension(certificate, OID.keyUsage)?.parsedValue as asn1js.BitString | undefined;
  // keyEncipherment is bit 2, the third most significant bit of the first byte.
  const firstByte = keyUsage ? (new Uint8Array(keyUsage.valueBlock.valueHexView)[0] ?? 0) : 0xff;
  return {
    subject: nameToString(certificate.subject),
    issuer: nameToString(certificate.issuer),
    emailAddresses: [...new Set(emailAddresses.filter(Boolean))],
    dnsNames: [...new Set(dnsNames.filter(Boolean))],
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
    isCertificateAuthority: constraints?.cA === true,
    allowsKeyEncipherment: (firstByte & 0x20) !== 0,
  };
}

export function isValidAt(info: Pick<CertificateInfo, 'notBefore' | 'notAfter'>, at: Date): boolean {
  return info.notBefore.getTime() <= at.getTime() && at.getTime() <= info.notAfter.getTime();
}

export function commonNameOf(certificate: pkijs.Certificate): string | undefined {
  const tv = certificate.subject.typesAndValues.find((t) => t.type === OID.commonName);
  return tv ? attributeText(tv.value) : undefined;
}

/**
 * A private key PEM (PKCS#8 'PRIVATE KEY' or PKCS#1 'RSA PRIVATE KEY') as PKCS#8 DER. Node's key parser reads
 * both forms; an encrypted key is refused (the portal has no passphrase to give).
 */
export function privateKeyPkcs8(privateKeyPem: string): Uint8Array {
  try {
    return new Uint8Array(createPrivateKey(privateKeyPem).export({ type: 'pkcs8', format: 'der' }));
  } catch (err) {
    throw new CertificateFormatError(`Not a readable unencrypted private key: ${(err as Error).message}`);
  }
}

/** True when the private key is the one whose public half the certificate holds. */
export function keyMatchesCertificate(pkcs8: Uint8Array, certificate: pkijs.Certificate): boolean {
  const fromKey = createPublicKey(createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' })).export({
    type: 'spki',
    format: 'der',
  });
  const fromCertificate = Buffer.from(certificate.subjectPublicKeyInfo.toSchema().toBER(false));
  return fromKey.equals(fromCertificate);
}

/** Whether two certificates are the same certificate (same DER). */
export function sameCertificate(a: pkijs.Certificate, b: pkijs.Certificate): boolean {
  return Buffer.from(certificateDer(a)).equals(Buffer.from(certificateDer(b)));
}
