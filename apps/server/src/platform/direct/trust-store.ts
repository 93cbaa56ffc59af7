import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  certificateToPem,
  describeCertificate,
  isValidAt,
  parseCertificateDer,
  pemBlocks,
  type CertificateInfo,
} from './certificates';

/**
 * The recipients' certificates, from a folder the facility keeps (DIRECT_TRUST_DIR): each file is one or more
 * certificates, PEM or DER (.pem .crt .cer .der). A certificate is found by the Direct address it is bound to
 * (subjectAltName rfc822Name, or the subject's emailAddress) or, for Direct's domain-bound certificates, by the
 * address's domain (subjectAltName dNSName). The folder is read once and kept; reload() reads it again.
 */

export interface RecipientCertificate extends CertificateInfo {
  certificatePem: string;
  /** The file it came from, relative to the folder. */
  file: string;
}

export interface TrustStoreProblem {
  file: string;
  reason: string;
}

export interface TrustStoreLookup {
  /** Certificates valid now: those bound to the address, else those bound to its domain; empty when none. */
  certificates: RecipientCertificate[];
  /** What they were found by. */
  boundTo: 'address' | 'domain' | 'none';
}

export class DirectTrustStoreError extends Error {
  override name = 'DirectTrustStoreError';
}

const CERTIFICATE_FILE = /\.(pem|crt|cer|der)$/i;
const CERTIFICATE_LABELS = new Set(['CERTIFICATE', 'X509 CERTIFICATE', 'TRUSTED CERTIFICATE']);
// A certificate file is small; anything larger is not one (and is not read into memory whole).
const MAX_FILE_BYTES = 1024 * 1024;

interface TrustIndex {
  byAddress: Map<string, RecipientCertificate[]>;
  byDomain: Map<string, RecipientCertificate[]>;
  all: RecipientCertificate[];
  problems: TrustStoreProblem[];
}

function add(map: Map<string, RecipientCertificate[]>, key: string, certificate: RecipientCertificate) {
  const list = map.get(key);
  if (list) list.push(certificate);
  else map.set(key, [certificate]);
}

async function readIndex(dir: string): Promise<TrustIndex> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && CERTIFICATE_FILE.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch (err) {
    throw new DirectTrustStoreError(
      `The Direct trust folder ${dir} cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  const index: TrustIndex = { byAddress: new Map(), byDomain: new Map(), all: [], problems: [] };
  for (const file of names) {
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(dir, file));
    } catch (err) {
      index.problems.push({ file, reason: `unreadable (${(err as NodeJS.ErrnoException).code ?? 'error'})` });
      continue;
    }
    if (bytes.length > MAX_FILE_BYTES) {
      index.problems.push({ file, reason: 'larger than a certificate file can be' });
      continue;
    }
    const text = bytes.toString('latin1');
    const ders = text.includes('-----BEGIN ')
      ? pemBlocks(text)
          .filter((block) => CERTIFICATE_LABELS.has(block.label))
          .map((block) => block.der)
      : [new Uint8Array(bytes)];
    if (ders.length === 0) {
      index.problems.push({ file, reason: 'no PEM certificate in it' });
      continue;
    }
    let bound = 0;
    for (const der of ders) {
      let certificate;
      try {
        certificate = parseCertificateDer(der);
      } catch {
        index.problems.push({ file, reason: 'not an X.509 certificate' });
        continue;
      }
      const info = describeCertificate(certificate);
      // An authority's certificate or one that may not carry a key for encryption cannot be a recipient's.
      if (info.isCertificateAuthority || !info.allowsKeyEncipherment) continue;
      if (info.emailAddresses.length === 0 && info.dnsNames.length === 0) continue;
      const entry: RecipientCertificate = { ...info, certificatePem: certificateToPem(certificate), file };
      for (const address of info.emailAddresses) add(index.byAddress, address, entry);
      for (const domain of info.dnsNames) add(index.byDomain, domain, entry);
      index.all.push(entry);
      bound += 1;
    }
    if (bound === 0 && !index.problems.some((p) => p.file === file)) {
      index.problems.push({ file, reason: 'no encryption certificate bound to an address or a domain' });
    }
  }
  return index;
}

/** The lower-case address and its domain, or undefined for something that is not one plain address. */
function splitAddress(address: string): { address: string; domain: string } | undefined {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1 || /[\s<>]/.test(trimmed)) return undefined;
  return { address: trimmed, domain: trimmed.slice(at + 1).replace(/\.$/, '') };
}

export interface DirectTrustStoreOptions {
  dir: string;
  /** The clock that decides which certificates are valid (tests move it). */
  now?: () => Date;
}

export class DirectTrustStore {
  readonly dir: string;
  private readonly now: () => Date;
  private index: Promise<TrustIndex> | undefined;

  constructor(options: DirectTrustStoreOptions) {
    this.dir = options.dir;
    this.now = options.now ?? (() => new Date());
  }

  /** Finds the certificates to encrypt to for a Direct address: the address first, then its domain. */
  async lookup(address: string): Promise<TrustStoreLookup> {
    const parts = splitAddress(address);
    if (!parts) return { certificates: [], boundTo: 'none' };
    const index = await this.load();
    const now = this.now();
    const valid = (list: RecipientCertificate[] | undefined) => (list ?? []).filter((c) => isValidAt(c, now));
    const byAddress = valid(index.byAddress.get(parts.address));
    if (byAddress.length) return { certificates: byAddress, boundTo: 'address' };
    const byDomain = valid(index.byDomain.get(parts.domain));
    if (byDomain.length) return { certificates: byDomain, boundTo: 'domain' };
    return { certificates: [], boundTo: 'none' };
  }

  /** Every certificate read (valid or not), for an administrator's view. */
  async certificates(): Promise<RecipientCertificate[]> {
    return [...(await this.load()).all];
  }

  /** Files that held no usable certificate, with why (names only: no content). */
  async problems(): Promise<TrustStoreProblem[]> {
    return [...(await this.load()).problems];
  }

  /** Reads the folder again (after certificates were added, renewed or removed); lookups wait for it. */
  async reload(): Promise<void> {
    const next = readIndex(this.dir);
    this.index = next;
    // A failed read is not kept: the next lookup tries the folder again.
    next.catch(() => {
      if (this.index === next) this.index = undefined;
    });
    await next;
  }

  private load(): Promise<TrustIndex> {
    if (!this.index) {
      const next = readIndex(this.dir);
      this.index = next;
      next.catch(() => {
        if (this.index === next) this.index = undefined;
      });
    }
    return this.index;
  }
}
