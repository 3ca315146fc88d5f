process.env.TZ = 'UTC';
import { Rollout } from '../../src/firmware/rollout.entity';
import { Upgrade } from '../../src/firmware/upgrade.entity';
import { RolloutStages } from '../../src/upgrades/rollout-stages.service';
import { migratedPostgresDatabase, onBothDatabases, startApp, TestApp } from '../harness/app';
import { eventFixtures } from '../harness/events.helpers';
import { withoutPeriodicWork } from '../harness/periodic-work';
import { rolloutFixtures, stage } from '../harness/rollouts.helpers';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const HOUR = 3600;

/**
 * The soak time between stages (`stage_wait_seconds`): a finished stage's successor opens that
 * many seconds later, by the periodic work of every instance (once however many run), or at once
 * by `POST /v1/rollouts/:id/advance`.
 */
function soakFixtures(t: () => TestApp) {
  const r = rolloutFixtures(t);
  const e = eventFixtures(t);

  /**
   * Two devices, stage 1 holding device 0 and stage 2 device 1, with this soak time; stage 1's
   * upgrade reported done when `finish` says so.
   */
  async function waiting(wait: number, finish = true) {
    const fleet = await r.fleet(2);
    const body = await r.createRollout(fleet.admin, fleet.devices, {
      stages: [50, 100],
      stage_wait_seconds: wait,
    });
    const up = (i: number) => r.upgradeOf(body, fleet.devices[i]);
    if (finish) {
      await r.report(fleet.devices[0], up(0), 'done');
    }
    return { ...fleet, body, id: body.data.rollout.id, up };
  }

  /** Moves the rollout's next_stage_at to `seconds` ago (as if the soak time had passed). */
  const due = (id: number, seconds = 1) =>
    t()
      .dataSource.getRepository(Rollout)
      .update({ id }, { next_stage_at: new Date(Date.now() - seconds * 1000) });

  const sweep = (app = t()) => app.app.get(RolloutStages).sweep();

  /** The stages the organisation's rollout.stage_opened events name, oldest first. */
  const openedEvents = async (auth: Record<string, string>) =>
    (await e.events(auth, { type: 'rollout.stage_opened' }))
      .map((event) => event.data.stage as number)
      .sort();

  return { r, e, waiting, due, sweep, openedEvents };
}

