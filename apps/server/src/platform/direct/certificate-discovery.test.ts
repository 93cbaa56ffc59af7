import dgram from 'node:dgram';
import type net from 'node:net';
import ldap from 'ldapjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificateDiscovery, certRecordName } from './certificate-discovery';
import { parseCertificatesPem } from './certificates';
import { DnsClient } from './dns-client';
import { DirectRecipients } from './recipients';
import { certificateDer as der, certRecord, startTestDns, type TestDnsServer } from './test-dns';
import {
  createTestAuthority,
  issueDirectCertificate,
  type DirectTestCertificate,
  type TestCertificateAuthority,
} from './test-certificates';

// Direct certificate discovery against a DNS server and an LDAP directory on 127.0.0.1 (in-process: dns-packet over
// node:dgram and node:net, ldapjs's server), as the Applicability Statement asks: DNS CERT address-bound, then
// domain-bound, then LDAP found by SRV; every certificate checked against the trust anchors.

interface LdapDirectory {
  port: number;
  /** mail -> certificates (DER) */
  entries: Map<string, Buffer[]>;
  searches: string[];
  close(): void;
}

/** What the search handler uses of ldapjs's response. */
interface SearchReply {
  send(entry: unknown): void;
  createSearchEntry(entry: Record<string, unknown>): unknown;
  end(): void;
}

