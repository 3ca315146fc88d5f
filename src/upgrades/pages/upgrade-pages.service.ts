import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { TIME_ZONES } from '../../common/time-zones/time-zones';
import { UpgradeRecord } from '../upgrade.view';
import { UpgradesService } from '../upgrades.service';
import { formErrors, orFormAgain, showForm } from '../../web/form';
import { PageOutcome, redirectTo, Shown, show } from '../../web/page-outcome';
import { options } from '../../web/select-options';
import { UPGRADE_STATUSES } from '../../firmware/upgrade.entity';
import { deviceSearch } from '../../devices/device-search';
import { pager } from '../../web/pager';
import { RolloutsService } from '../rollouts.service';
import {
  groupByRollout,
  UPGRADES_PER_PAGE,
  upgradeListHref,
  UpgradeListQuery,
} from './upgrade-list';
import { requestHref } from './upgrade-request-paths';
import { UpgradeRequestsService } from '../upgrade-requests.service';
import { requestRow, toRow } from './upgrade-rows';
import { DEVICE_CHOICES, UpgradeTargetChoicesService } from '../upgrade-target-choices.service';
import {
  BLANK_FORM,
  formOf,
  isRefresh,
  readForm,
  toUpgradeInput,
  UpgradeFormValues,
} from './upgrade-form';

import {
  UPGRADE_FORM,
  UPGRADE_LIST,
  UpgradeFormModel,
  UpgradeListModel,
} from './upgrade-page-views';

/** The list shows this many of the newest requests above the upgrades. */
const RECENT_REQUESTS = 10;

/** The form offers the one list of time zones, UTC first. */
const FORM_TIME_ZONES = ['UTC', ...TIME_ZONES.filter((zone) => zone !== 'UTC')];

/**
 * The upgrade pages: builds what the templates show from UpgradesService, and turns a form post
 * into a redirect, or the same form again with the service's message (422) when the input is
 * refused.
 */
@Injectable()
export class UpgradePagesService {
  constructor(
    private readonly upgrades: UpgradesService,
    private readonly choices: UpgradeTargetChoicesService,
    private readonly rollouts: RolloutsService,
    private readonly requests: UpgradeRequestsService,
  ) {}

  /**
   * The list page: a page of the upgrades the user may see, newest or oldest first, filtered by
   * status, version and network, under their rollouts, below the newest requests with an
   * upgrade that matches; or only the upgrade with `id` (GET /upgrades/:id).
   */
  async list(
    user: AuthUser,
    query: UpgradeListQuery,
    id?: number,
  ): Promise<Shown<UpgradeListModel>> {
    const filter = {
      ...(query.status ? { status: query.status } : {}),
      ...(query.version === undefined ? {} : { version: query.version }),
      ...(query.network_id === undefined ? {} : { network_id: query.network_id }),
    };
    const { upgrades: records, meta } =
      id === undefined
        ? await this.upgrades.page(
            user,
            filter,
            { page: query.page, per_page: UPGRADES_PER_PAGE },
            query.oldest,
          )
        : { upgrades: [await this.upgrades.show(user, id)], meta: null };
    const requests =
      id === undefined ? await this.requests.newest(user, filter, RECENT_REQUESTS) : [];
    const networks = id === undefined ? await this.choices.readableNetworks(user) : [];
    const groups = groupByRollout(records.map(toRow));
    const rollouts = new Map(
      (
        await this.rollouts.findMany(
          user,
          groups.flatMap((group) => (group.rolloutId === null ? [] : [group.rolloutId])),
        )
      ).map((rollout) => [rollout.id, rollout]),
    );
    return show(UPGRADE_LIST, {
      title: 'Upgrades',
      section: 'upgrades',
      canWrite: user.role === 'admin',
      groups: groups.map((group) => ({
        headingId: `group-${group.rolloutId ?? 'none'}`,
        rollout: group.rolloutId === null ? null : (rollouts.get(group.rolloutId) ?? null),
        rolloutId: group.rolloutId,
        upgrades: group.upgrades,
      })),
      statuses: options(
        UPGRADE_STATUSES.map((value) => ({ value, label: value.replace('_', ' ') })),
        query.status,
      ),
      filtered: Object.keys(filter).length > 0,
      version: query.version ?? '',
      networks: options(
        networks.map((network) => ({ value: String(network.id), label: network.name })),
        query.network_id === undefined ? undefined : String(query.network_id),
      ),
      oldest: query.oldest === true,
      showFilters: id === undefined,
      requests: requests.map(requestRow),
      exportHref: upgradeListHref({ ...query, page: 1 }).replace('/upgrades', '/upgrades.csv'),
      count: meta?.count ?? records.length,
      range:
        meta && meta.count > 0 && records.length > 0
          ? `Upgrades ${(meta.current - 1) * meta.per_page + 1} to ${(meta.current - 1) * meta.per_page + records.length} of ${meta.count}`
          : null,
      pager: meta && pager(meta, (page) => upgradeListHref({ ...query, page })),
    });
  }

