import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { NetworkSsidsService } from '../../network-ssids/network-ssids.service';
import { NetworkAccessPolicy } from '../../networks/network-access.policy';
import { networkNotFound } from '../../networks/networks.errors';
import { labelledFormErrors, NO_ERRORS, FormErrors, orRefusedTo, showForm } from '../../web/form';
import { PageOutcome, redirectTo, refusedTo, Shown } from '../../web/page-outcome';
import { plural } from '../../web/plural';
import { ssidDiffLines } from '../../config-rollouts/pages/ssid-diff';
import { ConfigDraftsService } from '../config-drafts.service';
import { DraftPublishingService } from '../draft-publishing.service';
import { draftEntries } from './draft-entries';
import { PUBLISH_FORM, PublishFormModel } from './draft-page-views';
import { draftRefusal, isDraftMissing } from './draft-refusals';
import {
  BLANK_PUBLISH_FORM,
  PUBLISH_FORM_FIELDS,
  PublishFormValues,
  publishOf,
  readPublishForm,
} from './publish-form';

/**
 * A network's draft from its page: started from the network's SSIDs, based again on them once
 * they changed, discarded, and published at once or in stages, all through the services of the
 * draft routes, so that the page is refused exactly as the API is (full access to write; a
 * running rollout, an outdated draft and a draft gone meanwhile come back as an error flash).
 */
@Injectable()
export class DraftPagesService {
  constructor(
    private readonly drafts: ConfigDraftsService,
    private readonly publishing: DraftPublishingService,
    private readonly ssids: NetworkSsidsService,
    private readonly access: NetworkAccessPolicy,
  ) {}

  /** Starts the network's draft as a copy of its SSIDs (a draft it has already is kept). */
  async start(user: AuthUser, networkId: number): Promise<PageOutcome> {
    const network = await this.access.writable(user, networkId, networkNotFound);
    const page = `/networks/${network.id}`;
    if ((await this.existing(user, network.id)) !== null) {
      return refusedTo(page, 'This network has a draft already: edit it below.');
    }
    const live = await this.ssids.list(user, { network_id: network.id });
    return orRefusedTo(
      page,
      async () => {
        await this.drafts.write(user, network.id, draftEntries(live));
        return redirectTo(
          page,
          `Draft started with the network's ${plural(live.length, 'SSID')}: change it, then publish.`,
        );
      },
      draftRefusal,
    );
  }

  /** Writes the draft again as it is, based on the network's SSIDs as they are now. */
  async rebase(user: AuthUser, networkId: number): Promise<PageOutcome> {
    await this.access.writable(user, networkId, networkNotFound);
    const page = `/networks/${networkId}`;
    return orRefusedTo(
      page,
      async () => {
        const draft = await this.drafts.show(user, networkId);
        await this.drafts.write(user, networkId, draftEntries(draft.ssids));
        return redirectTo(page, "Draft based on the network's current SSIDs.");
      },
      draftRefusal,
    );
  }

  async discard(user: AuthUser, networkId: number): Promise<PageOutcome> {
    const page = `/networks/${networkId}`;
    return orRefusedTo(
      page,
      async () => {
        await this.drafts.remove(user, networkId);
        return redirectTo(page, 'Draft discarded.');
      },
      draftRefusal,
    );
  }

  /** The publish form with what the draft would change. */
  async publishForm(user: AuthUser, networkId: number): Promise<PageOutcome<PublishFormModel>> {
    await this.access.writable(user, networkId, networkNotFound);
    return orRefusedTo(
      `/networks/${networkId}`,
      () => this.form(user, networkId, BLANK_PUBLISH_FORM),
      draftRefusal,
    );
  }

  /**
   * Publishes the draft as the form says: at once (back to the network page) or in stages (to
   * the configuration rollout it started). Settings the API refuses show the form again (422).
   */
  async publish(
    user: AuthUser,
    networkId: number,
    body: unknown,
  ): Promise<PageOutcome<PublishFormModel>> {
    await this.access.writable(user, networkId, networkNotFound);
    const values = readPublishForm(body);
    const { settings, errors } = publishOf(values);
    const page = `/networks/${networkId}`;
    return orRefusedTo(
      page,
      async (): Promise<PageOutcome<PublishFormModel>> => {
        if (errors.length > 0) {
          return this.form(user, networkId, values, refused(errors));
        }
        const { network, config_rollout } = await this.publishing.publish(
          user,
          networkId,
          settings,
        );
        if (config_rollout === null) {
          return redirectTo(
            page,
            `Draft published: the devices of ${network.network_name} receive its SSIDs at their next check-in.`,
          );
        }
        return redirectTo(
          `/config-rollouts/${config_rollout.id}`,
          `Publishing in ${plural(config_rollout.stages.length, 'stage')}: configuration rollout ${config_rollout.id} started.`,
        );
      },
      draftRefusal,
    );
  }

  private async form(
    user: AuthUser,
    networkId: number,
    values: PublishFormValues,
    errors: FormErrors = NO_ERRORS,
  ): Promise<Shown<PublishFormModel>> {
    const network = await this.access.readable(user, networkId, networkNotFound);
    const diff = await this.drafts.diff(user, network.id);
    return showForm(PUBLISH_FORM, {
      title: `Publish the draft of ${network.network_name}`,
      section: 'networks',
      network: { id: network.id, name: network.network_name },
      diff: ssidDiffLines({ ...diff }),
      devicesText: plural(network.device_count, 'device'),
      values,
      errors,
    });
  }

  /** The network's draft with secrets, or null when it has none. */
  private async existing(user: AuthUser, networkId: number) {
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

const refused = (messages: string[]): FormErrors =>
  labelledFormErrors(messages, PUBLISH_FORM_FIELDS);
