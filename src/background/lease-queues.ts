import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { DAY_MS } from '../common/time-window/time-window';
import { UnitOfWork } from '../database/unit-of-work';
import { LeaseQueue } from './lease-queue';
import { QueueLeasesRepository } from './queue-leases.repository';
import { QueueItem, QueueKey, QueueLimits, QueueSource } from './queue-source';
import { AttemptEnd } from './retry-schedule';
import { Scheduler } from './scheduler';

/**
 * Makes the lease queues of the features (a webhook's deliveries, the e-mail outbox), polls each
 * at its interval of SCHEDULE, and stops them all before shutdown (their leases released, so that
 * another instance goes on at once). Deletes the leases that ended a day ago.
 */
@Injectable()
export class LeaseQueues implements BeforeApplicationShutdown {
  private readonly queues: LeaseQueue<QueueKey, QueueItem, AttemptEnd>[] = [];

  constructor(
    private readonly scheduler: Scheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly leases: QueueLeasesRepository,
  ) {
    scheduler.every('queue leases retention', () =>
      this.unitOfWork.run(() => this.leases.forgetEnded(new Date(Date.now() - DAY_MS))),
    );
  }

  /** A queue draining `source` within `limits`, polled from now on. */
  create<K extends QueueKey, I extends QueueItem, R extends AttemptEnd>(
    source: QueueSource<K, I, R>,
    limits: QueueLimits,
  ): LeaseQueue<K, I, R> {
    const queue = new LeaseQueue(source, limits, this.unitOfWork, this.leases);
    this.queues.push(queue as unknown as LeaseQueue<QueueKey, QueueItem, AttemptEnd>);
    this.scheduler.every(limits.name, () => queue.pumpSoon());
    return queue;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.stop()));
  }
}
