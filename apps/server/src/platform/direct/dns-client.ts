import { randomInt } from 'node:crypto';
import dgram from 'node:dgram';
import { getServers } from 'node:dns';
import net from 'node:net';
import * as dnsPacket from 'dns-packet';

/**
 * The DNS questions Direct's certificate discovery asks (CERT, RFC 4398; SRV for LDAP; A and AAAA for the LDAP
 * host), which Node's resolver cannot: node:dns has no CERT type. dns-packet encodes and decodes the messages (a
 * CERT answer's data comes back as its raw RDATA, which certificate-discovery.ts reads); this file only carries
 * them: UDP with EDNS0 (a certificate rarely fits in 512 bytes), and TCP when the answer is truncated anyway,
 * as RFC 7766 asks of every resolver. Each server is tried in turn until one answers.
 */

export interface DnsServer {
  host: string;
  port: number;
}

export type DnsAnswer = dnsPacket.Answer;

export interface DnsResult {
  /** NOERROR, NXDOMAIN, SERVFAIL... */
  rcode: string;
  answers: DnsAnswer[];
}

export class DnsError extends Error {
  override name = 'DnsError';
}

export interface DnsClientOptions {
  /** 'address' or 'address:port' ('[v6]:port'); empty: the system's resolvers (/etc/resolv.conf). */
  servers?: string[];
  /** Per server and transport. */
  timeoutMs?: number;
}

// A CERT record holds a whole certificate: larger than the 512 bytes of plain DNS over UDP.
const UDP_PAYLOAD = 4096;
// A DNS message over TCP has a two-byte length: nothing larger can come, and nothing near it is expected.
const MAX_TCP_MESSAGE = 65535;

export function parseDnsServer(value: string): DnsServer {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(value);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] ? Number(bracketed[2]) : 53 };
  if (net.isIPv6(value)) return { host: value, port: 53 };
  const [host, port] = value.split(':');
  return { host: host!, port: port ? Number(port) : 53 };
}

function rcodeOf(packet: dnsPacket.DecodedPacket): string {
  return (packet as { rcode?: string }).rcode ?? 'NOERROR';
}

function query(name: string, type: dnsPacket.RecordType, id: number): dnsPacket.Packet {
  return {
    type: 'query',
    id,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type, name, class: 'IN' }],
    additionals: [{ type: 'OPT', name: '.', udpPayloadSize: UDP_PAYLOAD } as dnsPacket.Answer],
  };
}

/** The answer is to this question: same id, a response, the same name and type asked (RFC 5452). */
function answersQuestion(packet: dnsPacket.DecodedPacket, id: number, name: string, type: string): boolean {
  const question = packet.questions?.[0];
  return (
    packet.id === id &&
    packet.type === 'response' &&
    question !== undefined &&
    question.type === type &&
    question.name.toLowerCase() === name.toLowerCase()
  );
}

function overUdp(
  server: DnsServer,
  message: Buffer,
  accept: (p: dnsPacket.DecodedPacket) => boolean,
  timeoutMs: number,
) {
  return new Promise<dnsPacket.DecodedPacket>((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(server.host) ? 'udp6' : 'udp4');
    const timer = setTimeout(() => finish(new DnsError('timeout')), timeoutMs);
    const finish = (error: Error | null, packet?: dnsPacket.DecodedPacket) => {
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve(packet!);
    };
    socket.on('error', (err) => finish(new DnsError(err.message)));
    socket.on('message', (bytes, remote) => {
      // Only the server asked may answer; anything else (a spoofed or late packet) is ignored.
      if (remote.port !== server.port) return;
      let packet: dnsPacket.DecodedPacket;
      try {
        packet = dnsPacket.decode(bytes);
      } catch {
        return;
      }
      if (accept(packet)) finish(null, packet);
    });
    socket.send(message, server.port, server.host, (err) => {
      if (err) finish(new DnsError(err.message));
    });
  });
}

function overTcp(server: DnsServer, packet: dnsPacket.Packet, timeoutMs: number) {
  return new Promise<dnsPacket.DecodedPacket>((resolve, reject) => {
    const socket = net.connect({ host: server.host, port: server.port });
    const chunks: Buffer[] = [];
    let length = 0;
    const timer = setTimeout(() => finish(new DnsError('timeout')), timeoutMs);
    const finish = (error: Error | null, answer?: dnsPacket.DecodedPacket) => {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(answer!);
    };
    socket.on('connect', () => socket.write(dnsPacket.streamEncode(packet)));
    socket.on('error', (err) => finish(new DnsError(err.message)));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length > MAX_TCP_MESSAGE + 2) return finish(new DnsError('answer too long'));
      const all = Buffer.concat(chunks);
      if (all.length < 2 || all.length < all.readUInt16BE(0) + 2) return;
      try {
        finish(null, dnsPacket.decode(all.subarray(2, all.readUInt16BE(0) + 2)));
      } catch {
        finish(new DnsError('unreadable answer'));
      }
    });
    socket.on('end', () => finish(new DnsError('connection closed before the answer')));
  });
}

/** The records of the type for the name, or for the names its CNAME records (in the same answer) lead to. */
function answersFor(answers: DnsAnswer[], name: string, type: string): DnsAnswer[] {
  const names = new Set([name.toLowerCase()]);
  // A chain longer than a few links is a loop or an attack: the resolver has already followed it for us.
  for (let i = 0; i < 8; i += 1) {
    for (const a of answers) {
      if (a.type === 'CNAME' && names.has(a.name.toLowerCase())) names.add(String(a.data).toLowerCase());
    }
  }
  return answers.filter((a) => a.type === type && names.has(a.name.toLowerCase()));
}

export class DnsClient {
  private readonly servers: DnsServer[];
  private readonly timeoutMs: number;

  constructor(options: DnsClientOptions = {}) {
    const given = options.servers?.length ? options.servers : getServers();
    this.servers = given.map(parseDnsServer);
    this.timeoutMs = options.timeoutMs ?? 3000;
  }

  /** The answers of the first server that answers; DnsError when none does. */
  async resolve(name: string, type: dnsPacket.RecordType): Promise<DnsResult> {
    const fqdn = name.replace(/\.$/, '');
    let last: Error = new DnsError('no DNS server');
    for (const server of this.servers) {
      const id = randomInt(0, 65536);
      const packet = query(fqdn, type, id);
      const accept = (p: dnsPacket.DecodedPacket) => answersQuestion(p, id, fqdn, type);
      try {
        let answer = await overUdp(server, dnsPacket.encode(packet), accept, this.timeoutMs);
        if (answer.flag_tc) answer = await overTcp(server, packet, this.timeoutMs);
        if (!accept(answer)) throw new DnsError('answer to another question');
        const rcode = rcodeOf(answer);
        // SERVFAIL or REFUSED says this server could not answer: the next one may.
        if (rcode !== 'NOERROR' && rcode !== 'NXDOMAIN') throw new DnsError(rcode);
        return { rcode, answers: answersFor(answer.answers ?? [], fqdn, type) };
      } catch (err) {
        last = err as Error;
      }
    }
    throw last instanceof DnsError ? last : new DnsError(last.message);
  }
}
