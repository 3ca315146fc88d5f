process.env.TZ = 'UTC';
import { Upgrade } from '../../src/firmware/upgrade.entity';
import { onBothDatabases } from '../harness/app';
import { rolloutFixtures, stage } from '../harness/rollouts.helpers';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

onBothDatabases('staged rollouts', (t) => {
  const r = rolloutFixtures(t);

  it('creates a rollout: devices UP first, stages by the ceil formula, stage 1 open, only it handed out', async () => {
    // Devices 2 and 3 (by id) are UP; 0 and 1 never checked in.
    const { admin, devices } = await r.fleet(4, [2, 3]);
    const body = await r.createRollout(admin, devices, {
      stages: [25, 50, 100],
      max_failure_percent: 20,
    });
    expect(body.message).toBe('Upgrade created successfully');
    const id = body.data.rollout.id;
    expect(body.data.rollout).toEqual({
      id,
      version: '2.0.0',
      state: 'running',
      max_failure_percent: 20,
      failure_percent: 0,
      auto_revert: false,
      stage_wait_seconds: 0,
      stages: [
        stage(25, 1, true, { pending: 1 }),
        stage(50, 1, false, { pending: 1 }),
        stage(100, 2, false, { pending: 2 }),
      ],
      next_stage_at: null,
      reverted: [],
      not_reverted: [],
      created_at: ISO,
      finished_at: null,
    });
    expect(body.data.upgrades.map((u) => u.rollout_id)).toEqual([id, id, id, id]);
    expect(await r.show(admin, id)).toEqual(body.data.rollout);
    // Stage 1 is the first UP device (device 2); the others wait.
    expect(await r.checkin(devices[2])).toEqual(
      expect.objectContaining({ id: r.upgradeOf(body, devices[2]) }),
    );
    for (const i of [0, 1, 3]) {
      expect(await r.checkin(devices[i])).toBeNull();
    }
    await r.report(devices[2], r.upgradeOf(body, devices[2]), 'done');
    // Stage 2 (device 3, the other UP one) opens; stage 3 still waits.
    expect(await r.checkin(devices[3])).toEqual(
      expect.objectContaining({ id: r.upgradeOf(body, devices[3]) }),
    );
    expect(await r.checkin(devices[0])).toBeNull();
    await r.report(devices[3], r.upgradeOf(body, devices[3]), 'installing');
    expect((await r.show(admin, id)).stages).toEqual([
      stage(25, 1, true, { done: 1 }),
      stage(50, 1, true, { in_progress: 1 }),
      stage(100, 2, false, { pending: 2 }),
    ]);
    await r.report(devices[3], r.upgradeOf(body, devices[3]), 'done');
    expect(await r.checkin(devices[0])).toEqual(
      expect.objectContaining({ id: r.upgradeOf(body, devices[0]) }),
    );
    await r.report(devices[0], r.upgradeOf(body, devices[0]), 'done');
    await r.report(devices[1], r.upgradeOf(body, devices[1]), 'done');
    expect(await r.show(admin, id)).toEqual({
      ...body.data.rollout,
      state: 'completed',
      stages: [
        stage(25, 1, true, { done: 1 }),
        stage(50, 1, true, { done: 1 }),
        stage(100, 2, true, { done: 2 }),
      ],
      finished_at: ISO,
    });
  });

  it('opens stages without devices at once, with the stage before them', async () => {
    const { admin, devices } = await r.fleet(3);
    const body = await r.createRollout(admin, devices, { stages: [10, 20, 100] });
    expect(body.data.rollout.stages).toEqual([
      stage(10, 1, true, { pending: 1 }),
      stage(20, 0, false),
      stage(100, 2, false, { pending: 2 }),
    ]);
    // No device is UP: by id, so stage 1 is the first device.
    await r.report(devices[0], r.upgradeOf(body, devices[0]), 'done');
    expect((await r.show(admin, body.data.rollout.id)).stages).toEqual([
      stage(10, 1, true, { done: 1 }),
      stage(20, 0, true),
      stage(100, 2, true, { pending: 2 }),
    ]);
    expect(await r.checkin(devices[2])).toEqual(
      expect.objectContaining({ id: r.upgradeOf(body, devices[2]) }),
    );
  });

  it('uses the defaults: one stage of 100 %, 10 % threshold, no revert', async () => {
    const { admin, devices } = await r.fleet(2);
    const body = await r.createRollout(admin, devices, {});
    expect(body.data.rollout).toMatchObject({
      max_failure_percent: 10,
      auto_revert: false,
      stages: [stage(100, 2, true, { pending: 2 })],
    });
  });

  it('refuses bad rollout values with 422 {message, status}, creating nothing', async () => {
    const { admin, devices } = await r.fleet(1);
    const cases: [unknown, string][] = [
      [
        { stages: [50] },
        'upgrade.rollout.stages must be a strictly increasing list of whole percentages from 1 to 100 that ends with 100',
      ],
      [
        { stages: [10, 10, 100] },
        'upgrade.rollout.stages must be a strictly increasing list of whole percentages from 1 to 100 that ends with 100',
      ],
      [
        { stages: [0, 100] },
        'upgrade.rollout.stages must be a strictly increasing list of whole percentages from 1 to 100 that ends with 100',
      ],
      [
        { stages: [] },
        'upgrade.rollout.stages must be a strictly increasing list of whole percentages from 1 to 100 that ends with 100',
      ],
      [
        { stages: [12.5, 100] },
        'upgrade.rollout.stages must be a strictly increasing list of whole percentages from 1 to 100 that ends with 100',
      ],
      [
        { max_failure_percent: 101 },
        'upgrade.rollout.max_failure_percent must be a number from 0 to 100',
      ],
      [
        { max_failure_percent: '5' },
        'upgrade.rollout.max_failure_percent must be a number from 0 to 100',
      ],
      [{ auto_revert: 'yes' }, 'upgrade.rollout.auto_revert must be a boolean value'],
      ['fast', 'upgrade.rollout must be an object'],
    ];
    for (const [rollout, message] of cases) {
      const res = await t()
        .http()
        .post('/upgrades')
        .set(admin.auth)
        .send({ upgrade: { aps: [`AP:${devices[0].device.id}`], rollout } })
        .expect(422);
      expect(res.body).toEqual({ message, status: 422 });
    }
    expect(
      await t().dataSource.getRepository(Upgrade).countBy({ organisation_id: admin.orgId }),
    ).toBe(0);
    const list = await t().http().get('/v1/rollouts').set(admin.auth).expect(200);
    expect(list.body.data.rollouts).toEqual([]);
  });

  it('halts as soon as failures exceed the threshold, not when they equal it; cancels what is pending, lets in-progress go on', async () => {
    const { admin, devices } = await r.fleet(10);
    const body = await r.createRollout(admin, devices, { stages: [100], max_failure_percent: 10 });
    const id = body.data.rollout.id;
    const up = (i: number) => r.upgradeOf(body, devices[i]);
    await r.report(devices[0], up(0), 'failed', { error: 'bad checksum' });
    await r.report(devices[1], up(1), 'downloading');
    expect(await r.show(admin, id)).toMatchObject({
      state: 'running',
      failure_percent: 10,
      stages: [stage(100, 10, true, { failed: 1, in_progress: 1, pending: 8 })],
    });
    await r.report(devices[2], up(2), 'failed');
    expect(await r.show(admin, id)).toEqual({
      ...body.data.rollout,
      state: 'halted',
      failure_percent: 20,
      stages: [stage(100, 10, true, { failed: 2, in_progress: 1, cancelled: 7 })],
      finished_at: ISO,
    });
    expect(await r.checkin(devices[3])).toBeNull();
    const cancelled = await t()
      .http()
      .get('/upgrades')
      .query({ rollout_id: id, status: 'cancelled' })
      .set(admin.auth)
      .expect(200);
    expect(cancelled.body.data.upgrades).toHaveLength(7);
    // The one in progress goes on and may finish.
    expect(await r.checkin(devices[1])).toEqual(expect.objectContaining({ id: up(1) }));
    await r.report(devices[1], up(1), 'done');
    expect((await r.show(admin, id)).stages).toEqual([
      stage(100, 10, true, { failed: 2, done: 1, cancelled: 7 }),
    ]);
    // A report about a cancelled upgrade changes nothing.
    await r.report(devices[3], up(3), 'done');
    expect((await r.show(admin, id)).stages).toEqual([
      stage(100, 10, true, { failed: 2, done: 1, cancelled: 7 }),
    ]);
  });

  it('compares the exact failure percentage with a threshold that has decimals', async () => {
    const { admin, devices } = await r.fleet(3);
    const body = await r.createRollout(admin, devices, { max_failure_percent: 33.33 });
    await r.report(devices[0], r.upgradeOf(body, devices[0]), 'failed');
    expect(await r.show(admin, body.data.rollout.id)).toMatchObject({
      state: 'halted',
      failure_percent: 33.33,
      max_failure_percent: 33.33,
    });
  });

  it('with auto_revert reverts done devices, lists those it cannot, and reverts one that finishes after the halt', async () => {
    // 0 and 1: done, reverted; 2: done without a known previous version; 3: done, but has a
    // pending upgrade by then; 4: in progress at the halt, done after; 5, 6: fail.
    const { admin, part, devices } = await r.fleet(8, [0, 1, 3, 4, 5, 6, 7]);
    const body = await r.createRollout(admin, devices, {
      max_failure_percent: 20,
      auto_revert: true,
    });
    const id = body.data.rollout.id;
    const up = (i: number) => r.upgradeOf(body, devices[i]);
    for (const i of [0, 1, 2, 3]) {
      await r.report(devices[i], up(i), 'done');
    }
    await r.report(devices[4], up(4), 'installing');
    await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({
        upgrade: { aps: [`AP:${devices[3].device.id}`], upgrade_type: 'manual', version: '1.0.0' },
      })
      .expect(200);
    await r.report(devices[5], up(5), 'failed');
    expect((await r.show(admin, id)).state).toBe('running');
    await r.report(devices[6], up(6), 'failed');
    const halted = await r.show(admin, id);
    expect(halted).toMatchObject({
      state: 'halted',
      reverted: [devices[0].device.mac_id, devices[1].device.mac_id],
      not_reverted: [devices[2].device.mac_id, devices[3].device.mac_id],
    });
    const reverts = await t()
      .http()
      .get('/upgrades')
      .query({ status: 'pending' })
      .set(admin.auth)
      .expect(200);
    const revertOf = (i: number) =>
      (reverts.body.data.upgrades as Record<string, unknown>[]).find(
        (u) => u.device_id === devices[i].device.id,
      );
    expect(revertOf(0)).toMatchObject({
      version: '1.0.0',
      upgrade_type: 'manual',
      schedule_type: 'now',
      rollout_id: null,
      revert_of: up(0),
      status: 'pending',
    });
    expect(await r.checkin(devices[0])).toEqual({
      id: revertOf(0)!.id,
      version: '1.0.0',
      url: `https://fw.example/1.0.0.bin`,
      save_prev_config: false,
    });
    expect(part).toBeDefined();
    // Device 4 finishes after the halt: reverted then.
    await r.report(devices[4], up(4), 'done');
    expect(await r.show(admin, id)).toMatchObject({
      reverted: [devices[0].device.mac_id, devices[1].device.mac_id, devices[4].device.mac_id],
      not_reverted: [devices[2].device.mac_id, devices[3].device.mac_id],
    });
  });

  it('without auto_revert leaves both lists empty', async () => {
    const { admin, devices } = await r.fleet(2, [0, 1]);
    const body = await r.createRollout(admin, devices, { max_failure_percent: 0 });
    await r.report(devices[0], r.upgradeOf(body, devices[0]), 'done');
    await r.report(devices[1], r.upgradeOf(body, devices[1]), 'failed');
    expect(await r.show(admin, body.data.rollout.id)).toMatchObject({
      state: 'halted',
      reverted: [],
      not_reverted: [],
    });
  });

  it('lists a done device whose previous version has no firmware for its part as not reverted', async () => {
    const { admin, devices } = await r.fleet(2);
    await r.checkin(devices[0], { firmware_version: '0.9.0' });
    const body = await r.createRollout(admin, devices, {
      max_failure_percent: 0,
      auto_revert: true,
    });
    const upgrades = body.data.upgrades;
    await r.report(
      devices[0],
      upgrades.find((u) => u.device_id === devices[0].device.id)!.id,
      'done',
    );
    await r.report(
      devices[1],
      upgrades.find((u) => u.device_id === devices[1].device.id)!.id,
      'failed',
    );
    expect(await r.show(admin, body.data.rollout.id)).toMatchObject({
      state: 'halted',
      reverted: [],
      not_reverted: [devices[0].device.mac_id],
    });
  });

  it('halts by hand with the same effects, then answers 422 1039; another organisation gets 404 1038, a member 403 1029', async () => {
    const { admin, devices } = await r.fleet(3, [0, 1, 2]);
    const body = await r.createRollout(admin, devices, { stages: [33, 100], auto_revert: true });
    const id = body.data.rollout.id;
    await r.report(devices[0], r.upgradeOf(body, devices[0]), 'done');
    const res = await t().http().post(`/v1/rollouts/${id}/halt`).set(admin.auth).expect(200);
    expect(res.body).toEqual({
      data: {
        rollout: {
          ...body.data.rollout,
          state: 'halted',
          stages: [stage(33, 1, true, { done: 1 }), stage(100, 2, true, { cancelled: 2 })],
          reverted: [devices[0].device.mac_id],
          finished_at: ISO,
        },
      },
      status: 200,
    });
    expect(
      (await t().http().post(`/v1/rollouts/${id}/halt`).set(admin.auth).expect(422)).body,
    ).toEqual({
      msg: 'Rollout is not running',
      error_code: 1039,
    });
    const other = await t().fixtures.admin();
    for (const request of [
      t().http().get(`/v1/rollouts/${id}`),
      t().http().post(`/v1/rollouts/${id}/halt`),
    ]) {
      expect((await request.set(other.auth).expect(404)).body).toEqual({
        msg: 'Rollout not found',
        error_code: 1038,
      });
    }
    expect(
      (await t().http().get('/v1/rollouts').set(other.auth).expect(200)).body.data.rollouts,
    ).toEqual([]);
    const member = await t().fixtures.member(admin.orgId);
    for (const request of [
      t().http().get('/v1/rollouts'),
      t().http().get(`/v1/rollouts/${id}`),
      t().http().post(`/v1/rollouts/${id}/halt`),
    ]) {
      expect((await request.set(member.auth).expect(403)).body).toEqual({
        msg: expect.any(String),
        error_code: 1029,
      });
    }
  });

  it('completes when the last stage finishes, and a completed rollout cannot be halted', async () => {
    const { admin, devices } = await r.fleet(2);
    const body = await r.createRollout(admin, devices, {
      stages: [50, 100],
      max_failure_percent: 50,
    });
    await r.report(devices[0], r.upgradeOf(body, devices[0]), 'done');
    await r.report(devices[1], r.upgradeOf(body, devices[1]), 'failed');
    const id = body.data.rollout.id;
    expect(await r.show(admin, id)).toMatchObject({
      state: 'completed',
      failure_percent: 50,
      finished_at: ISO,
    });
    await t().http().post(`/v1/rollouts/${id}/halt`).set(admin.auth).expect(422);
  });

  it('stops counting an upgrade that leaves: deleted, taken by another create, or its device removed', async () => {
    const { admin, devices } = await r.fleet(4);
    const body = await r.createRollout(admin, devices, { stages: [50, 100] });
    const id = body.data.rollout.id;
    await r.report(devices[0], r.upgradeOf(body, devices[0]), 'done');
    // Stage 1 waits for device 1: deleting its upgrade finishes the stage.
    await t()
      .http()
      .delete(`/upgrades/${r.upgradeOf(body, devices[1])}`)
      .set(admin.auth)
      .expect(200);
    expect((await r.show(admin, id)).stages).toEqual([
      stage(50, 1, true, { done: 1 }),
      stage(100, 2, true, { pending: 2 }),
    ]);
    // A create without rollout takes device 2's upgrade out.
    const taken = await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({
        upgrade: { aps: [`AP:${devices[2].device.id}`], upgrade_type: 'manual', version: '2.0.0' },
      })
      .expect(200);
    expect(taken.body.data.upgrades[0]).toMatchObject({
      id: r.upgradeOf(body, devices[2]),
      rollout_id: null,
    });
    expect((await r.show(admin, id)).stages).toEqual([
      stage(50, 1, true, { done: 1 }),
      stage(100, 1, true, { pending: 1 }),
    ]);
    // Removing device 3 empties the last stage: the rollout completes.
    await t()
      .http()
      .post('/v1/access_points/remove_devices')
      .set(admin.auth)
      .send({ devices: [devices[3].device.mac_id] })
      .expect(200);
    expect(await r.show(admin, id)).toMatchObject({
      state: 'completed',
      stages: [stage(50, 1, true, { done: 1 }), stage(100, 0, true)],
    });
  });

  it('moves an upgrade into the rollout of a later create', async () => {
    const { admin, devices } = await r.fleet(2);
    const first = await r.createRollout(admin, devices, {});
    const second = await r.createRollout(admin, [devices[1]], {});
    expect(second.message).toBe('Upgrade updated successfully');
    expect((await r.show(admin, first.data.rollout.id)).stages).toEqual([
      stage(100, 1, true, { pending: 1 }),
    ]);
    expect(second.data.rollout.stages).toEqual([stage(100, 1, true, { pending: 1 })]);
  });

  it('lists rollouts newest first, paginated, and counts running ones in the overview', async () => {
    const { admin, devices } = await r.fleet(1);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await r.createRollout(admin, devices, {})).data.rollout.id);
    }
    const res = await t()
      .http()
      .get('/v1/rollouts')
      .query({ per_page: 2 })
      .set(admin.auth)
      .expect(200);
    expect(res.body.data.rollouts.map((x: { id: number }) => x.id)).toEqual([ids[2], ids[1]]);
    expect(res.body.data.meta).toEqual({
      current: 1,
      previous: null,
      next: 2,
      per_page: 2,
      pages: 2,
      count: 3,
    });
    expect(res.body.status).toBe(200);
    const overview = await t().http().get('/v1/overview').set(admin.auth).expect(200);
    // The first two lost their only upgrade to the next create and completed.
    expect(overview.body.data.rollouts).toEqual({ running: 1 });
    const member = await t().fixtures.member(admin.orgId);
    expect(
      (await t().http().get('/v1/overview').set(member.auth).expect(200)).body.data.rollouts,
    ).toEqual({ running: 0 });
  });
});

