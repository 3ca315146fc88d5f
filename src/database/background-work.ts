import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';

interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  busy: boolean;
}

/**
 * The periodic work every instance runs (the DOWN sweep, the fleet history samples, retention).
 * Each job runs on its own interval, never twice at once in one process; what it changes is
 * decided in the database (conditional updates, unique keys), so any number of instances may run
 * it. A failed pass is logged and the next one tries again. `whilePaused` holds every job while
 * some work runs (the tests that count one request's SQL statements).
 */
@Injectable()
export class BackgroundWork implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BackgroundWork.name);
  private readonly jobs: Job[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private paused = 0;
  private started = false;

  /** Runs `run` every `everyMs` milliseconds once the application has started. */
  every(name: string, everyMs: number, run: () => Promise<unknown>): void {
    const job: Job = { name, everyMs, run, busy: false };
    this.jobs.push(job);
    if (this.started) {
      this.start(job);
    }
  }

  onApplicationBootstrap(): void {
    this.started = true;
    this.jobs.forEach((job) => this.start(job));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.started = false;
    for (const job of this.jobs) {
      clearInterval(job.timer);
    }
    await Promise.allSettled([...this.running]);
  }

  /** Runs `work` with no job in flight or starting; the skipped passes happen at the next tick. */
  async whilePaused<T>(work: () => Promise<T>): Promise<T> {
    this.paused++;
    try {
      await Promise.allSettled([...this.running]);
      return await work();
    } finally {
      this.paused--;
    }
  }

  private start(job: Job): void {
    job.timer = setInterval(() => this.tick(job), job.everyMs);
    job.timer.unref();
  }

  private tick(job: Job): void {
    if (this.paused > 0 || job.busy || !this.started) {
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