async function startLdap(): Promise<LdapDirectory> {
  const entries = new Map<string, Buffer[]>();
  const searches: string[] = [];
  const server = ldap.createServer();
  // @types/ldapjs describes an older ldapjs: the request's dn and the response's helpers are typed here.
  server.search('', (req: { dn: { toString(): string } } & ldap.SearchRequest, res: SearchReply) => {
    const base = req.dn.toString();
    if (base === '') {
      res.send(
        res.createSearchEntry({
          objectName: '',
          attributes: [new ldap.Attribute({ type: 'namingContexts', values: ['dc=example-clinic,dc=org'] })],
        }),
      );
      res.end();
      return;
    }
    const filter = String(req.filter);
    searches.push(`${base} ${filter}`);
    const mail = /\(mail=([^)]*)\)/.exec(filter)?.[1];
    for (const certificate of (mail && entries.get(mail)) || []) {
      res.send(
        res.createSearchEntry({
          objectName: `mail=${mail},${base}`,
          attributes: [
            new ldap.Attribute({ type: 'mail', values: [mail!] }),
            new ldap.Attribute({ type: 'userCertificate;binary', values: [certificate] }),
          ],
        }),
      );
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = (server as unknown as net.Server).address() as net.AddressInfo;
  return { port: address.port, entries, searches, close: () => (server as unknown as net.Server).close() };
}

let dns: TestDnsServer;
let directory: LdapDirectory;
let anchor: TestCertificateAuthority;
let stranger: TestCertificateAuthority;
let addressBound: DirectTestCertificate;
let domainBound: DirectTestCertificate;
let untrusted: DirectTestCertificate;
let expired: DirectTestCertificate;
let ldapBound: DirectTestCertificate;

const CLINIC = 'direct.example-clinic.org';
const LDAP_CLINIC = 'direct.ldap-clinic.example';

function discovery(methods: ('dns' | 'ldap')[] = ['dns', 'ldap']) {
  return new CertificateDiscovery({
    anchors: parseCertificatesPem(anchor.certificatePem),
    methods,
    dns: new DnsClient({ servers: [`127.0.0.1:${dns.port}`], timeoutMs: 1000 }),
    allowLoopback: true,
    ldapTimeoutMs: 2000,
  });
}

beforeAll(async () => {
  [dns, directory, anchor, stranger] = await Promise.all([
    startTestDns(),
    startLdap(),
    createTestAuthority('Test Direct Trust Anchor'),
    createTestAuthority('Not A Trust Anchor'),
  ]);
  [addressBound, domainBound, untrusted, expired, ldapBound] = await Promise.all([
    issueDirectCertificate(anchor, { address: `dr.lee@${CLINIC}` }),
    issueDirectCertificate(anchor, { domain: CLINIC }),
    issueDirectCertificate(stranger, { address: `dr.mallory@${CLINIC}` }),
    issueDirectCertificate(anchor, {
      address: `dr.gone@${CLINIC}`,
      notBefore: new Date(Date.now() - 800 * 86_400_000),
      notAfter: new Date(Date.now() - 86_400_000),
    }),
    issueDirectCertificate(anchor, { address: `dr.park@${LDAP_CLINIC}` }),
  ]);
  dns.zone.set(certRecordName(`dr.lee@${CLINIC}`), [
    certRecord(certRecordName(`dr.lee@${CLINIC}`), addressBound.certificatePem),
  ]);
  dns.zone.set(CLINIC, [certRecord(CLINIC, domainBound.certificatePem)]);
  dns.zone.set(certRecordName(`dr.mallory@${CLINIC}`), [
    certRecord(certRecordName(`dr.mallory@${CLINIC}`), untrusted.certificatePem),
  ]);
  dns.zone.set(certRecordName(`dr.gone@${CLINIC}`), [
    certRecord(certRecordName(`dr.gone@${CLINIC}`), expired.certificatePem),
  ]);
  // The LDAP clinic publishes no CERT record: its directory is found by SRV, its host by A.
  dns.zone.set(`_ldap._tcp.${LDAP_CLINIC}`, [
    {
      type: 'SRV',
      name: `_ldap._tcp.${LDAP_CLINIC}`,
      ttl: 300,
      data: { priority: 10, weight: 5, port: directory.port, target: `ldap.${LDAP_CLINIC}` },
    },
  ]);
  dns.zone.set(`ldap.${LDAP_CLINIC}`, [{ type: 'A', name: `ldap.${LDAP_CLINIC}`, ttl: 300, data: '127.0.0.1' }]);
  directory.entries.set(`dr.park@${LDAP_CLINIC}`, [der(ldapBound.certificatePem)]);
});

afterAll(async () => {
  await dns?.close();
  directory?.close();
});

describe('certificate discovery', () => {
  it('finds an address-bound certificate in a DNS CERT record, under the address with @ made a dot', async () => {
    const found = await discovery().lookup(`dr.lee@${CLINIC}`, CLINIC);
    expect(found).toMatchObject({ boundTo: 'address', source: 'dns', refused: 0 });
    expect(found.certificates.map((c) => c.certificatePem)).toEqual([addressBound.certificatePem]);
    expect(dns.asked).toContain(`dr.lee.${CLINIC}/CERT`);
  });

  it("falls back to the domain's domain-bound certificate when the address has none", async () => {
    const found = await discovery().lookup(`front.desk@${CLINIC}`, CLINIC);
    expect(found).toMatchObject({ boundTo: 'domain', source: 'dns' });
    expect(found.certificates[0]!.dnsNames).toEqual([CLINIC]);
  });

  it('asks again over TCP when the UDP answer is truncated', async () => {
    dns.truncate = true;
    try {
      const found = await discovery(['dns']).lookup(`dr.lee@${CLINIC}`, CLINIC);
      expect(found.boundTo).toBe('address');
    } finally {
      dns.truncate = false;
    }
  });

  it('refuses a certificate that does not chain to a trust anchor, or has expired, and says it refused one', async () => {
    for (const address of [`dr.mallory@${CLINIC}`, `dr.gone@${CLINIC}`]) {
      // The domain-bound certificate would still serve: asked of DNS without it, the refusal shows.
      const found = await new CertificateDiscovery({
        anchors: parseCertificatesPem(anchor.certificatePem),
        methods: ['dns'],
        dns: new DnsClient({ servers: [`127.0.0.1:${dns.port}`], timeoutMs: 1000 }),
        allowLoopback: true,
      }).lookup(address, 'direct.no-domain-cert.example');
      expect(found).toMatchObject({ boundTo: 'none', refused: 1 });
    }
  });

  it('finds a certificate by LDAP (SRV, root DSE naming contexts, mail) when DNS has no CERT record', async () => {
    const found = await discovery().lookup(`dr.park@${LDAP_CLINIC}`, LDAP_CLINIC);
    expect(found).toMatchObject({ boundTo: 'address', source: 'ldap' });
    expect(found.certificates.map((c) => c.certificatePem)).toEqual([ldapBound.certificatePem]);
    expect(directory.searches).toContain(`dc=example-clinic,dc=org (mail=dr.park@${LDAP_CLINIC})`);
  });

  it('never connects to an LDAP host on loopback unless allowed (production)', async () => {
    const before = directory.searches.length;
    const found = await new CertificateDiscovery({
      anchors: parseCertificatesPem(anchor.certificatePem),
      methods: ['ldap'],
      dns: new DnsClient({ servers: [`127.0.0.1:${dns.port}`], timeoutMs: 1000 }),
      allowLoopback: false,
    }).lookup(`dr.park@${LDAP_CLINIC}`, LDAP_CLINIC);
    expect(found.boundTo).toBe('none');
    expect(directory.searches).toHaveLength(before);
  });

  it('says unavailable when no DNS server answers', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = dgram.createSocket('udp4');
      probe.bind(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
    });
    const found = await new CertificateDiscovery({
      anchors: parseCertificatesPem(anchor.certificatePem),
      methods: ['dns'],
      dns: new DnsClient({ servers: [`127.0.0.1:${closed}`], timeoutMs: 300 }),
      allowLoopback: true,
    }).lookup(`dr.lee@${CLINIC}`, CLINIC);
    expect(found).toMatchObject({ boundTo: 'none', unavailable: true });
  });
});

describe('DirectRecipients', () => {
  it('answers found, untrusted and not found in the terms the patient is told', async () => {
    const recipients = new DirectRecipients({ discovery: discovery(['dns']) });
    expect(await recipients.lookup(`dr.lee@${CLINIC}`)).toMatchObject({ boundTo: 'address', source: 'dns' });
    const none = new DirectRecipients({
      discovery: new CertificateDiscovery({
        anchors: parseCertificatesPem(anchor.certificatePem),
        methods: ['dns'],
        dns: new DnsClient({ servers: [`127.0.0.1:${dns.port}`], timeoutMs: 1000 }),
        allowLoopback: true,
      }),
    });
    expect(await none.lookup(`dr.mallory@direct.nowhere.example`)).toMatchObject({ problem: 'not_found' });
    expect(await recipients.lookup('not an address')).toMatchObject({ boundTo: 'none', problem: 'not_found' });
  });

  it('keeps an answer for a while, so one send does not ask DNS twice', async () => {
    const recipients = new DirectRecipients({ discovery: discovery(['dns']) });
    await recipients.lookup(`dr.lee@${CLINIC}`);
    const asked = dns.asked.length;
    await recipients.lookup(`dr.lee@${CLINIC}`);
    expect(dns.asked).toHaveLength(asked);
  });
});
