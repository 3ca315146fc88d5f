import { onBothDatabases } from '../harness/app';
import { rolloutFixtures } from '../harness/rollouts.helpers';
import { browserUser, csrfOf, signedIn } from '../harness/web-session';

/** The rows of the rollouts list: id and the cells' text. */
const rowsOf = (html: string) =>
  [...html.matchAll(/<tr data-rollout-id="(\d+)">([\s\S]*?)<\/tr>/g)].map((match) => [
    Number(match[1]),
    [...match[2].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)]
      .slice(1, 6)
      .map((cell) => cell[1].replace(/<[^>]+>/g, '').trim()),
  ]);

/** The console's rollouts list: /rollouts, linked from the overview; admins only. */
onBothDatabases('console: rollouts list', (t) => {
  const r = rolloutFixtures(t);

  it('lists the rollouts newest first with their progress, and says which stages never opened', async () => {
    const { admin: owner, devices } = await r.fleet(4, [0, 1, 2, 3]);
    const admin = await browserUser(t(), { orgId: owner.orgId, role: 'admin' });
    const first = await r.createRollout(admin, devices.slice(0, 2), { stages: [100] });
    await r.report(devices[0], r.upgradeOf(first, devices[0]), 'done');
    const second = await r.createRollout(admin, devices.slice(2), {
      stages: [50, 100],
      max_failure_percent: 10,
    });
    const browser = await signedIn(t(), admin);
    const overview = await browser.get('/overview').expect(200);
    expect(overview.text).toContain('<a href="/rollouts" id="rollouts-running">2</a>');
    const list = await browser.get('/rollouts').expect(200);
    expect(list.text).toContain('<h1>Rollouts</h1>');
    expect(rowsOf(list.text)).toEqual([
      [
        second.data.rollout.id,
        [
          'running',
          '2.0.0',
          '0 of 2 devices done',
          '1 of 2 stages opened',
          '0 % (halts above 10 %)',
        ],
      ],
      [
        first.data.rollout.id,
        [
          'running',
          '2.0.0',
          '1 of 2 devices done',
          '1 of 1 stages opened',
          '0 % (halts above 10 %)',
        ],
      ],
    ]);

    // Halted before its second stage opened: the stage says so, not "not open yet".
    const id = second.data.rollout.id;
    const page = await browser.get(`/rollouts/${id}`).expect(200);
    expect(page.text).toContain('not open yet');
    await browser
      .post(`/rollouts/${id}/halt`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(303);
    const halted = await browser.get(`/rollouts/${id}`).expect(200);
    expect(halted.text).toContain('never opened: the rollout halted first');
    expect(halted.text).not.toContain('not open yet');
  });

  it('asks for the wait between stages, shows when the waiting stage opens, and advances it', async () => {
    const { admin: owner, network, devices } = await r.fleet(2, [0, 1]);
    const admin = await browserUser(t(), { orgId: owner.orgId, role: 'admin' });
    const browser = await signedIn(t(), admin);
    const form = await browser.get('/upgrades/new').expect(200);
    expect(form.text).toContain(
      '<label for="stage_wait_seconds">Wait between stages (seconds)</label>',
    );
    const fields = {
      _csrf: csrfOf(form.text),
      upgrade_type: 'manual',
      version: '2.0.0',
      schedule_type: 'now',
      aps: `network:${network.id}`,
      staged: 'true',
      stages: '50, 100',
    };
    const refused = await browser
      .post('/upgrades')
      .type('form')
      .send({ ...fields, stage_wait_seconds: '604801' })
      .expect(422);
    expect(refused.text).toContain(
      'rollout.stage_wait_seconds must be a whole number of seconds from 0 to 604800',
    );
    expect(refused.text).toContain('name="stage_wait_seconds" value="604801"');
    await browser
      .post('/upgrades')
      .type('form')
      .send({ ...fields, stage_wait_seconds: '300' })
      .expect(303);
    const [created] = (await t().http().get('/v1/rollouts').set(admin.auth).expect(200)).body.data
      .rollouts as { id: number; stage_wait_seconds: number }[];
    expect(created.stage_wait_seconds).toBe(300);
    const id = created.id;
    const before = await browser.get(`/rollouts/${id}`).expect(200);
    expect(before.text).not.toContain('id="next-stage"');
    expect(before.text).not.toContain('Advance now');

    // Stage 1 (one device, UP first by id) finishes: stage 2 waits 5 minutes.
    const upgrades = await t()
      .http()
      .get('/upgrades')
      .query({ rollout_id: id })
      .set(admin.auth)
      .expect(200);
    const first = (upgrades.body.data.upgrades as { id: number; device_id: number }[]).find(
      (u) => u.device_id === devices[0].device.id,
    )!;
    await r.report(devices[0], first.id, 'done');
    const nextStageAt = (await r.show(admin, id)).next_stage_at as string;
    const page = await browser.get(`/rollouts/${id}`).expect(200);
    expect(page.text).toMatch(
      new RegExp(
        `<dd id="next-stage">Next stage opens in [45] min \\(<time datetime="${nextStageAt}">`,
      ),
    );
    expect(page.text).toContain('<button type="submit" id="advance">Advance now</button>');
    await browser
      .post(`/rollouts/${id}/advance`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(303);
    expect(await r.show(admin, id)).toMatchObject({ next_stage_at: null });
    const after = await browser.get(`/rollouts/${id}`).expect(200);
    expect(after.text).toContain('Stage 2 of rollout');
    expect(after.text).not.toContain('id="next-stage"');
    expect(after.text).not.toContain('Advance now');
    // Without the form's token, nothing is posted.
    await browser.post(`/rollouts/${id}/advance`).type('form').send({}).expect(403);
  });

  it('shows members a 403 and another organisation nothing of the rollouts', async () => {
    const { admin: owner, devices } = await r.fleet(1, [0]);
    await r.createRollout(owner, devices, { stages: [100] });
    const member = await browserUser(t(), { orgId: owner.orgId, role: 'member' });
    const theirs = await signedIn(t(), member);
    await theirs.get('/rollouts').expect(403);
    const overview = await theirs.get('/overview').expect(200);
    expect(overview.text).toContain('<span id="rollouts-running">');
    const stranger = await signedIn(t(), await browserUser(t(), { role: 'admin' }));
    const list = await stranger.get('/rollouts').expect(200);
    expect(rowsOf(list.text)).toEqual([]);
    expect(list.text).toContain('No rollouts yet.');
  });

  it('creates a staged rollout through the upgrade form, and shows a bad stage list beside it', async () => {
    const { admin: owner, network, devices } = await r.fleet(2, [0, 1]);
    const admin = await browserUser(t(), { orgId: owner.orgId, role: 'admin' });
    const browser = await signedIn(t(), admin);
    const form = await browser.get('/upgrades/new').expect(200);
    expect(form.text).toContain('<label for="staged">Roll out in stages</label>');
    const fields = {
      _csrf: csrfOf(form.text),
      upgrade_type: 'manual',
      version: '2.0.0',
      schedule_type: 'now',
      aps: `network:${network.id}`,
      staged: 'true',
      max_failure_percent: '20',
      auto_revert: 'true',
    };
    const refused = await browser
      .post('/upgrades')
      .type('form')
      .send({ ...fields, stages: '50, 10' })
      .expect(422);
    expect(refused.text).toContain(
      'rollout.stages must be a strictly increasing list of whole percentages from 1 to 100 that ends with 100',
    );
    expect(refused.text).toContain('id="stages" name="stages" value="50, 10"');
    expect(
      (await t().http().get('/v1/rollouts').set(admin.auth).expect(200)).body.data.rollouts,
    ).toEqual([]);

    await browser
      .post('/upgrades')
      .type('form')
      .send({ ...fields, stages: '50, 100' })
      .expect(303);
    const [rollout] = (await t().http().get('/v1/rollouts').set(admin.auth).expect(200)).body.data
      .rollouts as Record<string, unknown>[];
    expect(rollout).toMatchObject({
      version: '2.0.0',
      state: 'running',
      max_failure_percent: 20,
      auto_revert: true,
    });
    expect(
      (rollout.stages as { percent: number; devices: number }[]).map((s) => [s.percent, s.devices]),
    ).toEqual([
      [50, 1],
      [100, 1],
    ]);
    expect(devices).toHaveLength(2);
  });
});
