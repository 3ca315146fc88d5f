import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { readId } from '../../common/ids/id';
import { RolloutRecord } from '../rollout.view';
import { rolloutNotFound } from '../rollouts.errors';
import { RolloutsService } from '../rollouts.service';
import { PageOutcome } from './upgrade-pages.service';

const ROLLOUT = 'upgrades/pages/views/rollout';
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
  constructor(private readonly rollouts: RolloutsService) {}

  async show(user: AuthUser, id: number): Promise<PageOutcome> {
    const rollout = await this.rollouts.show(user, id);
    return { kind: 'page', template: ROLLOUT, status: 200, context: pageContext(rollout) };
  }

  async halt(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.rollouts.halt(user, id, 'console');
    return { kind: 'redirect', location: `/rollouts/${id}`, message: `Rollout ${id} halted.` };
  }
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
      segments: SEGMENTS.filter((status) => stage[status] > 0).map((status) => ({
        status,
        label: status.replace('_', ' '),
        count: stage[status],
        width: ((stage[status] / stage.devices) * 100).toFixed(2),
      })),
    })),
  };
}
