import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { deviceSecretMatches } from '../catalogue/device-secret';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { DevicePrincipal } from '../common/auth/device-principal';
import { DeviceUnauthenticatedError } from '../common/errors';
import { DevicesRepository } from '../devices/devices.repository';
import { deviceNotClaimed } from './device-gateway.errors';

/**
 * DEVICES 2: the user name of a device is its MAC without colons (12 hex digits) or in the
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

/** What the catalogue and the inventories say about one MAC, as cached. */
interface CredentialFacts {
  /** The master inventory entry's secret hash; null: no entry, or an entry without a secret. */
  secretHash: string | null;
  /** The organisation holding the device, or null when it is in no inventory. */
  holder: Pick<DevicePrincipal, 'device_id' | 'organisation_id'> | null;
}

/** DEVICES 2: "a cache of verified credentials, if any, is at most 10 seconds old". */
export const CREDENTIALS_CACHE_TTL_MS = 10_000;

/**
 * Verifies a device's HTTP Basic credentials. The facts about a MAC (secret hash, holder) are
 * read in two indexed lookups and cached per instance for at most 10 seconds, so a claim,
 * remove_devices or a new secret takes effect within 10 seconds on every instance; the secret
 * is compared by SHA-256 in constant time on every request. The routes themselves load the
 * device fresh, so a removed device is refused at once by the instance that sees the removal.
 */
@Injectable()
export class DeviceCredentialsService {
  private readonly cache: LRUCache<string, CredentialFacts>;

  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly devices: DevicesRepository,
    clock: { now(): number } = performance,
  ) {
    // ttlResolution 0: read the clock on every lookup (it would otherwise reuse a reading for 1 ms).
    this.cache = new LRUCache({
      max: 200_000,
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
    const facts = this.cache.get(mac) ?? (await this.lookUp(mac));
    if (facts.secretHash === null || !deviceSecretMatches(secret, facts.secretHash)) {
      throw new DeviceUnauthenticatedError();
    }
    if (facts.holder === null) {
      throw deviceNotClaimed();
    }
    return { kind: 'device', mac_id: mac, ...facts.holder };
  }

  private async lookUp(mac: string): Promise<CredentialFacts> {
    const secretHash = (await this.catalogue.findSecretHash(mac)) ?? null;
    const [holder] = secretHash === null ? [] : await this.devices.findTakenMacs([mac]);
    const facts: CredentialFacts = {
      secretHash,
      holder: holder ? { device_id: holder.id, organisation_id: holder.organisation_id } : null,
    };
    this.cache.set(mac, facts);
    return facts;
  }
}
