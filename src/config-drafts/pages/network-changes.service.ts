import { Injectable } from '@nestjs/common';
import { ssidDiffLines } from '../../config-rollouts/pages/ssid-diff';
import { AuthUser } from '../../common/auth/auth-user';
import { LocationNetwork } from '../../networks/location-network.entity';
import { ConfigDraftsService } from '../config-drafts.service';
import { DraftView } from '../draft.view';
import { draftFingerprint } from './draft-entries';
import { NetworkChangesPanel } from './draft-page-views';
import { isDraftMissing } from './draft-refusals';

const yesNo = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : 'Not set');

/**
 * The network page's part of configuration changes, on ConfigDraftsService (the draft and its
 * diff as the API answers them, secrets masked the same way): whether a configuration rollout
 * runs, and the draft with its SSIDs and what publishing it would change.
 */
@Injectable()
export class NetworkChangesService {
  constructor(private readonly drafts: ConfigDraftsService) {}

  async panel(
    user: AuthUser,
    network: LocationNetwork,
    canWrite: boolean,
  ): Promise<NetworkChangesPanel> {
    const draft = await this.draftOf(user, network.id);
    return {
      running: network.config_rollout_id === null ? null : { id: network.config_rollout_id },
      draft: draft && {
        ssids: draft.ssids.map((ssid, k) => ({
          position: k + 1,
          name: ssid.ssid_name,
          enabled: yesNo(ssid.is_enabled),
          hidden: yesNo(ssid.is_hidden),
          security: typeof ssid.security_mode === 'string' ? ssid.security_mode : 'Not set',
          kind: ssid.id === null ? 'new' : 'kept',
        })),
        diff: ssidDiffLines({ ...(await this.drafts.diff(user, network.id)) }),
        outdated:
          draft.base_version === network.config_version
            ? null
            : { base: draft.base_version, now: network.config_version },
        createdBy: draft.created_by.email,
        fingerprint: draftFingerprint(draft.ssids),
        updatedAt: draft.updated_at,
      },
      canWrite,
    };
  }

  /** The network's draft, or null when it has none. */
  private async draftOf(user: AuthUser, networkId: number): Promise<DraftView | null> {
    try {
      return await this.drafts.show(user, networkId);
    } catch (error) {
      if (isDraftMissing(error)) {
        return null;
      }
      throw error;
    }
  }
}
