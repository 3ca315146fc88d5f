import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { NetworkAccessPolicy } from '../../networks/network-access.policy';
import { networkNotFound } from '../../networks/networks.errors';
import { orRefusedTo } from '../../web/form';
import { PageOutcome, redirectTo, Shown, show } from '../../web/page-outcome';
import { pager } from '../../web/pager';
import { plural } from '../../web/plural';
import { timeUntil } from '../../web/time-ago';
import { ConfigRolloutsService } from '../config-rollouts.service';
import { CONFIG_OUTCOMES } from '../config-rollout.entity';
import { options } from '../../web/select-options';
import { ConfigRolloutStageView, ConfigRolloutView } from '../config-rollout.view';
import {
  CONFIG_ROLLOUT_LIST,
  CONFIG_ROLLOUT_PAGE,
  ConfigRolloutListModel,
  ConfigRolloutModel,
  ConfigRolloutRow,
  ConfigStageView,
} from './config-rollout-page-views';
import { ssidDiffLines } from './ssid-diff';

/** The rollout page lists this many of its devices a page, by stage then order. */
const DEVICES_PER_PAGE = 50;
/** A network's rollouts list shows this many a page, newest first. */
const ROLLOUTS_PER_PAGE = 25;
const OUTCOMES = ['succeeded', 'failed', 'skipped', 'waiting', 'pending'] as const;
const OUTCOME_TEXT: Record<string, string> = {
  pending: 'Stage not opened',
  waiting: 'Waiting',
  succeeded: 'Succeeded',
  failed: 'Failed',
  skipped: 'Skipped (down as its stage opened)',
};

/**
 * The configuration rollout pages on ConfigRolloutsService, the one the JSON API calls: a
 * network's rollouts, a rollout's stages and devices with their outcomes (refreshed live), and
 * its Halt and Revert, which need full access to its network as the API's do.
 */
@Injectable()
export class ConfigRolloutPagesService {
  constructor(
    private readonly rollouts: ConfigRolloutsService,
    private readonly access: NetworkAccessPolicy,
  ) {}

  /** The network's configuration rollouts, newest first. */
  async list(
    user: AuthUser,
    networkId: number,
    page: number,
  ): Promise<Shown<ConfigRolloutListModel>> {
    const network = await this.access.readable(user, networkId, networkNotFound);
    const { config_rollouts, meta } = await this.rollouts.list(user, {
      network_id: network.id,
      page,
      per_page: ROLLOUTS_PER_PAGE,
    });
    const base = `/networks/${network.id}/config-rollouts`;
    return show(CONFIG_ROLLOUT_LIST, {
      title: `Configuration rollouts of ${network.network_name}`,
      section: 'networks',
      network: { id: network.id, name: network.network_name },
      rollouts: config_rollouts.map(rolloutRow),
      pager: pager(meta, (n) => (n === 1 ? base : `${base}?page=${n}`)),
    });
  }

  /**
   * The rollout, its stages and a page of its devices with their outcomes: those with `outcome`
   * when it names one (a filter of the page), else all of them.
   */
  async show(
    user: AuthUser,
    id: number,
    page: number,
    outcome?: string,
  ): Promise<Shown<ConfigRolloutModel>> {
    const rollout = await this.rollouts.show(user, id);
    const filter = CONFIG_OUTCOMES.find((known) => known === outcome);
    const { devices, meta } = await this.rollouts.devices(user, id, {
      page,
      per_page: DEVICES_PER_PAGE,
      outcome: filter,
    });
    const base = `/config-rollouts/${id}`;
    const query = (n: number) =>
      new URLSearchParams([
        ...(filter ? [['outcome', filter]] : []),
        ...(n === 1 ? [] : [['page', String(n)]]),
      ]).toString();
    const canWrite = (await this.access.levelOn(user, rollout.network.id)) === 'full';
    const running = rollout.state === 'running';
    return show(CONFIG_ROLLOUT_PAGE, {
      title: `Configuration rollout ${rollout.id}`,
      section: 'networks',
      rollout,
      running,
      overThreshold: rollout.failure_percent > rollout.max_failure_percent,
      nextStageIn:
        running && rollout.next_stage_at !== null
          ? timeUntil(new Date(rollout.next_stage_at), new Date())
          : null,
      stages: rollout.stages.map(stageView),
      devices: devices.map((device) => ({
        ...device,
        outcomeText: OUTCOME_TEXT[device.outcome] ?? device.outcome,
      })),
      outcomes: options(
        CONFIG_OUTCOMES.map((value) => ({ value, label: OUTCOME_TEXT[value] })),
        filter,
      ),
      filtered: filter !== undefined,
      pager: pager(meta, (n) => (query(n) === '' ? base : `${base}?${query(n)}`)),
      diff: ssidDiffLines(rollout.diff),
      canWrite,
      revertible:
        rollout.state === 'halted' && !rollout.auto_revert && rollout.reverted.length === 0,
    });
  }

  async halt(user: AuthUser, id: number): Promise<PageOutcome> {
    return orRefusedTo(`/config-rollouts/${id}`, async () => {
      const rollout = await this.rollouts.halt(user, id);
      return redirectTo(
        `/config-rollouts/${id}`,
        rollout.auto_revert
          ? `Configuration rollout ${id} halted; its devices are given the network's configuration again.`
          : `Configuration rollout ${id} halted.`,
      );
    });
  }

  async revert(user: AuthUser, id: number): Promise<PageOutcome> {
    return orRefusedTo(`/config-rollouts/${id}`, async () => {
      const rollout = await this.rollouts.revert(user, id);
      return redirectTo(
        `/config-rollouts/${id}`,
        `Configuration rollout ${id} reverted: ${plural(rollout.reverted.length, 'device')} given the network's configuration again.`,
      );
    });
  }
}

/** A stage of the page: its devices in words and its bar, one segment an outcome with devices. */
function stageView(stage: ConfigRolloutStageView, k: number): ConfigStageView {
  const opened = stage.waiting + stage.succeeded + stage.failed + stage.skipped;
  const counts = { ...stage, pending: stage.devices - opened };
  return {
    ...counts,
    number: k + 1,
    devicesText: plural(stage.devices, 'device'),
    segments: OUTCOMES.filter((outcome) => counts[outcome] > 0).map((outcome) => ({
      outcome,
      count: counts[outcome],
      width: ((counts[outcome] / stage.devices) * 100).toFixed(2),
    })),
  };
}

/** A rollout as a row of the network's list. */
function rolloutRow(rollout: ConfigRolloutView): ConfigRolloutRow {
  const devices = rollout.stages.reduce((sum, stage) => sum + stage.devices, 0);
  const succeeded = rollout.stages.reduce((sum, stage) => sum + stage.succeeded, 0);
  const opened = rollout.stages.filter((stage) => stage.opened_at !== null).length;
  return {
    id: rollout.id,
    state: rollout.state,
    stagesText: `${opened} of ${rollout.stages.length} stages opened`,
    progress: `${succeeded} of ${devices} devices succeeded`,
    failure_percent: rollout.failure_percent,
    max_failure_percent: rollout.max_failure_percent,
    overThreshold: rollout.failure_percent > rollout.max_failure_percent,
    created_by: rollout.created_by.email,
    created_at: rollout.created_at,
    finished_at: rollout.finished_at,
  };
}
