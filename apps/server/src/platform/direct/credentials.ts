import { createPrivateKey, type KeyObject } from 'node:crypto';
import * as pkijs from 'pkijs';
import {
  arrayBufferOf,
  certificateToPem,
  cryptoEngine,
  keyMatchesCertificate,
  parseCertificatesPem,
  pemBlocks,
  sameCertificate,
} from './certificates';
import type { SmimeCredentials } from './smime';

/**
 * The facility's Direct key as a deployment keeps it (ADR 0016): a PEM key, PKCS#8 or PKCS#1, unencrypted or
 * encrypted (`-----BEGIN ENCRYPTED PRIVATE KEY-----`, PBES2) with DIRECT_KEY_PASSPHRASE, or a PKCS#12 file
 * (.p12/.pfx) holding the key and the certificate with its chain. Node's key parser decrypts PEM and the key bag of a
 * PKCS#12; pkijs reads the PKCS#12 structure and checks its integrity MAC. The key is kept decrypted in memory only,
 * as the PKCS#8 PEM the signing code takes; nothing decrypted is written anywhere.
 */

export class DirectKeyError extends Error {
  override name = 'DirectKeyError';
}

const OID = {
  keyBag: '1.2.840.113549.1.12.10.1.1',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
} as const;

function isPassphraseError(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e.code === 'ERR_MISSING_PASSPHRASE' ||
    /bad decrypt|passphrase|ERR_OSSL_BAD_DECRYPT|unable to decrypt/i.test(`${e.code ?? ''} ${e.message ?? ''}`)
  );
}

function pkcs8Pem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** A PEM private key, decrypted with the passphrase when it is encrypted. */
function readPemKey(text: string, passphrase: string | undefined): string {
  const labels = pemBlocks(text).map((block) => block.label);
  const encrypted = labels.includes('ENCRYPTED PRIVATE KEY') || /Proc-Type:\s*4,ENCRYPTED/.test(text);
  if (encrypted && passphrase === undefined) {
    throw new DirectKeyError('The private key is encrypted: set DIRECT_KEY_PASSPHRASE to its passphrase.');
  }
  try {
    return pkcs8Pem(createPrivateKey({ key: text, format: 'pem', ...(encrypted ? { passphrase } : {}) }));
  } catch (err) {
    if (encrypted && isPassphraseError(err)) {
      throw new DirectKeyError('The private key could not be decrypted: DIRECT_KEY_PASSPHRASE is not its passphrase.');
    }
    throw new DirectKeyError(`The private key is not readable: ${(err as Error).message}`);
  }
}