onBothDatabases('rollout bookkeeping cost', (t) => {
  const r = rolloutFixtures(t);
  const statements = (work: () => Promise<unknown>) =>
    t()
      .statementsOf(work)
      .then((list) =>
        list.filter(
          (sql) => !/^(BEGIN|COMMIT|START TRANSACTION|ROLLBACK|SAVEPOINT|RELEASE)/i.test(sql),
        ),
      );

  it('costs the same statements per report whatever the rollout size, halt and revert included', async () => {
    const costs: number[][] = [];
    // Both sizes leave pending upgrades for the halt to cancel (each with its upgrade.cancelled).
    for (const size of [8, 40]) {
      // Device 0 is stage 1; the rest is stage 2. More than half failing halts (threshold 50).
      const { admin, devices } = await r.fleet(size, [0, 1]);
      const body = await r.createRollout(admin, devices, {
        stages: [1, 100],
        max_failure_percent: 50,
        auto_revert: true,
      });
      const up = (i: number) => r.upgradeOf(body, devices[i]);
      const opening = await statements(() => r.report(devices[0], up(0), 'done'));
      const progress = await statements(() => r.report(devices[1], up(1), 'downloading'));
      await r.report(devices[1], up(1), 'done');
      const last = 2 + size / 2;
      for (let i = 2; i < last; i++) {
        await r.report(devices[i], up(i), 'failed');
      }
      expect((await r.show(admin, body.data.rollout.id)).state).toBe('running');
      const halting = await statements(() => r.report(devices[last], up(last), 'failed'));
      expect(await r.show(admin, body.data.rollout.id)).toMatchObject({
        state: 'halted',
        reverted: [devices[0].device.mac_id, devices[1].device.mac_id],
      });
      costs.push([opening.length, progress.length, halting.length]);
    }
    expect(costs[1]).toEqual(costs[0]);
  });
});

onBothDatabases(
  'rollouts and the upgrade timeout',
  (t) => {
    const r = rolloutFixtures(t);

    it('counts a timed-out upgrade as failed and halts on the read that fails it', async () => {
      const { admin, devices } = await r.fleet(2);
      const body = await r.createRollout(admin, devices, { max_failure_percent: 0 });
      await r.report(devices[0], r.upgradeOf(body, devices[0]), 'downloading');
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect(await r.show(admin, body.data.rollout.id)).toMatchObject({
        state: 'halted',
        failure_percent: 50,
        stages: [stage(100, 2, true, { failed: 1, cancelled: 1 })],
      });
    });
  },
  { UPGRADE_TIMEOUT_SECONDS: '1' },
);
