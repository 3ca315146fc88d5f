import { isIP } from 'node:net';
import * as ipaddr from 'ipaddr.js';

/**
 * What kind of destination an address is. Webhooks reach `global` addresses (global unicast);
 * loopback, private and link-local ones only when WEBHOOK_ALLOW_PRIVATE_NETWORKS=true; every
 * other kind never.
 */
export type AddressKind =
  | 'global'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'shared address space'
  | 'benchmarking'
  | 'documentation'
  | 'site-local'
  | 'discard-only'
  | 'ORCHID'
  | 'reserved';

/** The kinds WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lets a webhook reach. */
const PRIVATE_KINDS: ReadonlySet<AddressKind> = new Set(['loopback', 'private', 'link-local']);

/**
 * ipaddr.js's IPv4 ranges by kind. A range a later ipaddr.js adds and this table does not name
 * is refused ('reserved') until it is named here.
 */
const IPV4_RANGES: Record<string, AddressKind> = {
  unicast: 'global',
  as112: 'global', // AS112 DNS sinks: globally reachable unicast
  amt: 'global', // AMT relays: globally reachable anycast
  unspecified: 'unspecified', // 0.0.0.0/8, "this network"
  broadcast: 'broadcast',
  multicast: 'multicast',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  carrierGradeNat: 'shared address space', // 100.64.0.0/10
  reserved: 'reserved', // 192.0.0.0/24, 192.88.99.0/24 (6to4 relays), 240.0.0.0/4, and below
};

/** ipaddr.js's IPv6 ranges that are a kind of their own (embeddings are judged apart). */
const IPV6_RANGES: Record<string, AddressKind> = {
  unspecified: 'unspecified',
  loopback: 'loopback',
  linkLocal: 'link-local',
  uniqueLocal: 'private', // fc00::/7
  multicast: 'multicast',
  deprecatedSiteLocal: 'site-local', // fec0::/10
  discard: 'discard-only', // 100::/64
  benchmarking: 'benchmarking', // 2001:2::/48
  amt: 'global', // 2001:3::/32
  as112v6: 'global',
  // Identifiers hashed from keys, not locators: 2001:10::/28, 2001:20::/28, and the drone
  // entity tags built on the second (2001:30::/28).
  deprecatedOrchid: 'ORCHID',
  orchid2: 'ORCHID',
  droneRemoteIdProtocolEntityTags: 'ORCHID',
  segmentRouting: 'reserved', // 5f00::/16, segment identifiers
};

const v4 = (text: string) => ipaddr.IPv4.parseCIDR(text);
const v6 = (text: string) => ipaddr.IPv6.parseCIDR(text);
const IPV4_DOCUMENTATION = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'].map(v4);
const IPV4_BENCHMARKING = v4('198.18.0.0/15');
const IPV6_DOCUMENTATION = ['2001:db8::/32', '3fff::/20'].map(v6);
/** Global unicast is 2000::/3; the rest of the IPv6 space is reserved or special. */
const IPV6_GLOBAL_UNICAST = v6('2000::/3');
const NAT64_WELL_KNOWN = v6('64:ff9b::/96');
const NAT64_LOCAL_USE = v6('64:ff9b:1::/48');

/** The kind of an IPv4 or IPv6 address, in any spelling node:net's isIP takes. */
export function addressKind(address: string): AddressKind {
  switch (isIP(address)) {
    case 4:
      return ipv4Kind(ipaddr.IPv4.parse(address));
    case 6:
      return ipv6Kind(ipaddr.IPv6.parse(withHexTail(address)));
    default:
      throw new Error(`not an IP address: ${address}`);
  }
}

/**
 * The IPv6 address with a dotted IPv4 tail written in hex: ipaddr.js reads `::a.b.c.d` (an
 * IPv4-compatible address, as resolvers print one) as `::ffff:a.b.c.d` (IPv4-mapped).
 */
function withHexTail(address: string): string {
  return address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_tail, a, b, c, d) =>
    [(+a << 8) | +b, (+c << 8) | +d].map((part) => part.toString(16)).join(':'),
  );
}

/** Whether a webhook may not reach an address of this kind. */
export function isRefused(kind: AddressKind, allowPrivate: boolean): boolean {
  return kind !== 'global' && !(allowPrivate && PRIVATE_KINDS.has(kind));
}

function ipv4Kind(ip: ipaddr.IPv4): AddressKind {
  if (IPV4_DOCUMENTATION.some((range) => ip.match(range))) {
    return 'documentation';
  }
  if (ip.match(IPV4_BENCHMARKING)) {
    return 'benchmarking';
  }
  return IPV4_RANGES[ip.range() as string] ?? 'reserved';
}

