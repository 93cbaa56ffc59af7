import { isIP } from 'node:net';
import { Client as LdapClient, Filter } from 'ldapts';
import type * as pkijs from 'pkijs';
import { classifyAddress } from '../http/outbound-url';
import {
  certificateToPem,
  describeCertificate,
  isValidAt,
  parseCertificateDer,
  type CertificateInfo,
} from './certificates';
import { DnsClient, DnsError, type DnsAnswer } from './dns-client';
import { chainsToAnchor } from './trust-anchors';
import type { RecipientCertificate } from './trust-store';

/**
 * Direct certificate discovery (Applicability Statement for Secure Health Transport 1.2, section 5, and the
 * Certificate Discovery for Direct Project implementation guide): DNS CERT records (RFC 4398) first, the address
 * bound one then the domain-bound one; when DNS has none, LDAP, found by the domain's `_ldap._tcp` SRV records,
 * searched under each naming context for the address's then the domain's `mail` with its `userCertificate`. A
 * certificate found is used only when it is valid now, may carry a key for encryption, is bound to what was asked
 * (the address, or the domain) and chains to one of the facility's trust anchors: DNS and LDAP are only how it
 * travels, the anchors are what the facility trusts. What was found but refused is counted, so the patient can be
 * told "not trusted" rather than "not found".
 */

export type DiscoveryMethod = 'dns' | 'ldap';

export interface DiscoveryResult {
  certificates: RecipientCertificate[];
  boundTo: 'address' | 'domain' | 'none';
  /** Where the certificates came from ('dns' or 'ldap'); undefined when none. */
  source: DiscoveryMethod | undefined;
  /** Certificates found for the address or its domain but not usable (expired, untrusted, bound elsewhere). */
  refused: number;
  /** A DNS server or LDAP directory could not be asked: "not found" may then be wrong, and a later try may work. */
  unavailable: boolean;
}

export interface DiscoveryOptions {
  anchors: pkijs.Certificate[];
  methods: DiscoveryMethod[];
  dns?: DnsClient;
  /** Loopback LDAP hosts (tests, a developer's directory): outside production only. */
  allowLoopback: boolean;
  /** The fetch of an IPKIX URL (tests pass one). */
  fetch?: typeof fetch;
  now?: () => Date;
  ldapTimeoutMs?: number;
}

// RFC 4398 2.1: certificate types.
const CERT_PKIX = 1;
const CERT_IPKIX = 4;
// A certificate is a few kilobytes; a "certificate" URL answering more is not one.
const MAX_FETCHED_CERTIFICATE = 64 * 1024;
// An attacker's domain may publish many records or directories: a bound on what one lookup reads.
const MAX_CANDIDATES = 20;
const MAX_LDAP_HOSTS = 3;

export interface Candidate {
  der: Uint8Array;
  source: DiscoveryMethod;
}

/** Reads a CERT record's RDATA (type, key tag, algorithm, then the certificate or a URL to it). */
export function readCertRdata(data: Buffer): { type: number; body: Buffer } | undefined {
  if (data.length < 5) return undefined;
  return { type: data.readUInt16BE(0), body: data.subarray(5) };
}

/**
 * The name a Direct address's CERT record is under: '@' made '.', as the Direct reference implementation asks
 * (john.doe@direct.example.org -> john.doe.direct.example.org); a domain is asked as it is.
 */
export function certRecordName(addressOrDomain: string): string {
  return addressOrDomain.replace('@', '.');
}

function isAllowedHost(address: string, allowLoopback: boolean): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (kind === 'loopback' && allowLoopback);
}

export class CertificateDiscovery {
  private readonly dns: DnsClient;
  private readonly now: () => Date;

  constructor(private readonly options: DiscoveryOptions) {
    this.dns = options.dns ?? new DnsClient();
    this.now = options.now ?? (() => new Date());
  }

  /** The certificates to encrypt to for the address: address-bound first, then domain-bound; DNS, then LDAP. */
  async lookup(address: string, domain: string): Promise<DiscoveryResult> {
    let refused = 0;
    let unavailable = false;
    for (const method of this.options.methods) {
      for (const [boundTo, name] of [
        ['address', address],
        ['domain', domain],
      ] as const) {
        let candidates: Candidate[];
        try {
          candidates =
            method === 'dns'
              ? await this.fromDns(name)
              : await this.fromLdap(domain, boundTo === 'address' ? address : domain);
        } catch {
          // One channel failing is not "no certificate": say so, and still try the others.
          unavailable = true;
          continue;
        }
        const usable: RecipientCertificate[] = [];
        for (const candidate of candidates.slice(0, MAX_CANDIDATES)) {
          const checked = await this.check(candidate, boundTo, name);
          if (checked) usable.push(checked);
          else refused += 1;
        }
        if (usable.length > 0) return { certificates: usable, boundTo, source: method, refused, unavailable };
      }
    }
    return { certificates: [], boundTo: 'none', source: undefined, refused, unavailable };
  }

