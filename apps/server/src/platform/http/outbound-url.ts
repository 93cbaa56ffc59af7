import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Config } from '../../config';

// The rule for URLs the server itself calls (webhooks): a registered URL must not turn the portal into a proxy
// to its own network (cloud metadata at 169.254.169.254, a Redis or PostgreSQL on loopback, the private LAN).
// Names are checked after resolution, every address of them, and again before each call, so a name that later
// resolves elsewhere (DNS rebinding) is caught at the next delivery.

export interface OutboundUrlPolicy {
  /** Production: plain http would send signed patient events in clear text. */
  requireHttps: boolean;
  /** 127.0.0.0/8 and ::1: receivers of tests and of a developer's machine. */
  allowLoopback: boolean;
}

/** The services' default when no policy is passed; main.ts and the CLI pass the configured one. */
export const DEVELOPMENT_OUTBOUND_POLICY: OutboundUrlPolicy = { requireHttps: false, allowLoopback: true };

export function outboundUrlPolicy(config: Pick<Config, 'env' | 'webhookAllowLoopback'>): OutboundUrlPolicy {
  return { requireHttps: config.env === 'production', allowLoopback: config.webhookAllowLoopback };
}

export type AddressKind =
  'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'multicast' | 'reserved' | 'invalid';

const IPV4_RANGES: [string, number, AddressKind][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['169.254.0.0', 16, 'link-local'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
  ['192.0.0.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'reserved'],
];

const IPV6_RANGES: [string, number, AddressKind][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fc00::', 7, 'private'],
  ['fec0::', 10, 'private'],
  ['fe80::', 10, 'link-local'],
  ['ff00::', 8, 'multicast'],
];

const KINDS = ['unspecified', 'loopback', 'private', 'link-local', 'multicast', 'reserved'] as const;
const blockLists = new Map<AddressKind, BlockList>(
  KINDS.map((kind) => {
    const list = new BlockList();
    for (const [net, prefix, k] of IPV4_RANGES) if (k === kind) list.addSubnet(net, prefix, 'ipv4');
    for (const [net, prefix, k] of IPV6_RANGES) if (k === kind) list.addSubnet(net, prefix, 'ipv6');
    return [kind, list];
  }),
);

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 ? groups : null;
}

/** An IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4), which reaches that IPv4 host. */
function embeddedIpv4(groups: number[]): string | null {
  const g = (i: number) => groups[i] ?? 0;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible; :: and ::1 themselves are classified as IPv6)
  if (zeros(0, 5) && (g(5) === 0xffff || (g(5) === 0 && (g(6) !== 0 || g(7) > 1)))) return v4(g(6), g(7));
  // 64:ff9b::/96, the NAT64 prefix
  if (g(0) === 0x64 && g(1) === 0xff9b && zeros(2, 6)) return v4(g(6), g(7));
  // 2002::/16, 6to4: the IPv4 address is groups 1 and 2
  if (g(0) === 0x2002) return v4(g(1), g(2));
  return null;
}

/** What an IP address reaches: only 'public' is a place the portal may call (loopback when the policy allows). */
export function classifyAddress(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) {
    for (const kind of KINDS) if (blockLists.get(kind)?.check(bare, 'ipv4')) return kind;
    return 'public';
  }
  const groups = ipv6Groups(bare);
  if (!groups) return 'invalid';
  const inner = embeddedIpv4(groups);
  if (inner) return classifyAddress(inner);
  const normal = groups.map((x) => x.toString(16)).join(':');
  for (const kind of KINDS) if (blockLists.get(kind)?.check(normal, 'ipv6')) return kind;
  return 'public';
}

function isAllowedAddress(address: string, policy: OutboundUrlPolicy): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (kind === 'loopback' && policy.allowLoopback);
}

function addressRefusal(host: string, address: string, policy: OutboundUrlPolicy): string | null {
  if (isAllowedAddress(address, policy)) return null;
  const kind = classifyAddress(address);
  const what = kind === 'invalid' ? 'not an IP address' : `a ${kind} address`;
  return host === address
    ? `The URL's address ${address} is ${what}, which the portal does not call.`
    : `The URL's host ${host} resolves to ${address}, ${what}, which the portal does not call.`;
}

/** The checks that need no DNS: a URL, http(s), no credentials, and an IP literal host must be allowed. */
export function staticUrlRefusal(url: string, policy: OutboundUrlPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The URL is not a URL.';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'The URL must be http or https.';
  if (policy.requireHttps && parsed.protocol !== 'https:') return 'The URL must use https.';
  if (parsed.username || parsed.password) return 'The URL must not carry a user name or password.';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!host) return 'The URL has no host.';
  if (isIPv4(host) || isIPv6(host)) return addressRefusal(host, host, policy);
  return null;
}

export type HostLookup = (host: string) => Promise<{ address: string }[]>;

const systemLookup: HostLookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Why the portal must not call this URL now, or null: the static checks, then every address the host resolves
 * to (one refused address refuses the URL, as the connection may pick any of them).
 */
export async function outboundUrlRefusal(
  url: string,
  policy: OutboundUrlPolicy,
  lookup: HostLookup = systemLookup,
): Promise<string | null> {
  const refusal = staticUrlRefusal(url, policy);
  if (refusal) return refusal;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIPv4(host) || isIPv6(host)) return null;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host);
  } catch {
    return `The URL's host ${host} could not be resolved.`;
  }
  if (addresses.length === 0) return `The URL's host ${host} could not be resolved.`;
  for (const { address } of addresses) {
    const refused = addressRefusal(host, address, policy);
    if (refused) return refused;
  }
  return null;
}

export class OutboundUrlError extends Error {
  override name = 'OutboundUrlError';
}

/** outboundUrlRefusal as a throw, for call sites whose failures already go through a catch. */
export async function assertOutboundUrl(
  url: string,
  policy: OutboundUrlPolicy,
  lookup: HostLookup = systemLookup,
): Promise<void> {
  const refusal = await outboundUrlRefusal(url, policy, lookup);
  if (refusal) throw new OutboundUrlError(refusal);
}