onBothDatabases('the soak time between rollout stages', (t) => {
  const { r, e, waiting, due, sweep, openedEvents } = soakFixtures(t);

  it('records when a stage finished and when the next opens, and keeps the next closed until then', async () => {
    const { admin, devices, body, id } = await waiting(HOUR);
    expect(body.data.rollout).toMatchObject({ stage_wait_seconds: HOUR, next_stage_at: null });
    const shown = await r.show(admin, id);
    expect(shown).toEqual({
      ...body.data.rollout,
      stages: [stage(50, 1, true, { done: 1 }), stage(100, 1, false, { pending: 1 })],
      next_stage_at: ISO,
    });
    const finishedAt = (shown.stages as { finished_at: string }[])[0].finished_at;
    expect(Date.parse(shown.next_stage_at as string) - Date.parse(finishedAt)).toBe(HOUR * 1000);
    // Stage 2's upgrade is not handed out, and a pass of the sweep opens nothing yet.
    expect(await r.checkin(devices[1])).toBeNull();
    expect(await withoutPeriodicWork(t().app, () => sweep())).toBe(0);
    expect(await openedEvents(admin.auth)).toEqual([1]);
  });

  it('opens the next stage once when its time has passed, however many passes run at once, then completes', async () => {
    const { admin, devices, id, up } = await waiting(HOUR);
    const passes = await withoutPeriodicWork(t().app, async () => {
      await due(id);
      return Promise.all([sweep(), sweep(), sweep()]);
    });
    expect(passes.reduce((sum, moved) => sum + moved, 0)).toBe(1);
    expect(await r.show(admin, id)).toMatchObject({
      state: 'running',
      stages: [stage(50, 1, true, { done: 1 }), stage(100, 1, true, { pending: 1 })],
      next_stage_at: null,
    });
    expect(await openedEvents(admin.auth)).toEqual([1, 2]);
    const [opened] = await e.events(admin.auth, { type: 'rollout.stage_opened', per_page: 1 });
    expect(opened).toMatchObject({
      actor: { type: 'system' },
      data: { rollout_id: id, version: '2.0.0', stage: 2, failure_percent: 0, reason: null },
    });
    expect(await r.checkin(devices[1])).toEqual(expect.objectContaining({ id: up(1) }));
    // The last stage completes the rollout at once: there is nothing to wait for.
    await r.report(devices[1], up(1), 'done');
    expect(await r.show(admin, id)).toMatchObject({
      state: 'completed',
      stages: [stage(50, 1, true, { done: 1 }), stage(100, 1, true, { done: 1 })],
      next_stage_at: null,
      finished_at: ISO,
    });
  });

  it('opens the next stage within 5 s of its time with nobody reading', async () => {
    const { admin, id } = await waiting(1);
    const stage2 = await e.eventually(async () => {
      const stages = await openedEvents(admin.auth);
      return stages.includes(2) ? stages : undefined;
    }, 6000);
    expect(stage2).toEqual([1, 2]);
    const rollout = await r.show(admin, id);
    const stages = rollout.stages as { opened_at: string; finished_at: string }[];
    expect(
      Date.parse(stages[1].opened_at) - Date.parse(stages[0].finished_at),
    ).toBeGreaterThanOrEqual(1000);
    expect(Date.parse(stages[1].opened_at) - Date.parse(stages[0].finished_at)).toBeLessThanOrEqual(
      6000,
    );
    expect(rollout.next_stage_at).toBeNull();
  });

  it('advances: opens the waiting stage now, by the admin; 422 1039 when no stage waits', async () => {
    const { admin, devices, body, id, up } = await waiting(HOUR, false);
    const advance = () => t().http().post(`/v1/rollouts/${id}/advance`).set(admin.auth);
    // Stage 1 has not finished: nothing waits.
    expect((await advance().expect(422)).body).toEqual({
      msg: 'No stage is waiting: the current stage has not finished',
      error_code: 1039,
    });
    await r.report(devices[0], up(0), 'done');
    const res = await advance().expect(200);
    expect(res.body).toEqual({
      data: {
        rollout: {
          ...body.data.rollout,
          stages: [stage(50, 1, true, { done: 1 }), stage(100, 1, true, { pending: 1 })],
          next_stage_at: null,
        },
      },
      status: 200,
    });
    const [opened] = await e.events(admin.auth, { type: 'rollout.stage_opened', per_page: 1 });
    expect(opened).toMatchObject({
      actor: { type: 'user', id: admin.userId, email: expect.any(String), via: 'api' },
      data: { rollout_id: id, stage: 2 },
    });
    expect(await openedEvents(admin.auth)).toEqual([1, 2]);
    expect(await r.checkin(devices[1])).toEqual(expect.objectContaining({ id: up(1) }));
    // Stage 2 runs: nothing waits again.
    expect((await advance().expect(422)).body).toEqual({
      msg: 'No stage is waiting: the current stage has not finished',
      error_code: 1039,
    });
    await r.report(devices[1], up(1), 'done');
    expect((await advance().expect(422)).body).toEqual({
      msg: 'Rollout is not running',
      error_code: 1039,
    });
  });

  it("answers 404 1038 for another organisation's rollout and 403 1029 to a member, changing nothing", async () => {
    const { admin, id } = await waiting(HOUR);
    const other = await t().fixtures.admin();
    expect(
      (await t().http().post(`/v1/rollouts/${id}/advance`).set(other.auth).expect(404)).body,
    ).toEqual({ msg: 'Rollout not found', error_code: 1038 });
    const member = await t().fixtures.member(admin.orgId);
    expect(
      (await t().http().post(`/v1/rollouts/${id}/advance`).set(member.auth).expect(403)).body,
    ).toEqual({ msg: expect.any(String), error_code: 1029 });
    expect(await r.show(admin, id)).toMatchObject({
      stages: [stage(50, 1, true, { done: 1 }), stage(100, 1, false, { pending: 1 })],
      next_stage_at: ISO,
    });
  });

  it('opens no stage of a rollout halted while it waits', async () => {
    const { admin, devices, id } = await waiting(HOUR);
    const halted = await t().http().post(`/v1/rollouts/${id}/halt`).set(admin.auth).expect(200);
    expect(halted.body.data.rollout).toMatchObject({
      state: 'halted',
      stages: [stage(50, 1, true, { done: 1 }), stage(100, 1, false, { cancelled: 1 })],
      next_stage_at: null,
    });
    const passes = await withoutPeriodicWork(t().app, async () => {
      await due(id);
      return Promise.all([sweep(), sweep()]);
    });
    expect(passes).toEqual([0, 0]);
    expect(await openedEvents(admin.auth)).toEqual([1]);
    expect(
      (await t().http().post(`/v1/rollouts/${id}/advance`).set(admin.auth).expect(422)).body,
    ).toEqual({ msg: 'Rollout is not running', error_code: 1039 });
    expect(await r.checkin(devices[1])).toBeNull();
  });

  it('refuses a bad stage_wait_seconds with 422 naming it, creating nothing; accepts 0 to 604800', async () => {
    const { admin, devices } = await r.fleet(1);
    const message =
      'upgrade.rollout.stage_wait_seconds must be a whole number of seconds from 0 to 604800';
    for (const wait of [-1, 604801, 1.5, '60', true]) {
      const res = await t()
        .http()
        .post('/upgrades')
        .set(admin.auth)
        .send({
          upgrade: { aps: [`AP:${devices[0].device.id}`], rollout: { stage_wait_seconds: wait } },
        })
        .expect(422);
      expect(res.body).toEqual({ message, status: 422 });
    }
    expect(
      await t().dataSource.getRepository(Upgrade).countBy({ organisation_id: admin.orgId }),
    ).toBe(0);
    for (const wait of [0, 604800]) {
      const body = await r.createRollout(admin, devices, { stage_wait_seconds: wait });
      expect(body.data.rollout).toMatchObject({ stage_wait_seconds: wait, next_stage_at: null });
    }
  });
});

describe('the soak time on two instances (PostgreSQL)', () => {
  it('opens the due stage once while both instances sweep', async () => {
    const database = await migratedPostgresDatabase();
    const apps: TestApp[] = [];
    try {
      apps.push(await startApp('postgres', { DATABASE_URL: database.url }));
      apps.push(await startApp('postgres', { DATABASE_URL: database.url }));
      const [one, two] = apps;
      const { waiting, due, sweep, openedEvents } = soakFixtures(() => one);
      for (let round = 0; round < 3; round++) {
        const { admin, id } = await waiting(HOUR);
        await due(id);
        const passes = await Promise.all([sweep(one), sweep(two), sweep(one), sweep(two)]);
        expect(passes.reduce((sum, moved) => sum + moved, 0)).toBeLessThanOrEqual(1);
        expect(await openedEvents(admin.auth)).toEqual([1, 2]);
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.release();
    }
  }, 120_000);
});
