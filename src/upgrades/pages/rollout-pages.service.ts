import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { readId } from '../../common/ids/id';
import { pager } from '../../web/pager';
import { RolloutRecord } from '../rollout.view';
import { rolloutNotFound } from '../rollouts.errors';
import { RolloutsService } from '../rollouts.service';
import { PageOutcome } from './upgrade-pages.service';
import { UpgradesService } from '../upgrades.service';
import { plural } from '../../web/plural';

const ROLLOUT = 'upgrades/pages/views/rollout';
const LIST = 'upgrades/pages/views/rollouts';
/** The rollouts list shows this many a page, newest first. */
const ROLLOUTS_PER_PAGE = 25;
/** The rollout page lists this many of its failed devices. */
const FAILED_SHOWN = 100;
const SEGMENTS = ['done', 'failed', 'in_progress', 'pending', 'cancelled'] as const;

/** The `:id` of a rollout page (404 when it is not an id at all). */
export function pageRolloutId(value: string | undefined): number {
  const id = readId(value);
  if (id === undefined) {
    throw rolloutNotFound();
  }
  return id;
}

/** The rollout page (DEVICES 6): stage bars, failure percentage, reverts and the Halt button. */
@Injectable()
export class RolloutPagesService {
  constructor(
    private readonly rollouts: RolloutsService,
    private readonly upgrades: UpgradesService,
  ) {}

  /** The rollouts, newest first: state, version, progress and failures at a glance (issue 29). */
  async list(user: AuthUser, page: number): Promise<PageOutcome> {
    const { rollouts, meta } = await this.rollouts.list(user, {
      page,
      per_page: ROLLOUTS_PER_PAGE,
    });
    return {
      kind: 'page',
      template: LIST,
      status: 200,
      context: {
        title: 'Rollouts',
        section: 'upgrades',
        rollouts: rollouts.map(rolloutRow),
        pager: pager(meta, (n) => (n === 1 ? '/rollouts' : `/rollouts?page=${n}`)),
      },
    };
  }

  /** The rollout with its failed devices (the first FAILED_SHOWN, oldest first) and their errors. */
  async show(user: AuthUser, id: number): Promise<PageOutcome> {
    const rollout = await this.rollouts.show(user, id);
    const failed = await this.upgrades.page(
      user,
      { rollout_id: id, status: 'failed' },
      { page: 1, per_page: FAILED_SHOWN },
      true,
    );
    return {
      kind: 'page',
      template: ROLLOUT,
      status: 200,
      context: {
        ...pageContext(rollout),
        failed: failed.upgrades,
        failedMore:
          failed.meta.count > failed.upgrades.length
            ? `The first ${failed.upgrades.length} of ${failed.meta.count} failed devices are listed.`
            : null,
      },
    };
  }

  async halt(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.rollouts.halt(user, id, 'console');
    return { kind: 'redirect', location: `/rollouts/${id}`, message: `Rollout ${id} halted.` };
  }
}

/** A rollout as a row of the list: how far it got, over every stage. */
function rolloutRow(rollout: RolloutRecord) {
  const devices = rollout.stages.reduce((sum, stage) => sum + stage.devices, 0);
  const done = rollout.stages.reduce((sum, stage) => sum + stage.done, 0);
  const opened = rollout.stages.filter((stage) => stage.opened_at !== null).length;
  return {
    ...rollout,
    progress: `${done} of ${devices} devices done`,
    stagesText: `${opened} of ${rollout.stages.length} stages opened`,
    overThreshold: rollout.failure_percent > rollout.max_failure_percent,
  };
}

function pageContext(rollout: RolloutRecord) {
  return {
    title: `Rollout ${rollout.id}`,
    section: 'upgrades',
    rollout,
    running: rollout.state === 'running',
    overThreshold: rollout.failure_percent > rollout.max_failure_percent,
    stages: rollout.stages.map((stage, k) => ({
      ...stage,
      number: k + 1,
      devicesText: plural(stage.devices, 'device'),
      segments: SEGMENTS.filter((status) => stage[status] > 0).map((status) => ({
        status,
        label: status.replace('_', ' '),
        count: stage[status],
        width: ((stage[status] / stage.devices) * 100).toFixed(2),
      })),
    })),
  };
}
