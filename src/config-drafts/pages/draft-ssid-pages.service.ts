import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { NetworkSsidView } from '../../network-ssids/network-ssid.view';
import { ssidNotFound } from '../../network-ssids/network-ssids.errors';
import { NetworkAccessPolicy } from '../../networks/network-access.policy';
import { networkNotFound } from '../../networks/networks.errors';
import { SsidFormModel } from '../../network-routes/pages/network-page-views';
import {
  BLANK_SSID_FORM,
  readSaveAnyway,
  readSsidForm,
  ssidFormOf,
  toSsidInput,
} from '../../network-routes/pages/ssid-form';
import {
  refusedSsid,
  SsidFormPlace,
  ssidFormPage,
  unconfirmedSsidForm,
} from '../../network-routes/pages/ssid-form-page';
import { formFields, orFormAgain, orRefusedTo, trimmed } from '../../web/form';
import { PageOutcome, redirectTo, refusedTo, Shown } from '../../web/page-outcome';
import { ConfigDraftsService } from '../config-drafts.service';
import { DraftView } from '../draft.view';
import {
  draftEntries,
  draftFingerprint,
  entryMessages,
  withEntry,
  withoutEntry,
} from './draft-entries';
import { draftRefusal } from './draft-refusals';

/**
 * The SSID forms of a network's draft: the network's SSID form, against the draft. Each write
 * replaces the draft through ConfigDraftsService with one entry added, changed or removed, so it
 * is refused exactly as the API refuses a draft (the SSID rules of a create, names unique in the
 * draft), its messages beside the form's fields. An entry is named in paths by its position in
 * the draft, from 1. Full access to the network writes; read-only is refused (403).
 */
@Injectable()
export class DraftSsidPagesService {
  constructor(
    private readonly drafts: ConfigDraftsService,
    private readonly access: NetworkAccessPolicy,
  ) {}

  async newForm(user: AuthUser, networkId: number): Promise<Shown<SsidFormModel>> {
    const { network, draft } = await this.writableDraft(user, networkId);
    return ssidFormPage(place(network, draft, null), BLANK_SSID_FORM);
  }

  async editForm(
    user: AuthUser,
    networkId: number,
    position: number,
  ): Promise<Shown<SsidFormModel>> {
    const { network, draft } = await this.writableDraft(user, networkId);
    const ssid = entryAt(draft, position);
    return ssidFormPage(place(network, draft, { position, ssid }), ssidFormOf(ssid));
  }

  async create(
    user: AuthUser,
    networkId: number,
    body: unknown,
  ): Promise<PageOutcome<SsidFormModel>> {
    const { network, draft } = await this.writableDraft(user, networkId);
    return this.write(user, place(network, draft, null), draft, draft.ssids.length, null, body);
  }

  async update(
    user: AuthUser,
    networkId: number,
    position: number,
    body: unknown,
  ): Promise<PageOutcome<SsidFormModel>> {
    const { network, draft } = await this.writableDraft(user, networkId);
    const ssid = entryAt(draft, position);
    return this.write(
      user,
      place(network, draft, { position, ssid }),
      draft,
      position - 1,
      ssid,
      body,
    );
  }

  async remove(
    user: AuthUser,
    networkId: number,
    position: number,
    body: unknown,
  ): Promise<PageOutcome> {
    const { network, draft } = await this.writableDraft(user, networkId);
    const page = `/networks/${network.id}`;
    if (changedSince(draft, body)) {
      return refusedTo(page, DRAFT_CHANGED);
    }
    const ssid = entryAt(draft, position);
    return orRefusedTo(
      page,
      async () => {
        await this.drafts.write(
          user,
          network.id,
          withoutEntry(draftEntries(draft.ssids), position - 1),
        );
        return redirectTo(page, `SSID ${ssid.ssid_name} removed from the draft.`);
      },
      draftRefusal,
    );
  }

  /** Writes the draft with the form's SSID at `index` (a new one at the end), or the form again. */
  private async write(
    user: AuthUser,
    at: SsidFormPlace,
    draft: DraftView,
    index: number,
    ssid: NetworkSsidView | null,
    body: unknown,
  ): Promise<PageOutcome<SsidFormModel>> {
    const page = `/networks/${at.network.id}`;
    if (changedSince(draft, body)) {
      return refusedTo(page, DRAFT_CHANGED);
    }
    const values = readSsidForm(body);
    const confirmed = readSaveAnyway(body);
    const unconfirmed = unconfirmedSsidForm(at, values, confirmed);
    if (unconfirmed !== null) {
      return unconfirmed;
    }
    const vlan = (ssid?.v_lan_attributes as Record<string, unknown> | null | undefined) ?? null;
    return orRefusedTo(
      page,
      () =>
        orFormAgain(
          async () => {
            const entries = withEntry(draftEntries(draft.ssids), index, toSsidInput(values, vlan));
            await this.drafts.write(user, at.network.id, entries);
            return redirectTo(
              page,
              ssid
                ? `SSID ${values.ssid_name} saved in the draft.`
                : `SSID ${values.ssid_name} added to the draft.`,
            );
          },
          (messages) => ssidFormPage(at, values, refusedSsid(entryMessages(messages)), confirmed),
        ),
      draftRefusal,
    );
  }

  /** The network, when the caller may write it (else 404 or 403), and its draft (else 404). */
  private async writableDraft(user: AuthUser, networkId: number) {
    const network = await this.access.writable(user, networkId, networkNotFound);
    return { network, draft: await this.drafts.show(user, network.id) };
  }
}

/** The draft's SSID at `position` (from 1); 404 when the draft has none there. */
function entryAt(draft: DraftView, position: number): NetworkSsidView {
  const ssid = draft.ssids[position - 1];
  if (!ssid) {
    throw ssidNotFound();
  }
  return ssid;
}

const DRAFT_CHANGED =
  'The draft changed since this form was opened (saved in another tab, or by someone else), ' +
  'so nothing was saved: check the draft below and make the change again.';

/** Whether the draft changed since the posted form was opened on it. */
const changedSince = (draft: DraftView, body: unknown): boolean =>
  trimmed(formFields(body).draft_of) !== draftFingerprint(draft.ssids);

/** The form of a new SSID of the draft (null) or of its SSID at `position`. */
function place(
  network: { id: number; network_name: string },
  draft: DraftView,
  entry: { position: number; ssid: NetworkSsidView } | null,
): SsidFormPlace {
  const base = `/networks/${network.id}`;
  const path = entry && `${base}/draft/ssids/${entry.position}`;
  const hidden = [{ name: 'draft_of', value: draftFingerprint(draft.ssids) }];
  return {
    title: entry
      ? `Edit SSID ${entry.ssid.ssid_name} in the draft`
      : `New SSID in the draft of ${network.network_name}`,
    network,
    ssid: entry && { name: entry.ssid.ssid_name, stored: ssidFormOf(entry.ssid) },
    action: path ?? `${base}/draft/ssids`,
    cancel: base,
    submit: entry ? 'Save in draft' : 'Add to draft',
    remove: entry && {
      action: `${path}/delete`,
      question:
        entry.ssid.id === null
          ? `Remove SSID ${entry.ssid.ssid_name} from the draft?`
          : `Remove SSID ${entry.ssid.ssid_name} from the draft? Publishing the draft then deletes it from the network.`,
      yes: `Yes, remove SSID ${entry.ssid.ssid_name} from the draft`,
      hidden,
    },
    hidden,
  };
}
