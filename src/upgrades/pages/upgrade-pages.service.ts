import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { StatusMessageError } from '../../common/errors';
import { isTimeZone, TIME_ZONES } from '../../common/time-zones/time-zones';
import { UpgradeRecord } from '../upgrade.view';
import { UpgradesService } from '../upgrades.service';
import { instantToZoned } from '../../common/time-zones/zoned-time';
import { PageOutcome } from '../../web/page-renderer';
import { UPGRADE_STATUSES } from '../upgrade.entity';
import { deviceSearch } from '../../devices/device-search';
import { pager } from '../../web/pager';
import { RolloutsService } from '../rollouts.service';
import {
  groupByRollout,
  UPGRADES_PER_PAGE,
  upgradeListHref,
  UpgradeListQuery,
} from './upgrade-list';
import { DEVICE_CHOICES, UpgradeTargetChoicesService } from '../upgrade-target-choices.service';
import {
  BLANK_FORM,
  formOf,
  isRefresh,
  readForm,
  toUpgradeInput,
  UpgradeFormValues,
} from './upgrade-form';

export type { PageOutcome } from '../../web/page-renderer';

const LIST = 'upgrades/pages/views/list';
const FORM = 'upgrades/pages/views/form';

/** The form offers the one list of time zones, UTC first. */
const FORM_TIME_ZONES = ['UTC', ...TIME_ZONES.filter((zone) => zone !== 'UTC')];

/**
 * The upgrade pages (SPEC 4.4 browser variant, CONTRACT 2): builds what the templates show from
 * UpgradesService, and turns a form post into a redirect to the list, or the same form again with
 * the service's message (422) when the input is refused.
 */
@Injectable()
export class UpgradePagesService {
  constructor(
    private readonly upgrades: UpgradesService,
    private readonly choices: UpgradeTargetChoicesService,
    private readonly rollouts: RolloutsService,
  ) {}

  /**
   * The list page (issue 13): a page of the upgrades the user may see, newest first, in one
   * status or all, under their rollouts; or only the upgrade with `id` (GET /upgrades/:id).
   */
  async list(user: AuthUser, query: UpgradeListQuery, id?: number): Promise<PageOutcome> {
    const { upgrades: records, meta } =
      id === undefined
        ? await this.upgrades.page(user, query.status ? { status: query.status } : {}, {
            page: query.page,
            per_page: UPGRADES_PER_PAGE,
          })
        : { upgrades: [await this.upgrades.show(user, id)], meta: null };
    const groups = groupByRollout(records.map(toRow));
    const rollouts = new Map(
      (
        await this.rollouts.findMany(
          user,
          groups.flatMap((group) => (group.rolloutId === null ? [] : [group.rolloutId])),
        )
      ).map((rollout) => [rollout.id, rollout]),
    );
    return {
      kind: 'page',
      template: LIST,
      status: 200,
      context: {
        title: 'Upgrades',
        section: 'upgrades',
        canWrite: user.role === 'admin',
        groups: groups.map((group) => ({
          headingId: `group-${group.rolloutId ?? 'none'}`,
          rollout: group.rolloutId === null ? null : (rollouts.get(group.rolloutId) ?? null),
          rolloutId: group.rolloutId,
          upgrades: group.upgrades,
        })),
        statuses: UPGRADE_STATUSES.map((value) => ({
          value,
          label: value.replace('_', ' '),
          selected: value === query.status,
        })),
        filtered: query.status !== undefined,
        exportHref: upgradeListHref({ ...query, page: 1 }).replace('/upgrades', '/upgrades.csv'),
        count: meta?.count ?? records.length,
        range:
          meta && meta.count > 0 && records.length > 0
            ? `Upgrades ${(meta.current - 1) * meta.per_page + 1} to ${(meta.current - 1) * meta.per_page + records.length} of ${meta.count}`
            : null,
        pager: meta && pager(meta, (page) => upgradeListHref({ ...query, page })),
      },
    };
  }

  /** The blank form, with the targets of `?aps=` chosen (the device or network page's link). */
  async newForm(user: AuthUser, query: Record<string, unknown> = {}): Promise<PageOutcome> {
    return this.form(user, null, { ...BLANK_FORM, aps: readForm({ aps: query.aps }).aps });
  }

