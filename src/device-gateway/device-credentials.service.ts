import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { deviceSecretMatches } from '../catalogue/device-secret';
import { DevicePrincipal } from '../common/identity/device-principal';
import { growingLruCache } from '../common/cache/growing-lru-cache';
import { DeviceUnauthenticatedError } from '../common/errors';
import { deviceNotClaimed } from './device-gateway.errors';
import { CredentialFacts, DeviceFacts, MacFacts } from '../read-side/gateway-reads.repository';

/**
 * The user name of a device is its MAC without colons (12 hex digits) or in the
 * `AA-BB-CC-DD-EE-FF` form, any case. Returns the stored form, or null.
 */
export function deviceMacFromUserName(user: string): string | null {
  const hex = /^[0-9a-f]{12}$/i.test(user)
    ? user
    : /^[0-9a-f]{2}(-[0-9a-f]{2}){5}$/i.test(user)
      ? user.replace(/-/g, '')
      : null;
  return hex === null ? null : hex.toUpperCase().match(/.{2}/g)!.join(':');
}

/** Verified credentials are cached for at most this long, so a changed secret counts soon. */
export const CREDENTIALS_CACHE_TTL_MS = 10_000;
/** The most devices whose credentials one instance keeps. */
const CREDENTIALS_CACHED_DEVICES = 200_000;

/** Where the facts about a MAC come from (GatewayReadsRepository.byMac: one statement). */
export interface CredentialSource {
  byMac(mac: string): Promise<MacFacts>;
}

/**
 * Verifies a device's HTTP Basic credentials. The facts about a MAC (secret hash, holder) are
 * read in one statement and cached per instance for at most 10 seconds, so a claim,
 * remove_devices or a new secret takes effect within 10 seconds on every instance; the secret
 * is compared by SHA-256 in constant time on every request. The routes themselves use the
 * device fresh, so a removed device is refused at once: the statement that reads the
 * credentials also reads the device's facts, which the route then takes (`takeFacts`) instead
 * of reading them again; after a cache hit the route reads them itself.
 */
@Injectable()
export class DeviceCredentialsService {
  private readonly cache: LRUCache<string, CredentialFacts>;
  /** Facts read with the credentials of a request, by the principal attached to it. */
  private readonly readWith = new WeakMap<DevicePrincipal, DeviceFacts>();

  constructor(
    private readonly source: CredentialSource,
    clock: { now(): number } = performance,
  ) {
    // ttlResolution 0: read the clock on every lookup (it would otherwise reuse a reading for 1 ms).
    this.cache = growingLruCache(CREDENTIALS_CACHED_DEVICES, {
      ttl: CREDENTIALS_CACHE_TTL_MS,
      ttlResolution: 0,
      perf: clock,
    });
  }

  /** The device these credentials prove; 401 1036 or 403 1037 otherwise. */
  async verify(user: string, secret: string): Promise<DevicePrincipal> {
    const mac = deviceMacFromUserName(user);
    if (mac === null) {
      throw new DeviceUnauthenticatedError();
    }
    const cached = this.cache.get(mac);
    const read = cached ? null : await this.source.byMac(mac);
    const facts: CredentialFacts = cached ?? { secretHash: read!.secretHash, holder: read!.holder };
    if (read) {
      this.cache.set(mac, facts);
    }
    if (facts.secretHash === null || !deviceSecretMatches(secret, facts.secretHash)) {
      throw new DeviceUnauthenticatedError();
    }
    if (facts.holder === null) {
      throw deviceNotClaimed(mac);
    }
    const principal: DevicePrincipal = { kind: 'device', mac_id: mac, ...facts.holder };
    if (read?.facts) {
      this.readWith.set(principal, read.facts);
    }
    return principal;
  }

  /**
   * The device's facts if they were read while verifying this principal's credentials (in this
   * request, so as fresh as reading them now), once; undefined after a cache hit.
   */
  takeFacts(principal: DevicePrincipal): DeviceFacts | undefined {
    const facts = this.readWith.get(principal);
    this.readWith.delete(principal);
    return facts;
  }
}
