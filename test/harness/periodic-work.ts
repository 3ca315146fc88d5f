import { INestApplication } from '@nestjs/common';
import { Scheduler } from '../../src/background/scheduler';

/** How many callers hold each app's periodic work now. */
const holders = new WeakMap<INestApplication, number>();

/**
 * Runs `work` with the app's periodic jobs (the DOWN sweep, the alert evaluation, the queues'
 * polls…) stopped, once the passes under way have ended, and starts them again after it: for
 * the tests that count one request's SQL statements, or that must run one pass alone. Calls may
 * nest; the jobs start again when the outermost ends. A queue's own claims (a webhook batch that
 * ends claims the next at once) are no periodic job and go on.
 */
export async function withoutPeriodicWork<T>(
  app: INestApplication,
  work: () => Promise<T>,
): Promise<T> {
  const scheduler = app.get(Scheduler);
  const held = holders.get(app) ?? 0;
  holders.set(app, held + 1);
  try {
    if (held === 0) {
      await scheduler.stop();
    }
    return await work();
  } finally {
    const left = holders.get(app)! - 1;
    holders.set(app, left);
    if (left === 0) {
      scheduler.start();
    }
  }
}
