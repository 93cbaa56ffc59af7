import { readFile } from 'node:fs/promises';
import * as pkijs from 'pkijs';
import { cryptoEngine, describeCertificate, parseCertificateDer, pemBlocks } from './certificates';

/**
 * The trust anchors of the facility's Direct trust communities (DIRECT_TRUST_BUNDLE, one PEM file of CA
 * certificates, as DirectTrust and the HISPs publish their bundles): a certificate found by discovery is used only
 * when it chains to one of them. An intermediate CA a community publishes may sit in the same file; the portal does
 * not fetch issuers it was not given (authorityInfoAccess), so a certificate whose intermediate is missing is
 * refused rather than trusted on the network's word.
 */

export class TrustBundleError extends Error {
  override name = 'TrustBundleError';
}

export async function readTrustAnchors(file: string): Promise<pkijs.Certificate[]> {
  let text: string;
  try {
    text = await readFile(file, 'latin1');
  } catch (err) {
    throw new TrustBundleError(
      `The Direct trust bundle ${file} cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  const anchors: pkijs.Certificate[] = [];
  for (const block of pemBlocks(text).filter((b) => b.label === 'CERTIFICATE')) {
    try {
      anchors.push(parseCertificateDer(block.der));
    } catch {
      throw new TrustBundleError(`The Direct trust bundle ${file} holds a block that is not a certificate.`);
    }
  }
  if (anchors.length === 0) throw new TrustBundleError(`The Direct trust bundle ${file} holds no PEM certificate.`);
  if (!anchors.some((anchor) => describeCertificate(anchor).isCertificateAuthority)) {
    throw new TrustBundleError(`The Direct trust bundle ${file} holds no CA certificate.`);
  }
  return anchors;
}

/** Whether the certificate chains, with valid dates at `now`, to one of the anchors (signatures checked). */
export async function chainsToAnchor(
  certificate: pkijs.Certificate,
  anchors: pkijs.Certificate[],
  now: Date,
): Promise<boolean> {
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: anchors,
    certs: [certificate],
    checkDate: now,
  });
  try {
    const result = await engine.verify({}, cryptoEngine);
    return result.result === true;
  } catch {
    return false;
  }
}
