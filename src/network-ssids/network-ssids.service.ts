import { guardUnique } from '../database/unique-violation';
import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { DomainError, MessageError } from '../common/errors';
import { readId } from '../common/ids/id';
import { UnitOfWork } from '../database/unit-of-work';
import { userActor } from '../event-log/event-actor';
import { EventActor } from '../event-log/event.entity';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { ssidEvent } from './ssid-events';
import { ShownSsid } from './stored-ssid';
import { networkNotFound, configRolloutRunning } from '../networks/networks.errors';
import { configChangeBlocked } from '../networks/config-rollout-guard';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { SsidValues } from './network-ssid.fields';
import { duplicateNames, mergeSsidInput } from './network-ssid.validation';
import { NetworkSsid } from './network-ssid.entity';
import { NetworkSsidView, ssidRef, ssidView } from './network-ssid.view';
import {
  NAME_TAKEN,
  ssidCreateFailed,
  ssidDestroyFailed,
  ssidNeedsRouterModeAndDhcp,
  ssidNotFound,
  ssidUpdateFailed,
} from './network-ssids.errors';
import { StoredSsid } from './stored-ssid';
import { NetworkSsidsRepository, ReplacementRow } from './network-ssids.repository';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { configChanged } from '../config-changes/config-changes';

export interface SsidRef {
  id: number;
  ssid_name: string;
}

export interface NetworkSelector {
  network_name?: string;
  network_id?: number;
}

/** Whether two stored SSIDs differ in any field a device or a caller sees. */
const ssidChanged = (a: ShownSsid, b: ShownSsid): boolean =>
  JSON.stringify(ssidView(a, true)) !== JSON.stringify(ssidView(b, true));

const valuesOf = (ssid: NetworkSsid): SsidValues => ({
  ssid_name: ssid.ssid_name,
  settings: ssid.settings ?? {},
  associated_aps_and_tags: ssid.associated_aps_and_tags,
  dhcp_mappings: ssid.dhcp_mappings,
  dhcp_ranges: ssid.dhcp_ranges,
  v_lan_attributes: ssid.v_lan_attributes,
});

/** The SSID use cases of the API, plus the copy and replace steps networks use. */
@Injectable()
export class NetworkSsidsService {
  constructor(
    private readonly ssids: NetworkSsidsRepository,
    private readonly policy: NetworkAccessPolicy,
    private readonly unitOfWork: UnitOfWork,
    private readonly changes: ChangeRunner,
    private readonly networks: LocationNetworksRepository,
  ) {}

  /**
   * SSIDs of the selected network (name before id), or of every network the caller can read.
   * `wpa_key` is left out of the SSIDs of networks the caller reaches only `read_only`.
   */
  async list(user: AuthUser, selector: NetworkSelector): Promise<NetworkSsidView[]> {
    const orgId = user.organisation_id;
    if (selector.network_name || selector.network_id !== undefined) {
      const { network, level } = await this.policy.readableWithLevel(
        user,
        selector.network_name ? { name: selector.network_name } : { id: selector.network_id! },
        networkNotFound,
      );
      return (await this.ssids.findInNetworks(orgId, [network.id])).map((ssid) =>
        ssidView(ssid, level === 'full'),
      );
    }
    const levels = await this.policy.levelsByNetwork(user);
    const readable = levels === 'all' ? 'all' : [...levels.keys()];
    const seen = new Set<number>();
    return (await this.ssids.findInNetworks(orgId, readable))
      .filter((ssid) => !seen.has(ssid.id) && seen.add(ssid.id))
      .map((ssid) =>
        ssidView(ssid, levels === 'all' || levels.get(ssid.location_network_id) === 'full'),
      );
  }

  /**
   * Every SSID of these networks of the organisation as stored (JSON columns as text), by id, in
   * one statement; for what the networks' devices receive, not for a caller.
   */
  ofNetworks(orgId: number, networkIds: number[]): Promise<StoredSsid[]> {
    return this.ssids.findStoredInNetworks(orgId, networkIds);
  }

  async show(user: AuthUser, id: number): Promise<NetworkSsidView> {
    const ssid = await this.ssids.findById(user.organisation_id, id);
    const level = ssid ? await this.policy.levelOn(user, ssid.location_network_id) : null;
    if (!ssid || !level) {
      throw ssidNotFound();
    }
    return ssidView(ssid, level === 'full');
  }

  create(user: AuthUser, networkId: number, input: Record<string, unknown>): Promise<SsidRef> {
    const orgId = user.organisation_id;
    return this.onUniqueViolation(ssidCreateFailed, () =>
      this.unitOfWork.run(async () => {
        const network = await this.policy.writable(user, networkId, networkNotFound);
        if (configChangeBlocked(network)) {
          throw configRolloutRunning();
        }
        const { values, errors } = mergeSsidInput(null, input);
        if (values.ssid_name && (await this.ssids.nameTaken(orgId, networkId, values.ssid_name))) {
          errors.push(NAME_TAKEN);
        }
        if (errors.length > 0) {
          throw ssidCreateFailed(errors);
        }
        await this.bumpConfigVersion(orgId, networkId);
        const created = await this.ssids.create(orgId, networkId, values);
        await this.configChanged(orgId, networkId);
        await this.record(user, 'ssid.created', network, created.id, null, created);
        return ssidRef(created);
      }),
    );
  }