  private async check(
    candidate: Candidate,
    boundTo: 'address' | 'domain',
    name: string,
  ): Promise<RecipientCertificate | undefined> {
    let certificate: pkijs.Certificate;
    let info: CertificateInfo;
    try {
      certificate = parseCertificateDer(candidate.der);
      info = describeCertificate(certificate);
    } catch {
      return undefined;
    }
    const now = this.now();
    if (info.isCertificateAuthority || !info.allowsKeyEncipherment || !isValidAt(info, now)) return undefined;
    const bound = boundTo === 'address' ? info.emailAddresses.includes(name) : info.dnsNames.includes(name);
    if (!bound) return undefined;
    if (!(await chainsToAnchor(certificate, this.options.anchors, now))) return undefined;
    return { ...info, certificatePem: certificateToPem(certificate), file: `${candidate.source}:${name}` };
  }

  private async fromDns(name: string): Promise<Candidate[]> {
    const result = await this.dns.resolve(certRecordName(name), 'CERT');
    const candidates: Candidate[] = [];
    for (const answer of result.answers) {
      const rdata = readCertRdata((answer as { data: Buffer }).data);
      if (!rdata) continue;
      if (rdata.type === CERT_PKIX) candidates.push({ der: new Uint8Array(rdata.body), source: 'dns' });
      if (rdata.type === CERT_IPKIX) {
        const fetched = await this.fetchIpkix(rdata.body.toString('latin1'));
        if (fetched) candidates.push({ der: fetched, source: 'dns' });
      }
    }
    return candidates;
  }

  /**
   * An IPKIX record names a URL holding the DER certificate. The URL is the domain owner's to choose, so it is held
   * to what the portal would call for a webhook (no private, link-local or, in production, loopback address) and
   * read with a timeout and a size bound; a failure is one certificate fewer, not a failed lookup.
   */
  private async fetchIpkix(url: string): Promise<Uint8Array | undefined> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : await this.addressesOf(host);
    if (addresses.length === 0 || !addresses.every((a) => isAllowedHost(a, this.options.allowLoopback)))
      return undefined;
    try {
      const response = await (this.options.fetch ?? fetch)(url, {
        redirect: 'error',
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) return undefined;
      const bytes = new Uint8Array(await response.arrayBuffer());
      return bytes.length <= MAX_FETCHED_CERTIFICATE ? bytes : undefined;
    } catch {
      return undefined;
    }
  }

  private async addressesOf(host: string): Promise<string[]> {
    const found: string[] = [];
    for (const type of ['A', 'AAAA'] as const) {
      try {
        const result = await this.dns.resolve(host, type);
        found.push(...result.answers.map((a: DnsAnswer) => String((a as { data: unknown }).data)));
      } catch (err) {
        if (!(err instanceof DnsError)) throw err;
      }
    }
    return found;
  }

  /** The LDAP hosts of the domain (SRV _ldap._tcp, by priority then weight) as addresses the portal may reach. */
  private async ldapHosts(domain: string): Promise<{ address: string; port: number }[]> {
    const srv = await this.dns.resolve(`_ldap._tcp.${domain}`, 'SRV');
    const records = srv.answers
      .map((a) => (a as { data: { target: string; port: number; priority?: number; weight?: number } }).data)
      .filter((r) => r.target && r.target !== '.')
      .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0) || (b.weight ?? 0) - (a.weight ?? 0))
      .slice(0, MAX_LDAP_HOSTS);
    const hosts: { address: string; port: number }[] = [];
    for (const record of records) {
      const addresses = isIP(record.target) ? [record.target] : await this.addressesOf(record.target);
      // Connected by address (the one checked), never by name: a name resolved twice may answer differently.
      const allowed = addresses.find((a) => isAllowedHost(a, this.options.allowLoopback));
      if (allowed) hosts.push({ address: allowed, port: record.port });
    }
    return hosts;
  }

  /** The userCertificate values of the entries whose mail is `mail`, from the first directory that answers. */
  private async fromLdap(domain: string, mail: string): Promise<Candidate[]> {
    const hosts = await this.ldapHosts(domain);
    if (hosts.length === 0) return [];
    let lastError: unknown;
    for (const host of hosts) {
      const url = `ldap://${isIP(host.address) === 6 ? `[${host.address}]` : host.address}:${host.port}`;
      const timeout = this.options.ldapTimeoutMs ?? 5000;
      const client = new LdapClient({ url, timeout, connectTimeout: timeout });
      try {
        const root = await client.search('', {
          scope: 'base',
          filter: '(objectClass=*)',
          attributes: ['namingContexts'],
        });
        const contexts = root.searchEntries.flatMap((entry) => {
          const value = entry.namingContexts;
          return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');
        });
        const candidates: Candidate[] = [];
        for (const base of contexts.slice(0, 5)) {
          const found = await client.search(base, {
            scope: 'sub',
            filter: `(mail=${Filter.escape(mail)})`,
            attributes: ['userCertificate;binary', 'userCertificate'],
            explicitBufferAttributes: ['userCertificate;binary', 'userCertificate'],
            sizeLimit: MAX_CANDIDATES,
            timeLimit: Math.ceil(timeout / 1000),
          });
          for (const entry of found.searchEntries) {
            for (const key of ['userCertificate;binary', 'userCertificate']) {
              const value = entry[key];
              for (const bytes of Array.isArray(value) ? value : [value]) {
                if (Buffer.isBuffer(bytes) && bytes.length > 0)
                  candidates.push({ der: new Uint8Array(bytes), source: 'ldap' });
              }
            }
          }
        }
        return candidates;
      } catch (err) {
        lastError = err;
      } finally {
        await client.unbind().catch(() => undefined);
      }
    }
    throw lastError instanceof Error ? lastError : new Error('no LDAP directory answered');
  }
}
