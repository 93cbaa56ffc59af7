import dgram from 'node:dgram';
import net from 'node:net';
import * as dnsPacket from 'dns-packet';
import { pemBlocks } from './certificates';
import { certRecordName } from './certificate-discovery';

/**
 * A DNS server on 127.0.0.1 for tests of Direct certificate discovery (ADR 0016): UDP and TCP on one port, as a DNS
 * server listens on both, answering from a zone the test fills (CERT, SRV, A records), NXDOMAIN for a name it does not
 * hold (SERVFAIL for every name when asked to), and, when asked to, UDP answers truncated (TC) so that the client must ask again over TCP. dns-packet
 * writes the answers. Never for production.
 */

// RFC 1035 4.1.1.
const RCODE_SERVFAIL = 2;
const RCODE_NXDOMAIN = 3;

export type TestDnsZone = Map<string, dnsPacket.Answer[]>;

export interface TestDnsServer {
  port: number;
  zone: TestDnsZone;
  /** Names asked, in order (name/type). */
  asked: string[];
  /** Answer UDP queries truncated (TC), so the client must ask again over TCP. */
  truncate: boolean;
  /** Answer every query SERVFAIL: the server cannot answer (the lookup "could not be made"). */
  servfail: boolean;
  close(): Promise<void>;
}

export async function startTestDns(): Promise<TestDnsServer> {
  const zone: TestDnsZone = new Map();
  const state = { asked: [] as string[], truncate: false, servfail: false };
  const answer = (query: dnsPacket.DecodedPacket, truncated: boolean): Buffer => {
    const question = query.questions![0]!;
    state.asked.push(`${question.name}/${question.type}`);
    const answers = (zone.get(question.name.toLowerCase()) ?? []).filter((a) => a.type === question.type);
    const known = [...zone.keys()].includes(question.name.toLowerCase());
    // dns-packet writes the RCODE from the flags' low four bits only (a packet's `rcode` is read, never written).
    const rcode = state.servfail ? RCODE_SERVFAIL : known ? 0 : RCODE_NXDOMAIN;
    return dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_AVAILABLE | (truncated ? dnsPacket.TRUNCATED_RESPONSE : 0) | rcode,
      questions: query.questions,
      answers: truncated || state.servfail ? [] : answers,
    });
  };
  const udp = dgram.createSocket('udp4');
  udp.on('message', (bytes, remote) => {
    const query = dnsPacket.decode(bytes);
    udp.send(answer(query, state.truncate), remote.port, remote.address);
  });
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', () => resolve()));
  const port = udp.address().port;
  const tcp = net.createServer((socket) => {
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (buffer.length < 2 || buffer.length < buffer.readUInt16BE(0) + 2) return;
      const query = dnsPacket.decode(buffer.subarray(2, buffer.readUInt16BE(0) + 2));
      const reply = answer(query, false);
      const framed = Buffer.alloc(reply.length + 2);
      framed.writeUInt16BE(reply.length, 0);
      reply.copy(framed, 2);
      socket.end(framed);
    });
  });
  await new Promise<void>((resolve) => tcp.listen(port, '127.0.0.1', () => resolve()));
  return {
    port,
    zone,
    get asked() {
      return state.asked;
    },
    get truncate() {
      return state.truncate;
    },
    set truncate(value: boolean) {
      state.truncate = value;
    },
    get servfail() {
      return state.servfail;
    },
    set servfail(value: boolean) {
      state.servfail = value;
    },
    close: async () => {
      udp.close();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}

/** A CERT record's RDATA: type, key tag, algorithm (RFC 4398 2), then the DER certificate or a URL. */
export function certRdata(type: number, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16BE(type, 0);
  header.writeUInt16BE(0, 2);
  header.writeUInt8(0, 4);
  return Buffer.concat([header, body]);
}

/** The DER bytes of a PEM certificate (its first block). */
export function certificateDer(pem: string): Buffer {
  return Buffer.from(pemBlocks(pem)[0]!.der);
}

/** A PKIX CERT record (type 1) holding the certificate, under `name` as it is asked. */
export function certRecord(name: string, certificatePem: string): dnsPacket.Answer {
  return { type: 'CERT', name, ttl: 300, data: certRdata(1, certificateDer(certificatePem)) };
}

/** Publishes an address-bound certificate as Direct's discovery looks it up: under the address with '@' made '.'. */
export function publishAddressCertificate(zone: TestDnsZone, address: string, certificatePem: string): void {
  const name = certRecordName(address);
  zone.set(name, [...(zone.get(name) ?? []), certRecord(name, certificatePem)]);
}
