import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ValidationFailedError } from '../common/errors';
import { UnitOfWork } from '../database/unit-of-work';
import { NetworkSsidsService } from '../network-ssids/network-ssids.service';
import { parsedSsid, ShownSsid } from '../network-ssids/stored-ssid';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { networkNotFound } from '../networks/networks.errors';
import { draftNotFound } from './config-drafts.errors';
import { DraftDiff, draftDiff, readDraftSsids } from './draft-rules';
import { DraftView, draftView } from './draft.view';
import { NetworkDraft } from './network-draft.entity';
import { NetworkDraftsRepository } from './network-drafts.repository';

/** A network's draft: written, read, compared with the network's SSIDs and dropped. */
@Injectable()
export class ConfigDraftsService {
  constructor(
    private readonly drafts: NetworkDraftsRepository,
    private readonly policy: NetworkAccessPolicy,
    private readonly ssids: NetworkSsidsService,
    private readonly unitOfWork: UnitOfWork,
    private readonly networks: LocationNetworksRepository,
  ) {}

  /** The draft; either grant reads it (WPA keys for `full` only). 404 1049 when none. */
  async show(user: AuthUser, networkId: number): Promise<DraftView> {
    const { network, level } = await this.policy.readableWithLevel(
      user,
      { id: networkId },
      networkNotFound,
    );
    return draftView(await this.draftOf(user.organisation_id, network.id), level === 'full');
  }

  /** What publishing the draft would change in the network's SSIDs now, secrets masked. */
  diff(user: AuthUser, networkId: number): Promise<DraftDiff> {
    return this.unitOfWork.run(async () => {
      const network = await this.policy.readable(user, networkId, networkNotFound);
      const draft = await this.draftOf(user.organisation_id, network.id);
      return draftDiff(
        network.id,
        await this.liveSsids(user.organisation_id, network.id),
        draft.ssids,
      );
    });
  }

  /**
   * Replaces the network's draft (or makes it) with these SSIDs, validated as SSID creates are,
   * based on the network's configuration version now. Needs `full`. Nothing is stored when an
   * entry is refused (422 1030 naming each by its index).
   */
  write(user: AuthUser, networkId: number, ssids: unknown): Promise<DraftView> {
    const orgId = user.organisation_id;
    return this.unitOfWork.run(async () => {
      await this.policy.writable(user, networkId, networkNotFound);
      // Locked: a write waits for a change of the network's SSIDs under way (so that it bases the
      // draft on the version that change commits) and for another write of its draft.
      const network = await this.networks.findLocked(orgId, networkId);
      if (!network) {
        throw networkNotFound();
      }
      const live = await this.liveSsids(orgId, network.id);
      const { rows, errors } = readDraftSsids(ssids, new Set(live.map((ssid) => ssid.id)));
      if (errors.length > 0) {
        throw new ValidationFailedError(errors);
      }
      const content = { base_version: network.config_version, ssids: rows };
      if ((await this.drafts.replace(orgId, network.id, content)) === 0) {
        const created_by = { id: user.id, email: user.email };
        await this.drafts.insert(orgId, network.id, { ...content, created_by });
      }
      return draftView(await this.draftOf(orgId, network.id), true);
    });
  }

  /** Drops the network's draft; needs `full`. 404 1049 when it has none. */
  remove(user: AuthUser, networkId: number): Promise<{ msg: string }> {
    return this.unitOfWork.run(async () => {
      const network = await this.policy.writable(user, networkId, networkNotFound);
      if ((await this.drafts.remove(user.organisation_id, network.id)) === 0) {
        throw draftNotFound();
      }
      return { msg: 'Draft deleted' };
    });
  }

  private async draftOf(orgId: number, networkId: number): Promise<NetworkDraft> {
    const draft = await this.drafts.findForNetwork(orgId, networkId);
    if (!draft) {
      throw draftNotFound();
    }
    return draft;
  }

  private async liveSsids(orgId: number, networkId: number): Promise<ShownSsid[]> {
    return (await this.ssids.ofNetworks(orgId, [networkId])).map(parsedSsid);
  }
}
