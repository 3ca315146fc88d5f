import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { userActor } from '../event-log/event-actor';
import { eventOf } from '../event-log/event-of';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { NetworkSsidsService } from '../network-ssids/network-ssids.service';
import { parsedSsid } from '../network-ssids/stored-ssid';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { NetworkView, networkView } from '../networks/location-network.view';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { configChangeBlocked } from '../networks/config-rollout-guard';
import { configRolloutRunning, networkNotFound } from '../networks/networks.errors';
import { draftNotFound, draftOutdated } from './config-drafts.errors';
import { draftDiff } from './draft-rules';
import { NetworkDraftsRepository } from './network-drafts.repository';
import { publishesAtOnce, PublishSettings } from './publish-settings';
import { ConfigRolloutRunner } from '../config-rollouts/config-rollout-runner.service';
import { ConfigRolloutView } from '../config-rollouts/config-rollout.view';

/** What a publish answers. */
export interface PublishResult {
  network: NetworkView;
  /** The rollout a staged publish made; null for a publish at once. */
  config_rollout: ConfigRolloutView | null;
}

/** Publishing a network's draft. */
@Injectable()
export class DraftPublishingService {
  constructor(
    private readonly drafts: NetworkDraftsRepository,
    private readonly policy: NetworkAccessPolicy,
    private readonly networks: LocationNetworksRepository,
    private readonly ssids: NetworkSsidsService,
    private readonly changes: ChangeRunner,
    private readonly rollouts: ConfigRolloutRunner,
  ) {}

  /**
   * Publishes the draft at once: in one change the network's SSIDs become the draft's (with their
   * `ssid.*` events), its configuration version grows by one, so every device of the network
   * gets one new revision however many SSIDs changed, `config.published` is recorded and the
   * draft is gone. Other stages make a configuration rollout that holds the draft's SSIDs
   * (ConfigRolloutRunner.create), and the draft is gone too. Needs `full`; 409 1051 while a
   * rollout runs on the network (before any other rule), 404 1049 without a draft, 409 1050
   * when the network changed since the draft was written.
   */
  publish(user: AuthUser, networkId: number, settings: PublishSettings): Promise<PublishResult> {
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        await this.policy.writable(user, networkId, networkNotFound);
        // The network's row is held until the commit: no SSID write of the network commits
        // between the version compared here and the SSIDs replaced below.
        const network = await this.networks.findLocked(orgId, networkId);
        if (!network) {
          throw networkNotFound();
        }
        if (configChangeBlocked(network)) {
          throw configRolloutRunning();
        }
        const draft = await this.drafts.findForNetwork(orgId, network.id);
        if (!draft) {
          throw draftNotFound();
        }
        if (draft.base_version !== network.config_version) {
          throw draftOutdated();
        }
        const live = (await this.ssids.ofNetworks(orgId, [network.id])).map(parsedSsid);
        const diff = draftDiff(network.id, live, draft.ssids);
        if (!publishesAtOnce(settings)) {
          // Staged: the rollout holds the draft's SSIDs; the network's stay until it completes.
          const config_rollout = await this.rollouts.create(change, {
            network,
            ssids: draft.ssids,
            diff: { ...diff },
            ...settings,
            created_by: { id: user.id, email: user.email },
          });
          await this.drafts.remove(orgId, network.id);
          return { network: networkView(network), config_rollout };
        }
        await this.ssids.publishSsids(orgId, network, draft.ssids, change);
        await this.drafts.remove(orgId, network.id);
        const published = (await this.networks.findById(orgId, network.id))!;
        change.record(
          eventOf(
            'config.published',
            { device: null, network: { id: network.id, network_name: network.network_name } },
            { config_version: published.config_version, diff },
            change,
          ),
        );
        return { network: networkView(published), config_rollout: null };
      },
      { actor: userActor(user) },
    );
  }
}
