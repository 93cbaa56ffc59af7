import { randomBytes, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  arrayBufferOf,
  cryptoEngine,
  keyMatchesCertificate,
  parseCertificatesPem,
  privateKeyPkcs8,
} from './certificates';

/**
 * S/MIME 4.0 (RFC 5751) as Direct's Applicability Statement for Secure Health Transport uses it: the message is
 * signed (multipart/signed, a detached CMS SignedData) and the whole signed entity is then enveloped for the
 * recipients (application/pkcs7-mime; smime-type=enveloped-data). All of the CMS work is pkijs on Node's WebCrypto.
 *
 * Algorithms: SHA-256 with RSASSA-PKCS1-v1_5 signatures; AES-256-CBC content encryption; RSAES-OAEP (SHA-256, MGF1
 * SHA-256) key transport to each recipient certificate. WebCrypto has no RSAES-PKCS1-v1_5 encryption, so OAEP is
 * the key transport pkijs can do (RFC 5751 2.3 lists it as SHOULD+).
 */

export interface SmimeCredentials {
  /** The certificate, PEM; further certificates in the text (its chain) travel with a signature. */
  certificatePem: string;
  /** The matching private key, PEM (PKCS#8 or PKCS#1, unencrypted). */
  privateKeyPem: string;
}

export interface SignAndEncryptInput {
  /** The inner MIME entity: headers, a blank line, the body. Line ends are made CRLF before signing. */
  mime: string | Uint8Array;
  signer: SmimeCredentials;
  /** Each recipient's certificate, PEM: the message can be opened with any of their keys. */
  recipients: string[];
}

export interface OuterMimeEntity {
  /** Content-Type, Content-Transfer-Encoding, Content-Disposition, Content-Description. */
  headers: { name: string; value: string }[];
  /** The CMS EnvelopedData, base64 in lines of 76 characters joined by CRLF. */
  body: string;
  /** The entity as one text: headers, a blank line, the body. */
  text: string;
}

export interface DecryptAndVerifyInput {
  /** The enveloped entity or a whole message whose top-level entity it is. */
  entity: string | Uint8Array;
  recipient: SmimeCredentials;
  /**
   * Certificates (PEM) the signer must be, or must chain to (a trust anchor). Without them, only the signature
   * against the certificate the message carries is checked.
   */
  trustedSigners?: string[];
  /** When trust is checked (tests move it). */
  now?: Date;
}

export interface VerifiedSigner {
  subject: string;
  /** The addresses the signer's certificate is bound to (lower case). */
  emailAddresses: string[];
  /** The domains the signer's certificate is bound to (a domain-bound certificate). */
  dnsNames: string[];
  certificatePem: string;
}

export interface DecryptedMessage {
  /** The inner MIME entity exactly as signed. */
  mime: Buffer;
  signer: VerifiedSigner;
  /** The signingTime signed attribute, when present. */
  signingTime: Date | undefined;
}

export type SmimeErrorCode =
  | 'invalid_credentials'
  | 'invalid_recipient_certificate'
  | 'not_enveloped'
  | 'not_for_recipient'
  | 'decryption_failed'
  | 'not_signed'
  | 'bad_signature'
  | 'untrusted_signer';

export class SmimeError extends Error {
  override name = 'SmimeError';
  constructor(
    readonly code: SmimeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  envelopedData: '1.2.840.113549.1.7.3',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  smimeCapabilities: '1.2.840.113549.1.9.15',
  aes256Cbc: '2.16.840.1.101.3.4.1.42',
  aes128Cbc: '2.16.840.1.101.3.4.1.2',
} as const;

const SIGNATURE_ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const CONTENT_ENCRYPTION = { name: 'AES-CBC', length: 256 };
const OAEP_HASH = 'SHA-256';

const CRLF = '\r\n';

/** Bare LF made CRLF (RFC 5751 3.1.1: a MIME entity is signed in canonical form). */
function canonicalLineEnds(mime: string | Uint8Array): Buffer {
  const text = (typeof mime === 'string' ? Buffer.from(mime, 'utf8') : Buffer.from(mime)).toString('latin1');
  return Buffer.from(text.replace(/\r?\n/g, CRLF), 'latin1');
}

function base64Lines(bytes: Uint8Array): string {
  return (
    Buffer.from(bytes)
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join(CRLF);
}

function entityText(headers: { name: string; value: string }[], body: string): string {
  return `${headers.map((h) => `${h.name}: ${h.value}`).join(CRLF)}${CRLF}${CRLF}${body}`;
}

export function readCertificates(pem: string, code: SmimeErrorCode, what: string): pkijs.Certificate[] {
  try {
    return parseCertificatesPem(pem);
  } catch (err) {
    throw new SmimeError(code, `${what}: ${(err as Error).message}`);
  }
}

export function readCredentials(credentials: SmimeCredentials, what: string) {
  const certificates = readCertificates(credentials.certificatePem, 'invalid_credentials', what);
  let pkcs8: Uint8Array;
  try {
    pkcs8 = privateKeyPkcs8(credentials.privateKeyPem);
  } catch (err) {
    throw new SmimeError('invalid_credentials', `${what}: ${(err as Error).message}`);
  }
  if (!keyMatchesCertificate(pkcs8, certificates[0]!)) {
    throw new SmimeError('invalid_credentials', `${what}: the private key is not the certificate's.`);
  }
  return { certificate: certificates[0]!, chain: certificates, pkcs8 };
}

/** A boundary that the content does not contain. */
function boundaryFor(content: Buffer): string {
  for (;;) {
    const boundary = `----=_smime_${randomBytes(18).toString('hex')}`;
    if (!content.includes(boundary)) return boundary;
  }
}

async function detachedSignature(
  content: Buffer,
  signer: { certificate: pkijs.Certificate; chain: pkijs.Certificate[]; pkcs8: Uint8Array },
  signingTime: Date,
): Promise<Uint8Array> {
  const privateKey = await webcrypto.subtle.importKey('pkcs8', signer.pkcs8, SIGNATURE_ALGORITHM, false, ['sign']);
  const digest = await webcrypto.subtle.digest('SHA-256', content);
  const capabilities = new asn1js.Sequence({
    value: [OID.aes256Cbc, OID.aes128Cbc].map(
      (oid) => new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid })] }),
    ),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: signer.certificate.issuer,
          serialNumber: signer.certificate.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
            new pkijs.Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: signingTime })] }),
            new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
            new pkijs.Attribute({ type: OID.smimeCapabilities, values: [capabilities] }),
          ],
        }),
      }),
    ],
    certificates: signer.chain,
  });
  await signedData.sign(privateKey, 0, 'SHA-256', arrayBufferOf(content), cryptoEngine);
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}