  /** The blank form, with the targets of `?aps=` chosen (the device or network page's link). */
  newForm(user: AuthUser, query: Record<string, unknown> = {}): Promise<Shown<UpgradeFormModel>> {
    return this.form(user, null, { ...BLANK_FORM, aps: readForm({ aps: query.aps }).aps });
  }

  async editForm(user: AuthUser, id: number): Promise<Shown<UpgradeFormModel>> {
    const upgrade = await this.upgrades.show(user, id);
    return this.form(user, upgrade, formOf(upgrade));
  }

  async create(user: AuthUser, body: unknown): Promise<PageOutcome<UpgradeFormModel>> {
    const values = readForm(body);
    if (isRefresh(body)) {
      return this.form(user, null, values);
    }
    // A create lands on its request's summary, not on one row of 200 in the list.
    return orFormAgain(
      async () => {
        const input = toUpgradeInput(values);
        const result = await this.upgrades.create(user, input, { via: 'console' });
        return redirectTo(requestHref(result.request_id), `${result.message}.`);
      },
      (messages) => this.form(user, null, values, messages),
    );
  }

  async update(user: AuthUser, id: number, body: unknown): Promise<PageOutcome<UpgradeFormModel>> {
    const upgrade = await this.upgrades.show(user, id);
    const values = readForm(body);
    if (isRefresh(body)) {
      return this.form(user, upgrade, values);
    }
    return orFormAgain(
      async () => {
        const input = toUpgradeInput(values);
        const result = await this.upgrades.update(user, id, input, { via: 'console' });
        return redirectTo('/upgrades', `${result.message}.`);
      },
      (messages) => this.form(user, upgrade, values, messages),
    );
  }

  async destroy(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.upgrades.destroy(user, id, { via: 'console' });
    return redirectTo('/upgrades', `Upgrade ${id} deleted.`);
  }

  /**
   * The form with its target picker: networks and tags by name, devices by a search,
   * the chosen ones checked; and only the versions with firmware for the chosen targets'
   * hardware (with an edited upgrade's own device), or for the organisation's without a target.
   */
  private async form(
    user: AuthUser,
    upgrade: UpgradeRecord | null,
    values: UpgradeFormValues,
    messages: string[] = [],
  ): Promise<Shown<UpgradeFormModel>> {
    const targets = upgrade ? [`AP:${upgrade.device_id}`, ...values.aps] : values.aps;
    const versions = await this.upgrades.versionsForTargets(user, targets);
    const search = values.q === '' ? undefined : deviceSearch(values.q);
    const choices = await this.choices.choices(user, values.aps, search);
    const chosen = new Set(values.aps.map((entry) => entry.toLowerCase()));
    const choice = <T extends { target: string }>(item: T) => ({
      ...item,
      inputId: `target-${item.target.replace(':', '-').toLowerCase()}`,
      value: item.target,
      checked: chosen.has(item.target.toLowerCase()),
    });
    return showForm(UPGRADE_FORM, {
      title: upgrade ? `Edit upgrade ${upgrade.id}` : 'New upgrade',
      section: 'upgrades',
      upgrade,
      action: upgrade ? `/upgrades/${upgrade.id}` : '/upgrades',
      errors: formErrors(messages, {}),
      values,
      networks: choices.networks.map(choice),
      tags: choices.tags.map(choice),
      devices: choices.devices.map(choice),
      deviceCount: deviceCountText(choices.matching, values.q),
      versions: versions.map((v) => ({
        version: v.version,
        label: [
          v.version,
          v.is_released ? null : 'unreleased',
          v.organisation_id === null ? null : 'organisation build',
        ]
          .filter(Boolean)
          .join(' · '),
      })),
      versionHint:
        targets.length > 0
          ? versions.length > 0
            ? 'Versions with firmware for the hardware of every chosen device.'
            : 'No version has firmware for the hardware of every chosen device.'
          : "Versions with firmware for your organisation's hardware; choosing targets narrows them.",
      timeZones: FORM_TIME_ZONES,
    });
  }
}

/** What the device list of the picker holds, in a sentence. */
export function deviceCountText(matching: number, q: string): string {
  const count = `${matching} ${matching === 1 ? 'device' : 'devices'}`;
  const found = q === '' ? count : `${count} ${matching === 1 ? 'matches' : 'match'} “${q}”`;
  return matching > DEVICE_CHOICES
    ? `${found}; the first ${DEVICE_CHOICES} are listed, search to narrow them.`
    : `${found}.`;
}