/**
 * An IPv6 address that carries an IPv4 address is judged as the IPv4 address it leads to:
 * IPv4-mapped (::ffff:a.b.c.d, the IPv4 address itself to a socket), IPv4-translated
 * (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96, and the local-use 64:ff9b:1::/48 in its /96 form),
 * 6to4 (2002::/16) and Teredo (2001::/32: its server and its client, the stricter). The
 * deprecated IPv4-compatible form (::a.b.c.d), which some systems still tunnel, and every other
 * address outside 2000::/3 are reserved.
 */
function ipv6Kind(ip: ipaddr.IPv6): AddressKind {
  const parts = ip.parts;
  // A string: ipaddr.js answers ranges its type declarations do not list (site-local, …).
  const range: string = ip.range();
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return ipv4Kind(ipv4Of(parts[6], parts[7]));
    case 'rfc6052':
      if (ip.match(NAT64_WELL_KNOWN)) {
        return ipv4Kind(ipv4Of(parts[6], parts[7]));
      }
      // Local use: the IPv4 address sits in the last 32 bits only when the bits between the
      // /48 and them are zero (the /96 form); any other layout is not judged, but refused.
      return ip.match(NAT64_LOCAL_USE) && parts.slice(3, 6).every((part) => part === 0)
        ? ipv4Kind(ipv4Of(parts[6], parts[7]))
        : 'reserved';
    case '6to4':
      return ipv4Kind(ipv4Of(parts[1], parts[2]));
    case 'teredo':
      // The server's address as is; the client's mapped address inverted bit by bit.
      return stricter(
        ipv4Kind(ipv4Of(parts[2], parts[3])),
        ipv4Kind(ipv4Of(parts[6] ^ 0xffff, parts[7] ^ 0xffff)),
      );
    case 'reserved':
      // 2001:db8::/32 and 3fff::/20; the rest is 2001::/23, IETF protocol assignments.
      return IPV6_DOCUMENTATION.some((doc) => ip.match(doc)) ? 'documentation' : 'reserved';
    case 'unicast':
      return ip.match(IPV6_GLOBAL_UNICAST) ? 'global' : 'reserved';
    default:
      return IPV6_RANGES[range] ?? 'reserved';
  }
}

function ipv4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** Of two kinds, the one refused in more configurations (the first when equal). */
function stricter(a: AddressKind, b: AddressKind): AddressKind {
  const rank = (kind: AddressKind) => (kind === 'global' ? 0 : PRIVATE_KINDS.has(kind) ? 1 : 2);
  return rank(b) > rank(a) ? b : a;
}

/**
 * Names under `localhost` (RFC 6761), with or without the final dot: loopback whatever a
 * resolver answers for them.
 */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** An address a delivery may connect to, as checked. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses, IPv4 first (`host-resolver.ts`). */
export type ResolveHost = (host: string) => Promise<CheckedAddress[]>;

/**
 * The URL's host is, or resolves to, a refused address. `shown` tells whether the kind may be
 * named: only when the URL itself says it (an address or a `localhost` name), never for what a
 * host name resolved to, which would map the service's own network for whoever sets a URL.
 */
export class RefusedAddressError extends Error {
  constructor(
    readonly kind: AddressKind,
    readonly shown: boolean,
  ) {
    super(shown ? `refused address (${kind})` : 'refused address');
  }
}

/** The loopback address a `localhost` name connects to when private networks are allowed. */
const LOCALHOST: CheckedAddress = { address: '127.0.0.1', family: 4 };

/**
 * The address a delivery to `url` connects to: the host itself when it is an address, else
 * the first address it resolves to, once every address it resolves to was checked, so that no
 * answer of a resolver leads a delivery to a refused network. Throws RefusedAddressError, or
 * what `resolve` throws. The caller connects to exactly this address (no second resolution: no
 * DNS rebinding between the check and the connection).
 */
export async function checkedAddress(
  url: URL,
  allowPrivate: boolean,
  resolve: ResolveHost,
): Promise<CheckedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  if (family !== 0) {
    const kind = addressKind(host);
    if (isRefused(kind, allowPrivate)) {
      throw new RefusedAddressError(kind, true);
    }
    return { address: host, family: family === 6 ? 6 : 4 };
  }
  if (isLocalhostName(host)) {
    if (isRefused('loopback', allowPrivate)) {
      throw new RefusedAddressError('loopback', true);
    }
    return LOCALHOST;
  }
  const found = await resolve(host);
  for (const { address } of found) {
    const kind = addressKind(address);
    if (isRefused(kind, allowPrivate)) {
      throw new RefusedAddressError(kind, false);
    }
  }
  return found[0];
}