  /** Merges `input` into the SSID; with `requireRouterDhcp` the merged SSID must be a router with DHCP. */
  update(
    user: AuthUser,
    id: number,
    input: Record<string, unknown>,
    requireRouterDhcp = false,
  ): Promise<SsidRef> {
    const orgId = user.organisation_id;
    return this.onUniqueViolation(ssidUpdateFailed, () =>
      this.unitOfWork.run(async () => {
        const ssid = await this.writableSsid(user, id);
        const { values, errors } = mergeSsidInput(valuesOf(ssid), input);
        if (
          values.ssid_name !== ssid.ssid_name &&
          (await this.ssids.nameTaken(orgId, ssid.location_network_id, values.ssid_name, id))
        ) {
          errors.push(NAME_TAKEN);
        }
        if (errors.length > 0) {
          throw ssidUpdateFailed(errors);
        }
        if (
          requireRouterDhcp &&
          (values.settings.ssid_mode !== '1' || values.settings.dhcp_relay_server !== '2')
        ) {
          throw ssidNeedsRouterModeAndDhcp();
        }
        await this.bumpConfigVersion(orgId, ssid.location_network_id);
        // The version's row lock may have waited for a publish that replaced the network's SSIDs.
        if ((await this.ssids.updateValues(orgId, id, values)) !== 1) {
          throw ssidNotFound();
        }
        await this.configChanged(orgId, ssid.location_network_id);
        const network = await this.networks.findById(orgId, ssid.location_network_id);
        await this.record(user, 'ssid.updated', network, id, ssid, {
          ...ssid,
          ...values,
        } as ShownSsid);
        return ssidRef({ id, ssid_name: values.ssid_name });
      }),
    );
  }

  /** update_network_ssid: the id comes from the body, else from `network_ssid.id`. */
  updateNetworkSsid(
    user: AuthUser,
    id: number | undefined,
    input: Record<string, unknown>,
  ): Promise<SsidRef> {
    // An id outside 1..2147483647 reads as UNMATCHED_ID and answers 404 like a missing SSID.
    const resolved = id ?? readId(input.id);
    if (resolved === undefined) {
      return Promise.reject(ssidUpdateFailed(['id must be given as a positive integer']));
    }
    return this.update(user, resolved, input, true);
  }

  destroy(user: AuthUser, id: number): Promise<SsidRef> {
    return this.unitOfWork.run(async () => {
      const ssid = await this.writableSsid(user, id);
      if ((await this.ssids.deleteById(user.organisation_id, id)) !== 1) {
        throw ssidDestroyFailed();
      }
      await this.bumpConfigVersion(user.organisation_id, ssid.location_network_id);
      await this.configChanged(user.organisation_id, ssid.location_network_id);
      const network = await this.networks.findById(user.organisation_id, ssid.location_network_id);
      await this.record(user, 'ssid.deleted', network, id, ssid, null);
      return ssidRef(ssid);
    });
  }

  /**
   * Copies every SSID of `fromNetworkId` (all fields) into `toNetworkId`, in one statement.
   * Joins the caller's transaction. Both networks must be the organisation's (the caller checks).
   */
  copySsids(orgId: number, fromNetworkId: number, toNetworkId: number): Promise<void> {
    return this.unitOfWork.run(async () => {
      await this.ssids.copy(orgId, fromNetworkId, toNetworkId);
      await this.configChanged(orgId, toNetworkId);
    });
  }

  /**
   * Makes `entries` the complete list of the network's SSIDs (config_rollback):
   * an entry with `id` updates (merges into) that SSID of the network, one without creates an
   * SSID, SSIDs not listed are deleted. Throws MessageError 404 for an `id` that is not an SSID
   * of the network and MessageError 422 (messages comma-joined) for invalid entries; nothing is
   * written then. Joins the caller's transaction; a constant number of statements.
   */
  replaceNetworkSsids(
    orgId: number,
    networkId: number,
    entries: Record<string, unknown>[],
  ): Promise<void> {
    return this.unitOfWork.run(async () => {
      const existing = new Map(
        (await this.ssids.findInNetworks(orgId, [networkId])).map((s) => [s.id, s]),
      );
      const errors: string[] = [];
      const rows: ReplacementRow[] = entries.map((entry, i) => {
        const rawId = entry.id;
        const hasId = rawId !== undefined && rawId !== null && rawId !== '';
        const stored = hasId ? existing.get(Number(rawId)) : undefined;
        if (hasId && !stored) {
          const shown =
            typeof rawId === 'string' || typeof rawId === 'number' ? rawId : JSON.stringify(rawId);
          throw new MessageError(404, `SSID ${shown} not found in this network`);
        }
        const merged = mergeSsidInput(stored ? valuesOf(stored) : null, entry);
        errors.push(...merged.errors.map((message) => `ssid_configuration.${i}: ${message}`));
        return { id: stored?.id, created_at: stored?.created_at, values: merged.values };
      });
      const ids = rows.flatMap((row) => (row.id === undefined ? [] : [row.id]));
      if (new Set(ids).size !== ids.length) {
        errors.push('ssid_configuration lists an SSID id more than once');
      }
      for (const name of duplicateNames(rows.map((row) => row.values.ssid_name).filter(Boolean))) {
        errors.push(`ssid_name ${name} is given more than once`);
      }
      if (errors.length > 0) {
        throw new MessageError(422, errors.join(', '));
      }
      await this.ssids.replaceAll(orgId, networkId, rows);
      await this.bumpConfigVersion(orgId, networkId);
      await this.configChanged(orgId, networkId);
    });
  }

