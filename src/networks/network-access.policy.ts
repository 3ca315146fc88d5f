import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { DomainError, ForbiddenError } from '../common/errors';
import { LocationNetwork } from './location-network.entity';
import { LocationNetworksRepository } from './location-networks.repository';
import { AccessLevel } from './network-access-grant.entity';
import { NetworkAccessRepository } from './network-access.repository';

/** The most networks a form or a filter offers as its choices (the largest page of the API). */
const MAX_NETWORK_CHOICES = 1000;

/**
 * Who may read and write which network. Admins reach every network of their
 * organisation; members reach only granted networks, reading with either level and writing with
 * `full`. A network the caller cannot read answers exactly as a missing one. `readable` and
 * `writable` are the one door through which other modules load a network they act on.
 */
@Injectable()
export class NetworkAccessPolicy {
  constructor(
    private readonly grants: NetworkAccessRepository,
    private readonly networks: LocationNetworksRepository,
  ) {}

  /**
   * The caller's organisation's network `id` if the caller may read it; otherwise `notFound()`
   * (also for a null id: a value that is no id matches no network). Loads, then checks the grant.
   */
  async readable(
    user: AuthUser,
    id: number | null,
    notFound: () => DomainError,
  ): Promise<LocationNetwork> {
    const network = await this.load(user, id, notFound);
    await this.assertCanRead(user, network.id, notFound);
    return network;
  }

  /**
   * The network with this id, or with this name (case-insensitive), and the caller's level on
   * it; `notFound()` when it is missing or the caller cannot read it.
   */
  async readableWithLevel(
    user: AuthUser,
    key: { id: number } | { name: string },
    notFound: () => DomainError,
  ): Promise<{ network: LocationNetwork; level: AccessLevel }> {
    const orgId = user.organisation_id;
    const network =
      'name' in key
        ? await this.networks.findByName(orgId, key.name)
        : await this.networks.findById(orgId, key.id);
    const level = network ? await this.levelOn(user, network.id) : null;
    if (!network || !level) {
      throw notFound();
    }
    return { network, level };
  }

  /** As `readable`, and 403 1029 when the caller's access to it is read-only. */
  async writable(
    user: AuthUser,
    id: number | null,
    notFound: () => DomainError,
  ): Promise<LocationNetwork> {
    const network = await this.load(user, id, notFound);
    await this.assertCanWrite(user, network.id, notFound);
    return network;
  }

  /** The organisation's network with this id, or `notFound()` (a null id matches none). */
  private async load(
    user: AuthUser,
    id: number | null,
    notFound: () => DomainError,
  ): Promise<LocationNetwork> {
    const network = id === null ? null : await this.networks.findById(user.organisation_id, id);
    if (!network) {
      throw notFound();
    }
    return network;
  }

  /** The caller's level on a network of its organisation; null when the caller has no access. */
  async levelOn(user: AuthUser, networkId: number): Promise<AccessLevel | null> {
    if (user.role === 'admin') {
      return 'full';
    }
    return (await this.grants.findOne(user.organisation_id, user.id, networkId))?.level ?? null;
  }

  /** Ids of the networks the caller may read, or 'all' for an admin. */
  async readableNetworkIds(user: AuthUser): Promise<number[] | 'all'> {
    const levels = await this.levelsByNetwork(user);
    return levels === 'all' ? 'all' : [...levels.keys()];
  }

  /**
   * The networks a form or a filter offers the caller: those it may read (`readable` when the
   * caller already has them), by name, at most MAX_NETWORK_CHOICES.
   */
  async networkChoices(user: AuthUser, readable?: number[] | 'all'): Promise<LocationNetwork[]> {
    const ids = readable ?? (await this.readableNetworkIds(user));
    const [networks] = await this.networks.page(user.organisation_id, ids, 0, MAX_NETWORK_CHOICES);
    return networks.sort((a, b) => a.network_name.localeCompare(b.network_name));
  }

  /**
   * The reads' filter of what the caller may see: `networkIds`, the networks it may read, or
   * nothing to narrow by for an admin (every record, also of devices in no network).
   */
  async readableScope(user: AuthUser): Promise<{ networkIds?: number[] }> {
    const readable = await this.readableNetworkIds(user);
    return readable === 'all' ? {} : { networkIds: readable };
  }

  /** The caller's level on each network it may read, or 'all' (full everywhere) for an admin. */
  async levelsByNetwork(user: AuthUser): Promise<Map<number, AccessLevel> | 'all'> {
    if (user.role === 'admin') {
      return 'all';
    }
    const grants = await this.grants.findForUser(user.organisation_id, user.id);
    return new Map(grants.map((grant) => [grant.location_network_id, grant.level]));
  }

  /** Throws `notFound()` unless the caller may read the network. */
  async assertCanRead(
    user: AuthUser,
    networkId: number,
    notFound: () => DomainError,
  ): Promise<void> {
    if (!(await this.levelOn(user, networkId))) {
      throw notFound();
    }
  }

  /** Throws `notFound()` without access, 403 1029 with read-only access. */
  async assertCanWrite(
    user: AuthUser,
    networkId: number,
    notFound: () => DomainError,
  ): Promise<void> {
    const level = await this.levelOn(user, networkId);
    if (!level) {
      throw notFound();
    }
    if (level !== 'full') {
      throw new ForbiddenError('Your access to this network is read-only');
    }
  }
}