/**
 * The multipart/signed entity (RFC 5751 3.5.3) for `mime`: the content as given (line ends made CRLF), then a
 * detached application/pkcs7-signature made with the signer's certificate.
 */
export async function signMime(mime: string | Uint8Array, signer: SmimeCredentials): Promise<Buffer> {
  const credentials = readCredentials(signer, 'Signer');
  const content = canonicalLineEnds(mime);
  const signature = await detachedSignature(content, credentials, new Date());
  const boundary = boundaryFor(content);
  return Buffer.concat([
    Buffer.from(
      `Content-Type: multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256;${CRLF}` +
        ` boundary="${boundary}"${CRLF}${CRLF}` +
        `This is a cryptographically signed message in MIME format.${CRLF}${CRLF}--${boundary}${CRLF}`,
      'latin1',
    ),
    content,
    Buffer.from(
      `${CRLF}--${boundary}${CRLF}` +
        `Content-Type: application/pkcs7-signature; name="smime.p7s"${CRLF}` +
        `Content-Transfer-Encoding: base64${CRLF}` +
        `Content-Disposition: attachment; filename="smime.p7s"${CRLF}` +
        `Content-Description: S/MIME Cryptographic Signature${CRLF}${CRLF}` +
        `${base64Lines(signature)}${CRLF}--${boundary}--${CRLF}`,
      'latin1',
    ),
  ]);
}

/** The application/pkcs7-mime enveloped-data entity that carries `entity` to every recipient certificate. */
export async function envelope(entity: Uint8Array, recipientCertificatesPem: string[]): Promise<OuterMimeEntity> {
  if (recipientCertificatesPem.length === 0) {
    throw new SmimeError('invalid_recipient_certificate', 'At least one recipient certificate is needed.');
  }
  const recipients = recipientCertificatesPem.map(
    (pem) => readCertificates(pem, 'invalid_recipient_certificate', 'Recipient certificate')[0]!,
  );
  // One primitive OCTET STRING for the ciphertext: definite lengths throughout, which every CMS reader takes.
  const enveloped = new pkijs.EnvelopedData({ disableSplit: true });
  for (const certificate of recipients) {
    enveloped.addRecipientByCertificate(certificate, { oaepHashAlgorithm: OAEP_HASH }, 1, cryptoEngine);
  }
  await enveloped.encrypt(CONTENT_ENCRYPTION, arrayBufferOf(entity), cryptoEngine);
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.envelopedData, content: enveloped.toSchema() });
  const der = new Uint8Array(contentInfo.toSchema().toBER(false));

  const headers = [
    { name: 'Content-Type', value: 'application/pkcs7-mime; smime-type=enveloped-data; name="smime.p7m"' },
    { name: 'Content-Transfer-Encoding', value: 'base64' },
    { name: 'Content-Disposition', value: 'attachment; filename="smime.p7m"' },
    { name: 'Content-Description', value: 'S/MIME Encrypted Message' },
  ];
  const body = base64Lines(der);
  return { headers, body, text: entityText(headers, body) };
}

/**
 * Signs `mime` with the signer's certificate (multipart/signed, detached application/pkcs7-signature) and envelopes
 * the signed entity to every recipient certificate. Answers the application/pkcs7-mime entity to send.
 */
export async function signAndEncrypt(input: SignAndEncryptInput): Promise<OuterMimeEntity> {
  if (input.recipients.length === 0) {
    throw new SmimeError('invalid_recipient_certificate', 'At least one recipient certificate is needed.');
  }
  return envelope(await signMime(input.mime, input.signer), input.recipients);
}
