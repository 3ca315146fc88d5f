import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import * as ipaddr from 'ipaddr.js';

/** Ranges no webhook may reach (OPERATIONS 5): unspecified, multicast (and IPv4 broadcast). */
const ALWAYS_REFUSED = new Set(['unspecified', 'multicast', 'broadcast']);
/** Ranges refused unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true: loopback, private, link-local. */
const PRIVATE = new Set(['loopback', 'private', 'uniqueLocal', 'linkLocal']);

/** Why this address is refused (its range's name), or null when a webhook may reach it. */
export function refusedRange(address: string, allowPrivate: boolean): string | null {
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  const range = ip.range();
  if (ALWAYS_REFUSED.has(range) || (!allowPrivate && PRIVATE.has(range))) {
    return range;
  }
  return null;
}

/** An address a delivery may connect to, as checked. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** The host's addresses were refused (`range` names the first refused one). */
export class RefusedAddressError extends Error {
  constructor(
    readonly address: string,
    readonly range: string,
  ) {
    super(`refused address ${address} (${range})`);
  }
}

/**
 * Resolves the URL's host and checks every address it resolves to: the address to connect to
 * (the first), or RefusedAddressError when any is refused, so that no answer of the resolver
 * can lead a delivery to a refused network. The caller connects to exactly this address
 * (no second resolution: no DNS rebinding between the check and the connection).
 */
export async function checkedAddress(url: URL, allowPrivate: boolean): Promise<CheckedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const found = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true });
  for (const { address } of found) {
    const range = refusedRange(address, allowPrivate);
    if (range) {
      throw new RefusedAddressError(address, range);
    }
  }
  return { address: found[0].address, family: found[0].family === 6 ? 6 : 4 };
}