  async editForm(user: AuthUser, id: number): Promise<PageOutcome> {
    const upgrade = await this.upgrades.show(user, id);
    return this.form(user, upgrade, formOf(upgrade));
  }

  async create(user: AuthUser, body: unknown): Promise<PageOutcome> {
    const values = readForm(body);
    if (isRefresh(body)) {
      return this.form(user, null, values);
    }
    return this.submit(user, null, values, async () => {
      const result = await this.upgrades.create(user, toUpgradeInput(values), { via: 'console' });
      return result.message;
    });
  }

  async update(user: AuthUser, id: number, body: unknown): Promise<PageOutcome> {
    const upgrade = await this.upgrades.show(user, id);
    const values = readForm(body);
    if (isRefresh(body)) {
      return this.form(user, upgrade, values);
    }
    return this.submit(user, upgrade, values, async () => {
      const result = await this.upgrades.update(user, id, toUpgradeInput(values), {
        via: 'console',
      });
      return result.message;
    });
  }

  async destroy(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.upgrades.destroy(user, id, { via: 'console' });
    return { kind: 'redirect', location: '/upgrades', message: `Upgrade ${id} deleted.` };
  }

  /** Runs the write; a 422 refusal shows the form again with the message, as posted. */
  private async submit(
    user: AuthUser,
    upgrade: UpgradeRecord | null,
    values: UpgradeFormValues,
    write: () => Promise<string>,
  ): Promise<PageOutcome> {
    try {
      return { kind: 'redirect', location: '/upgrades', message: `${await write()}.` };
    } catch (error) {
      if (error instanceof StatusMessageError && error.httpStatus === 422) {
        return this.form(user, upgrade, values, error.message);
      }
      throw error;
    }
  }

  /**
   * The form with its target picker (issue 13): networks and tags by name, devices by a search,
   * the chosen ones checked; and only the versions with firmware for the chosen targets'
   * hardware (with an edited upgrade's own device), or for the organisation's without a target.
   */
  private async form(
    user: AuthUser,
    upgrade: UpgradeRecord | null,
    values: UpgradeFormValues,
    error?: string,
  ): Promise<PageOutcome> {
    const targets = upgrade ? [`AP:${upgrade.device_id}`, ...values.aps] : values.aps;
    const versions = await this.upgrades.versionsForTargets(user, targets);
    const search = values.q === '' ? undefined : deviceSearch(values.q);
    const choices = await this.choices.choices(user, values.aps, search);
    const chosen = new Set(values.aps.map((entry) => entry.toLowerCase()));
    const choice = <T extends { target: string }>(item: T) => ({
      ...item,
      inputId: `target-${item.target.replace(':', '-').toLowerCase()}`,
      checked: chosen.has(item.target.toLowerCase()),
    });
    return {
      kind: 'page',
      template: FORM,
      status: error ? 422 : 200,
      context: {
        title: upgrade ? `Edit upgrade ${upgrade.id}` : 'New upgrade',
        section: 'upgrades',
        upgrade,
        action: upgrade ? `/upgrades/${upgrade.id}` : '/upgrades',
        error,
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
      },
    };
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

/**
 * The lifecycle of DEVICES 5 in a few words: the status with the last progress while in
 * progress, the error of a failure, the version it replaced.
 */
export function statusText(upgrade: UpgradeRecord): string {
  const parts: string[] = [upgrade.status.replace('_', ' ')];
  if (upgrade.status === 'in_progress' && upgrade.progress !== null) {
    parts[0] += ` (${upgrade.progress} %)`;
  }
  if (upgrade.status === 'failed' && upgrade.error) {
    parts.push(`error: ${upgrade.error}`);
  }
  if (upgrade.previous_version) {
    parts.push(`was ${upgrade.previous_version}`);
  }
  return parts.join(' · ');
}

/** A row of the list page. */
function toRow(upgrade: UpgradeRecord) {
  const zone = upgrade.time_zone && isTimeZone(upgrade.time_zone) ? upgrade.time_zone : 'UTC';
  return {
    ...upgrade,
    targets: upgrade.aps.join(', '),
    pending: upgrade.status === 'pending',
    statusText: statusText(upgrade),
    schedule:
      upgrade.schedule_type === 'later' && upgrade.schedule_at
        ? `${instantToZoned(upgrade.schedule_at, zone).replace('T', ' ')} (${zone})`
        : 'Now',
  };
}
