import { onDatabase } from '../harness/app';
import { rolloutFixtures, stage } from '../harness/rollouts.helpers';

// PostgreSQL runs transactions concurrently (SQLite queues them), so only it can race.
onDatabase('postgres', 'rollouts under concurrent reports', (t) => {
  const r = rolloutFixtures(t);

  it('opens the next stage exactly once when the last two reports of a stage arrive at once', async () => {
    for (let round = 0; round < 5; round++) {
      // Stage 1 holds devices 0 and 1, stage 2 the other two.
      const { admin, devices } = await r.fleet(4);
      const body = await r.createRollout(admin, devices, { stages: [50, 100] });
      const up = (i: number) => r.upgradeOf(body, devices[i]);
      await r.report(devices[0], up(0), 'installing');
      await r.report(devices[1], up(1), 'installing');
      const statements = await t().statementsOf(() =>
        Promise.all([r.report(devices[0], up(0), 'done'), r.report(devices[1], up(1), 'done')]),
      );
      const rolloutWrites = statements.filter((sql) => /^UPDATE "rollouts"/i.test(sql));
      expect(rolloutWrites).toHaveLength(1);
      expect(await r.show(admin, body.data.rollout.id)).toMatchObject({
        state: 'running',
        stages: [stage(50, 2, true, { done: 2 }), stage(100, 2, true, { pending: 2 })],
      });
      expect(await r.checkin(devices[2])).toEqual(expect.objectContaining({ id: up(2) }));
    }
  });

  it('leaves a consistent rollout when a halt races the opening of a stage', async () => {
    for (let round = 0; round < 5; round++) {
      const { admin, devices } = await r.fleet(4);
      const body = await r.createRollout(admin, devices, { stages: [25, 100] });
      const id = body.data.rollout.id;
      const up = (i: number) => r.upgradeOf(body, devices[i]);
      await r.report(devices[0], up(0), 'installing');
      const [, halt] = await Promise.all([
        r.report(devices[0], up(0), 'done'),
        t().http().post(`/v1/rollouts/${id}/halt`).set(admin.auth),
      ]);
      expect(halt.status).toBe(200);
      const rollout = await r.show(admin, id);
      // Whichever came first, stage 2 opened or not (stage 1 finished while running, or after the
      // halt, which does not record it), but nothing of it is left to hand out.
      const opened = (rollout.stages as { opened_at: string | null }[])[1].opened_at;
      expect(opened === null || !Number.isNaN(Date.parse(opened))).toBe(true);
      expect(rollout).toMatchObject({
        state: 'halted',
        finished_at: expect.any(String),
        stages: [
          { ...stage(25, 1, true, { done: 1 }), finished_at: opened },
          { ...stage(100, 3, false, { cancelled: 3 }), opened_at: opened },
        ],
      });
      const pending = await t()
        .http()
        .get('/upgrades')
        .query({ rollout_id: id, status: 'pending' })
        .set(admin.auth)
        .expect(200);
      expect(pending.body.data.upgrades).toEqual([]);
      expect(await r.checkin(devices[1])).toBeNull();
    }
  });
});
