import type { CertificateDiscovery } from './certificate-discovery';
import type { DirectTrustStore, RecipientCertificate } from './trust-store';

/**
 * Where the portal's own S/MIME finds a recipient's certificate (ADR 0016): the facility's trust folder first (the
 * certificates partners handed over, an override that needs no network), then discovery by DNS and LDAP checked
 * against the trust anchors. An answer says why there is none, in the terms a patient is told: no certificate
 * published, one published but not trusted, or the lookup could not be made.
 */

export type RecipientProblem = 'not_found' | 'untrusted' | 'unavailable';

export interface RecipientLookup {
  certificates: RecipientCertificate[];
  boundTo: 'address' | 'domain' | 'none';
  source?: 'trust-folder' | 'dns' | 'ldap';
  /** Why none was found (set only when boundTo is 'none'). */
  problem?: RecipientProblem;
}

/** What the sender asks for a recipient's certificates. */
export interface RecipientDirectory {
  lookup(address: string): Promise<RecipientLookup>;
}

export interface DirectRecipientsOptions {
  trustStore?: DirectTrustStore;
  discovery?: CertificateDiscovery;
  /** How long a discovered answer is kept (the same address asked twice in one send, or by several patients). */
  cacheMs?: number;
  now?: () => number;
}

const MAX_CACHED = 500;

function splitAddress(address: string): { address: string; domain: string } | undefined {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1 || /[\s<>]/.test(trimmed)) return undefined;
  return { address: trimmed, domain: trimmed.slice(at + 1).replace(/\.$/, '') };
}

export class DirectRecipients implements RecipientDirectory {
  private readonly cache = new Map<string, { at: number; lookup: RecipientLookup }>();
  private readonly cacheMs: number;
  private readonly now: () => number;

  constructor(private readonly options: DirectRecipientsOptions) {
    this.cacheMs = options.cacheMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  get trustStore(): DirectTrustStore | undefined {
    return this.options.trustStore;
  }

  async lookup(address: string): Promise<RecipientLookup> {
    const parts = splitAddress(address);
    if (!parts) return { certificates: [], boundTo: 'none', problem: 'not_found' };
    if (this.options.trustStore) {
      const local = await this.options.trustStore.lookup(parts.address);
      if (local.boundTo !== 'none') return { ...local, source: 'trust-folder' };
    }
    const discovery = this.options.discovery;
    if (!discovery) return { certificates: [], boundTo: 'none', problem: 'not_found' };

    const cached = this.cache.get(parts.address);
    if (cached && this.now() - cached.at < this.cacheMs) return cached.lookup;
    const found = await discovery.lookup(parts.address, parts.domain);
    const lookup: RecipientLookup =
      found.boundTo !== 'none'
        ? { certificates: found.certificates, boundTo: found.boundTo, source: found.source }
        : {
            certificates: [],
            boundTo: 'none',
            problem: found.refused > 0 ? 'untrusted' : found.unavailable ? 'unavailable' : 'not_found',
          };
    // A failed lookup is not kept: the next try asks again.
    if (lookup.problem !== 'unavailable') {
      if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(parts.address, { at: this.now(), lookup });
    }
    return lookup;
  }
}
