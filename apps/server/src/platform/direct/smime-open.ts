import * as pkijs from 'pkijs';
import { arrayBufferOf, certificateToPem, cryptoEngine, describeCertificate, sameCertificate } from './certificates';
import { MimeFormatError, decodeBody, parseMimeEntity, splitMultipart } from './mime';
import {
  OID,
  readCertificates,
  readCredentials,
  SmimeError,
  type DecryptAndVerifyInput,
  type DecryptedMessage,
  type SmimeCredentials,
} from './smime';

// The receiving side of smime.ts: an enveloped Direct message decrypted with the recipient's key and its
// signature verified against the signer's certificate (tests, and the developer mailbox that shows what a HISP
// would deliver).

const PKCS7_MIME = new Set(['application/pkcs7-mime', 'application/x-pkcs7-mime']);
const PKCS7_SIGNATURE = new Set(['application/pkcs7-signature', 'application/x-pkcs7-signature']);

function recipientIndex(enveloped: pkijs.EnvelopedData, certificate: pkijs.Certificate): number {
  return enveloped.recipientInfos.findIndex((info) => {
    if (!(info.value instanceof pkijs.KeyTransRecipientInfo)) return false;
    const rid = info.value.rid;
    return (
      rid instanceof pkijs.IssuerAndSerialNumber &&
      rid.issuer.isEqual(certificate.issuer) &&
      rid.serialNumber.isEqual(certificate.serialNumber)
    );
  });
}

async function decrypt(entityInput: string | Uint8Array, recipient: SmimeCredentials): Promise<Buffer> {
  const credentials = readCredentials(recipient, 'Recipient');
  const entity = parseMimeEntity(entityInput);
  const smimeType = (entity.params['smime-type'] ?? 'enveloped-data').toLowerCase();
  if (!PKCS7_MIME.has(entity.mediaType) || smimeType !== 'enveloped-data') {
    throw new SmimeError('not_enveloped', `Not an S/MIME enveloped message (${entity.mediaType}).`);
  }
  let enveloped: pkijs.EnvelopedData;
  try {
    const contentInfo = pkijs.ContentInfo.fromBER(arrayBufferOf(decodeBody(entity)));
    if (contentInfo.contentType !== OID.envelopedData) throw new Error('not EnvelopedData');
    enveloped = new pkijs.EnvelopedData({ schema: contentInfo.content });
  } catch {
    throw new SmimeError('not_enveloped', 'The message body is not a CMS EnvelopedData.');
  }
  const index = recipientIndex(enveloped, credentials.certificate);
  if (index < 0) throw new SmimeError('not_for_recipient', 'The message is not encrypted to this certificate.');
  try {
    const plain = await enveloped.decrypt(
      index,
      { recipientCertificate: credentials.certificate, recipientPrivateKey: credentials.pkcs8 },
      cryptoEngine,
    );
    return Buffer.from(plain);
  } catch {
    // Any failure here (wrong key, damaged ciphertext, bad padding) says the same: no readable content.
    throw new SmimeError('decryption_failed', 'The message could not be decrypted with this key.');
  }
}

function signingTimeOf(signerInfo: pkijs.SignerInfo): Date | undefined {
  const attribute = signerInfo.signedAttrs?.attributes.find((a) => a.type === OID.signingTime);
  const value = attribute?.values[0] as { toDate?: () => Date } | undefined;
  return typeof value?.toDate === 'function' ? value.toDate() : undefined;
}

async function isTrusted(signer: pkijs.Certificate, carried: pkijs.Certificate[], anchorsPem: string[], now: Date) {
  const anchors = anchorsPem.flatMap((pem) => readCertificates(pem, 'untrusted_signer', 'Trusted signer'));
  const info = describeCertificate(signer);
  if (info.notBefore > now || info.notAfter < now) return false;
  if (anchors.some((anchor) => sameCertificate(anchor, signer))) return true;
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: anchors,
    certs: [...carried.filter((c) => !sameCertificate(c, signer)), signer],
    checkDate: now,
  });
  try {
    const result = await engine.verify({}, cryptoEngine);
    return result.result === true;
  } catch {
    return false;
  }
}

/**
 * Decrypts an enveloped S/MIME entity with the recipient's key and checks the signature inside it against the signer
 * certificate the message carries (and, when given, that the signer is trusted). Throws SmimeError otherwise.
 */
export async function decryptAndVerify(input: DecryptAndVerifyInput): Promise<DecryptedMessage> {
  const signedEntity = await decrypt(input.entity, input.recipient);

  let content: Buffer;
  let signedData: pkijs.SignedData;
  try {
    const entity = parseMimeEntity(signedEntity);
    const protocol = (entity.params.protocol ?? '').toLowerCase();
    if (entity.mediaType !== 'multipart/signed' || !PKCS7_SIGNATURE.has(protocol)) throw new Error('not signed');
    const [first, second] = splitMultipart(entity.body, entity.params.boundary ?? '');
    const signaturePart = second ? parseMimeEntity(second) : undefined;
    if (!first || !signaturePart || !PKCS7_SIGNATURE.has(signaturePart.mediaType)) throw new Error('no signature');
    content = first;
    const contentInfo = pkijs.ContentInfo.fromBER(arrayBufferOf(decodeBody(signaturePart)));
    if (contentInfo.contentType !== OID.signedData) throw new Error('not SignedData');
    signedData = new pkijs.SignedData({ schema: contentInfo.content });
  } catch (err) {
    if (err instanceof SmimeError) throw err;
    const detail = err instanceof MimeFormatError ? `: ${err.message}` : '';
    throw new SmimeError('not_signed', `The decrypted content is not an S/MIME signed entity${detail}.`);
  }

  const signerInfo = signedData.signerInfos[0];
  let signerCertificate: pkijs.Certificate | null | undefined;
  try {
    if (signedData.signerInfos.length !== 1 || !signerInfo) throw new Error('one signer expected');
    const result = await signedData.verify(
      { signer: 0, data: arrayBufferOf(content), extendedMode: true, checkChain: false },
      cryptoEngine,
    );
    if (result.signatureVerified !== true) throw new Error('signature does not verify');
    signerCertificate = result.signerCertificate;
  } catch {
    throw new SmimeError('bad_signature', 'The signature does not match the content or its certificate.');
  }
  if (!signerCertificate) throw new SmimeError('bad_signature', 'The message carries no signer certificate.');

  if (input.trustedSigners) {
    const carried = (signedData.certificates ?? []).filter(
      (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
    );
    if (!(await isTrusted(signerCertificate, carried, input.trustedSigners, input.now ?? new Date()))) {
      throw new SmimeError('untrusted_signer', 'The message is signed by a certificate that is not trusted.');
    }
  }

  const info = describeCertificate(signerCertificate);
  return {
    mime: content,
    signer: {
      subject: info.subject,
      emailAddresses: info.emailAddresses,
      dnsNames: info.dnsNames,
      certificatePem: certificateToPem(signerCertificate),
    },
    signingTime: signingTimeOf(signerInfo),
  };
}
