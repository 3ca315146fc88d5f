import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ValidationFailedError } from '../common/errors';
import { normaliseMac } from '../common/mac/mac';
import { pageRequest, paginationMeta } from '../common/pagination/pagination';
import { reversedWindow } from '../common/time-window/time-window';
import { DevicesRepository } from '../devices/devices.repository';
import { ClientStationsService } from '../device-state/client-stations.service';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { networkNotFound } from '../networks/networks.errors';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import {
  ClientFilter,
  ClientReadsRepository,
  clientSearch,
  SessionScope,
} from '../read-side/client-reads.repository';
import { clientView, sessionView } from './client.view';
import { clientNotFound, filterDeviceNotFound, invalidClientMac } from './clients.errors';
import { ClientSessionsQueryDto, ClientsQueryDto } from './dto/clients.query';

/** How many sessions a client's record shows. */
export const NEWEST_SESSIONS = 20;

/**
 * The Wi-Fi clients a caller may see: an admin every session of the organisation, a member
 * those of networks it may read (a client seen only elsewhere is not found). Erasure is an
 * admin's (the route's role).
 */
@Injectable()
export class ClientsService {
  constructor(
    private readonly reads: ClientReadsRepository,
    private readonly stations: ClientStationsService,
    private readonly devices: DevicesRepository,
    private readonly access: NetworkAccessPolicy,
    private readonly changes: ChangeRunner,
  ) {}

  private async scope(user: AuthUser): Promise<SessionScope> {
    return {
      orgId: user.organisation_id,
      networkIds: await this.access.readableNetworkIds(user),
    };
  }

  async list(user: AuthUser, query: ClientsQueryDto) {
    const problems: string[] = [];
    const deviceMac = query.mac_id === undefined ? undefined : normaliseMac(query.mac_id);
    if (deviceMac === null) {
      problems.push('mac_id must be a MAC address');
    }
    if (problems.length > 0) {
      throw new ValidationFailedError(problems);
    }
    const filter: ClientFilter = {
      ssid: query.ssid,
      band: query.band,
      connected: query.connected === undefined ? undefined : query.connected === 'true',
      search: query.search === undefined ? undefined : clientSearch(query.search),
      seenSince: query.seen_since === undefined ? undefined : new Date(query.seen_since),
    };
    if (query.network_id !== undefined) {
      await this.access.readable(user, query.network_id, networkNotFound);
      filter.networkId = query.network_id;
    }
    if (deviceMac) {
      const [device] = await this.devices.findPlain(user.organisation_id, { macs: [deviceMac] });
      if (!device) {
        throw filterDeviceNotFound();
      }
      filter.deviceId = device.id;
    }
    const page = pageRequest(query);
    const { clients, count } = await this.reads.listClients(
      await this.scope(user),
      filter,
      query.sort ?? 'last_seen',
      page.offset,
      page.perPage,
      new Date(),
    );
    return { clients: clients.map(clientView), meta: paginationMeta(page, count) };
  }

  async show(user: AuthUser, macInput: string) {
    const mac = this.macOf(macInput);
    const scope = await this.scope(user);
    const client = await this.reads.client(scope, mac, new Date());
    if (!client) {
      throw clientNotFound();
    }
    const { sessions } = await this.reads.clientSessions(scope, mac, {}, 0, NEWEST_SESSIONS);
    return { client: clientView(client), sessions: sessions.map(sessionView) };
  }

  async sessions(user: AuthUser, macInput: string, query: ClientSessionsQueryDto) {
    const mac = this.macOf(macInput);
    const since = query.since === undefined ? undefined : new Date(query.since);
    const until = query.until === undefined ? undefined : new Date(query.until);
    const reversed = reversedWindow(since, until);
    if (reversed.length > 0) {
      throw new ValidationFailedError(reversed);
    }
    const scope = await this.scope(user);
    if (!(await this.reads.hasClient(scope, mac))) {
      throw clientNotFound();
    }
    const page = pageRequest(query);
    const { sessions, count } = await this.reads.clientSessions(
      scope,
      mac,
      { since, until },
      page.offset,
      page.perPage,
    );
    return { sessions: sessions.map(sessionView), meta: paginationMeta(page, count) };
  }

  /**
   * Erases every session of the client in the organisation, with its `client.erased` event
   * (which names no MAC), in one change.
   */
  async erase(user: AuthUser, macInput: string, via: RequestChannel = 'api') {
    const mac = this.macOf(macInput);
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        const deleted = await this.stations.erase(orgId, mac);
        if (deleted === 0) {
          throw clientNotFound();
        }
        change.record({
          type: 'client.erased',
          occurred_at: change.at,
          device: null,
          network: null,
          actor: userActor(user, via),
          data: { sessions_deleted: deleted },
        });
        return { sessions_deleted: deleted };
      },
      { actor: userActor(user, via) },
    );
  }

  private macOf(input: string): string {
    const mac = normaliseMac(input);
    if (mac === null) {
      throw invalidClientMac();
    }
    return mac;
  }
}