  /**
   * Makes `rows` (validated, each keeping the SSID of its `id` or new) the network's complete list
   * of SSIDs, with one `ssid.*` event per SSID created, changed or deleted and one more
   * configuration version: a published draft. Joins the caller's change; a constant number of
   * statements whatever the number of SSIDs.
   */
  publishSsids(
    orgId: number,
    network: { id: number; network_name: string },
    rows: readonly { id: number | null; values: SsidValues }[],
    by: { actor: EventActor; at: Date },
  ): Promise<void> {
    return this.changes.run(orgId, async (change) => {
      const before = new Map(
        (await this.ssids.findInNetworks(orgId, [network.id])).map((s) => [s.id, s]),
      );
      await this.ssids.replaceAll(
        orgId,
        network.id,
        rows.map((row) => ({
          id: row.id ?? undefined,
          created_at: row.id === null ? undefined : before.get(row.id)?.created_at,
          values: row.values,
        })),
      );
      await this.bumpConfigVersion(orgId, network.id);
      await configChanged(change, { networkIds: [network.id] });
      const after = await this.ssids.findInNetworks(orgId, [network.id]);
      const ids = { network: { id: network.id, network_name: network.network_name } };
      for (const ssid of after) {
        const old = before.get(ssid.id) ?? null;
        if (!old || ssidChanged(old, ssid)) {
          change.record(
            ssidEvent(
              old ? 'ssid.updated' : 'ssid.created',
              { ...ids, ssid_id: ssid.id },
              old,
              ssid,
              by,
            ),
          );
        }
      }
      const kept = new Set(after.map((ssid) => ssid.id));
      for (const old of before.values()) {
        if (!kept.has(old.id)) {
          change.record(ssidEvent('ssid.deleted', { ...ids, ssid_id: old.id }, old, null, by));
        }
      }
    });
  }

  /** The SSID if the caller has full access to its network; 404 1021 unreadable, 403 1029 read-only. */
  /** The SSID event of a write, last in its transaction, by the user. */
  /**
   * Brings the stored revisions of the network's devices up to date (their configuration lists
   * its SSIDs), in the caller's transaction and change if any: after the SSID writes.
   */
  private configChanged(orgId: number, networkId: number): Promise<void> {
    return this.changes.run(orgId, (change) => configChanged(change, { networkIds: [networkId] }));
  }

  private async record(
    user: AuthUser,
    type: 'ssid.created' | 'ssid.updated' | 'ssid.deleted',
    network: { id: number; network_name: string } | null,
    ssidId: number,
    before: ShownSsid | null,
    after: ShownSsid | null,
  ): Promise<void> {
    if (!network) {
      return;
    }
    const by = { actor: userActor(user), at: new Date() };
    const ids = {
      ssid_id: ssidId,
      network: { id: network.id, network_name: network.network_name },
    };
    await this.changes.record(user.organisation_id, [ssidEvent(type, ids, before, after, by)]);
  }

  private async writableSsid(user: AuthUser, id: number): Promise<NetworkSsid> {
    const ssid = await this.ssids.findById(user.organisation_id, id);
    if (!ssid) {
      throw ssidNotFound();
    }
    await this.policy.assertCanWrite(user, ssid.location_network_id, ssidNotFound);
    const network = await this.networks.findById(user.organisation_id, ssid.location_network_id);
    if (network && configChangeBlocked(network)) {
      throw configRolloutRunning();
    }
    return ssid;
  }

  /**
   * One more configuration version for the network, in the caller's transaction; 409 1051 when
   * the database refused it because a configuration rollout runs on the network (one that began
   * after the caller's check: the bump waited for its row lock).
   */
  private async bumpConfigVersion(orgId: number, networkId: number): Promise<void> {
    const bump = await this.networks.bumpConfigVersion(orgId, networkId);
    if (!bump.bumped && configChangeBlocked(bump)) {
      throw configRolloutRunning();
    }
  }

  /** A concurrent insert that wins the unique index answers as the operation's name error. */
  private onUniqueViolation<T>(
    failure: (errors: string[]) => DomainError,
    work: () => Promise<T>,
  ): Promise<T> {
    return guardUnique(work, () => failure([NAME_TAKEN]));
  }
}