/** The key and certificates of a PKCS#12 file; its MAC checked with the passphrase first. */
async function readPkcs12(der: Uint8Array, passphrase: string | undefined): Promise<SmimeCredentials> {
  if (passphrase === undefined) {
    throw new DirectKeyError('The key file is PKCS#12: set DIRECT_KEY_PASSPHRASE to its passphrase.');
  }
  const password = arrayBufferOf(Buffer.from(passphrase, 'utf8'));
  let pfx: pkijs.PFX;
  try {
    pfx = pkijs.PFX.fromBER(arrayBufferOf(der));
  } catch {
    throw new DirectKeyError('The key file is neither a PEM key nor a PKCS#12 file.');
  }
  try {
    await pfx.parseInternalValues({ password, checkIntegrity: true }, cryptoEngine);
  } catch (err) {
    // pkijs reports a MAC that does not verify with this message; anything else is a file it cannot read.
    if (/integrity|mac/i.test((err as Error).message)) {
      throw new DirectKeyError('The PKCS#12 file could not be opened: DIRECT_KEY_PASSPHRASE is not its passphrase.');
    }
    throw new DirectKeyError(`The PKCS#12 file is not readable: ${(err as Error).message}`);
  }
  const safe = pfx.parsedValue?.authenticatedSafe;
  if (!safe) throw new DirectKeyError('The PKCS#12 file holds no contents.');
  try {
    await safe.parseInternalValues({ safeContents: safe.safeContents.map(() => ({ password })) }, cryptoEngine);
  } catch (err) {
    // RC2 and 3DES (openssl's -legacy) are what WebCrypto, and so pkijs, cannot decrypt.
    throw new DirectKeyError(
      `The PKCS#12 file uses an encryption the portal cannot read (${(err as Error).message}); export it again ` +
        'with AES (openssl pkcs12 -export without -legacy), or give the key as an encrypted PEM.',
    );
  }
  const keys: KeyObject[] = [];
  const certificates: pkijs.Certificate[] = [];
  const contents = (safe.parsedValue as { safeContents?: { value: pkijs.SafeContents }[] }).safeContents ?? [];
  for (const { value } of contents) {
    for (const bag of value.safeBags) {
      if (bag.bagId === OID.shroudedKeyBag) {
        const encrypted = Buffer.from((bag.bagValue as pkijs.PKCS8ShroudedKeyBag).toSchema().toBER(false));
        try {
          keys.push(createPrivateKey({ key: encrypted, format: 'der', type: 'pkcs8', passphrase }));
        } catch (err) {
          throw new DirectKeyError(`The key in the PKCS#12 file could not be decrypted: ${(err as Error).message}`);
        }
      } else if (bag.bagId === OID.keyBag) {
        const plain = Buffer.from((bag.bagValue as pkijs.PrivateKeyInfo).toSchema().toBER(false));
        keys.push(createPrivateKey({ key: plain, format: 'der', type: 'pkcs8' }));
      } else if (bag.bagId === OID.certBag) {
        const certBag = bag.bagValue as pkijs.CertBag;
        if (certBag.certId === OID.x509Certificate && certBag.parsedValue instanceof pkijs.Certificate) {
          certificates.push(certBag.parsedValue);
        }
      }
    }
  }
  if (keys.length !== 1)
    throw new DirectKeyError(`The PKCS#12 file must hold one private key (it holds ${keys.length}).`);
  const key = keys[0]!;
  const pkcs8 = new Uint8Array(key.export({ type: 'pkcs8', format: 'der' }));
  // The key's own certificate first (the signer), then the rest of the chain as the file holds it.
  const leaf = certificates.find((certificate) => keyMatchesCertificate(pkcs8, certificate));
  if (!leaf) throw new DirectKeyError('The PKCS#12 file holds no certificate of its private key.');
  return {
    certificatePem: [leaf, ...certificates.filter((c) => c !== leaf)].map(certificateToPem).join(''),
    privateKeyPem: pkcs8Pem(key),
  };
}

function looksLikePem(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 4096)).toString('latin1').includes('-----BEGIN ');
}

/**
 * The facility's signing credentials from the bytes of DIRECT_CERT_FILE and DIRECT_KEY_FILE. A PKCS#12 key file
 * brings its own certificate and chain; the certificate file is then only a check that it is the same one (the
 * leaf first). Throws DirectKeyError with a sentence an operator can act on (the passphrase never in it).
 */
export async function readDirectCredentials(input: {
  certificate: Uint8Array;
  key: Uint8Array;
  passphrase: string | undefined;
}): Promise<SmimeCredentials> {
  const certificateText = Buffer.from(input.certificate).toString('latin1');
  if (looksLikePem(input.key)) {
    return {
      certificatePem: certificateText,
      privateKeyPem: readPemKey(Buffer.from(input.key).toString('latin1'), input.passphrase),
    };
  }
  const fromPkcs12 = await readPkcs12(input.key, input.passphrase);
  // The certificate file names the certificate the deployment means: the PKCS#12 must carry that one.
  if (certificateText.includes('-----BEGIN ')) {
    const [given] = parseCertificatesPem(certificateText);
    const [leaf] = parseCertificatesPem(fromPkcs12.certificatePem);
    if (!given || !leaf || !sameCertificate(given, leaf)) {
      throw new DirectKeyError("DIRECT_CERT_FILE is not the certificate of the PKCS#12 file's key.");
    }
    return { ...fromPkcs12, certificatePem: certificateText };
  }
  return fromPkcs12;
}
