import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { PageOutcome, redirectTo, Shown, show } from '../../web/page-outcome';
import { pager } from '../../web/pager';
import { plural } from '../../web/plural';
import { timeUntil } from '../../web/time-ago';
import { RolloutRecord } from '../rollout.view';
import { RolloutsService } from '../rollouts.service';
import { UpgradesService } from '../upgrades.service';
import {
  ROLLOUT_LIST,
  ROLLOUT_PAGE,
  RolloutListModel,
  RolloutModel,
  RolloutRow,
  StageView,
} from './upgrade-page-views';

/** The rollouts list shows this many a page, newest first. */
const ROLLOUTS_PER_PAGE = 25;
/** The rollout page lists this many of its failed devices. */
const FAILED_SHOWN = 100;
const SEGMENTS = ['done', 'failed', 'in_progress', 'pending', 'cancelled'] as const;

/**
 * The rollout pages: the list, a rollout's stage bars, failure percentage, reverts, when a waiting
 * stage opens, and the Halt and Advance buttons.
 */
@Injectable()
export class RolloutPagesService {
  constructor(
    private readonly rollouts: RolloutsService,
    private readonly upgrades: UpgradesService,
  ) {}

  /** The rollouts, newest first: state, version, progress and failures at a glance. */
  async list(user: AuthUser, page: number): Promise<Shown<RolloutListModel>> {
    const { rollouts, meta } = await this.rollouts.list(user, {
      page,
      per_page: ROLLOUTS_PER_PAGE,
    });
    return show(ROLLOUT_LIST, {
      title: 'Rollouts',
      section: 'upgrades',
      rollouts: rollouts.map(rolloutRow),
      pager: pager(meta, (n) => (n === 1 ? '/rollouts' : `/rollouts?page=${n}`)),
    });
  }

  /** The rollout with its failed devices (the first FAILED_SHOWN, oldest first) and their errors. */
  async show(user: AuthUser, id: number): Promise<Shown<RolloutModel>> {
    const rollout = await this.rollouts.show(user, id);
    const failed = await this.upgrades.page(
      user,
      { rollout_id: id, status: 'failed' },
      { page: 1, per_page: FAILED_SHOWN },
      true,
    );
    return show(ROLLOUT_PAGE, {
      title: `Rollout ${rollout.id}`,
      section: 'upgrades',
      rollout,
      running: rollout.state === 'running',
      nextStageIn:
        rollout.state === 'running' && rollout.next_stage_at !== null
          ? timeUntil(new Date(rollout.next_stage_at), new Date())
          : null,
      overThreshold: overThreshold(rollout),
      stages: rollout.stages.map(stageView),
      failed: failed.upgrades,
      failedMore:
        failed.meta.count > failed.upgrades.length
          ? `The first ${failed.upgrades.length} of ${failed.meta.count} failed devices are listed.`
          : null,
    });
  }

  async halt(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.rollouts.halt(user, id, 'console');
    return redirectTo(`/rollouts/${id}`, `Rollout ${id} halted.`);
  }

  /** Opens the rollout's waiting stage now (the Advance button). */
  async advance(user: AuthUser, id: number): Promise<PageOutcome> {
    const rollout = await this.rollouts.advance(user, id, 'console');
    const opened = rollout.stages.filter((stage) => stage.opened_at !== null).length;
    return redirectTo(`/rollouts/${id}`, `Stage ${opened} of rollout ${id} opened.`);
  }
}

/** A rollout as a row of the list: how far it got, over every stage. */
function rolloutRow(rollout: RolloutRecord): RolloutRow {
  const devices = rollout.stages.reduce((sum, stage) => sum + stage.devices, 0);
  const done = rollout.stages.reduce((sum, stage) => sum + stage.done, 0);
  const opened = rollout.stages.filter((stage) => stage.opened_at !== null).length;
  return {
    ...rollout,
    progress: `${done} of ${devices} devices done`,
    stagesText: `${opened} of ${rollout.stages.length} stages opened`,
    overThreshold: overThreshold(rollout),
  };
}

const overThreshold = (rollout: RolloutRecord) =>
  rollout.failure_percent > rollout.max_failure_percent;

/** A stage of the rollout page: its bar's segments, one a status with devices in it. */
function stageView(stage: RolloutRecord['stages'][number], k: number): StageView {
  return {
    ...stage,
    number: k + 1,
    devicesText: plural(stage.devices, 'device'),
    segments: SEGMENTS.filter((status) => stage[status] > 0).map((status) => ({
      status,
      label: status.replace('_', ' '),
      count: stage[status],
      width: ((stage[status] / stage.devices) * 100).toFixed(2),
    })),
  };
}
