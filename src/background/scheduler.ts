import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { JobName, SCHEDULE } from './schedule';

interface Job {
  name: JobName;
  run: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  busy: boolean;
}

/**
 * Runs the periodic jobs of SCHEDULE in this instance, each at its interval, never two passes of
 * one job at once in one process. A failed pass is logged and the next one tries again.
 *
 * `start` (at bootstrap) and `stop` (before shutdown: no pass starts, and those under way end)
 * may each be called again: a stopped scheduler holds every job until it is started. The test
 * harness does so around what it measures (test/harness/periodic-work.ts).
 */
@Injectable()
export class Scheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(Scheduler.name);
  private readonly jobs = new Map<JobName, Job>();
  private readonly running = new Set<Promise<unknown>>();
  private started = false;

  /** Runs `run` at the interval SCHEDULE gives `name`, while the scheduler is started. */
  every(name: JobName, run: () => Promise<unknown>): void {
    if (this.jobs.has(name)) {
      throw new Error(`the periodic job "${name}" is registered twice`);
    }
    const job: Job = { name, run, busy: false };
    this.jobs.set(name, job);
    if (this.started) {
      this.schedule(job);
    }
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  /** Starts every job's timer (the first pass after `firstAfterMs`); nothing when started. */
  start(): void {
    if (this.started) {
      return;
    }
    this.started = true;
    this.jobs.forEach((job) => this.schedule(job));
  }

  /** Starts no pass any more, and settles once the passes under way have ended. */
  async stop(): Promise<void> {
    this.started = false;
    for (const job of this.jobs.values()) {
      clearTimeout(job.timer);
      clearInterval(job.timer);
    }
    await Promise.allSettled([...this.running]);
  }

  private schedule(job: Job): void {
    const { everyMs, firstAfterMs = everyMs } = SCHEDULE[job.name] as {
      everyMs: number;
      firstAfterMs?: number;
    };
    job.timer = setTimeout(() => {
      job.timer = setInterval(() => this.tick(job), everyMs);
      job.timer.unref();
      this.tick(job);
    }, firstAfterMs);
    job.timer.unref();
  }

  private tick(job: Job): void {
    if (job.busy || !this.started) {
      return;
    }
    job.busy = true;
    const pass = job
      .run()
      .catch((error: unknown) => {
        // The database may be away for a while: the next pass tries again.
        this.logger.warn(`${job.name} failed: ${(error as Error).message}`);
      })
      .finally(() => {
        job.busy = false;
        this.running.delete(pass);
      });
    this.running.add(pass);
  }
}
