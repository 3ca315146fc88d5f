import { Upgrade } from '../../src/firmware/upgrade.entity';
import { UpgradeRequestsService } from '../../src/upgrades/upgrade-requests.service';
import { onBothDatabases } from '../harness/app';
import { htmlOf } from '../harness/console.helpers';
import { eventFixtures } from '../harness/events.helpers';
import { Caller } from '../harness/fixtures';
import { rolloutFixtures } from '../harness/rollouts.helpers';
import { GatewayDevice } from '../harness/device-gateway.helpers';
import { browserUser, csrfOf, signedIn } from '../harness/web-session';

/** The rows of a request page's devices: upgrade id, MAC and status text. */
const deviceRowsOf = (html: string) =>
  [...html.matchAll(/<tr data-upgrade-id="(\d+)">([\s\S]*?)<\/tr>/g)].map((match) => [
    Number(match[1]),
    ...[...match[2].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)]
      .slice(1)
      .map((cell) => cell[1].replace(/<[^>]+>/g, '').trim()),
  ]);

/** The counts by status of a request page. */
const countsOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/data-count="(\w+)">(\d+)</g)].map((match) => [match[1], Number(match[2])]),
  );

/** The request pages: a summary per request, cancel pending, retry failed. */
onBothDatabases('console: upgrade requests', (t) => {
  const r = rolloutFixtures(t);
  const e = eventFixtures(t);

  const stored = (orgId: number) =>
    t()
      .dataSource.getRepository(Upgrade)
      .find({ where: { organisation_id: orgId }, order: { id: 'ASC' } });

  /** Upgrades 2.0.0 of `count` devices of one network in one request (API), as `admin`. */
  async function request(count: number) {
    const fleet = await r.fleet(count, [...Array(count).keys()]);
    const res = await t()
      .http()
      .post('/upgrades')
      .set(fleet.admin.auth)
      .send({
        upgrade: {
          aps: [`network:${fleet.network.id}`],
          upgrade_type: 'manual',
          version: '2.0.0',
          save_prev_config: true,
        },
      })
      .expect(200);
    const upgrades = res.body.data.upgrades as { id: number; device_id: number }[];
    expect(Object.keys(res.body.data)).toEqual(['upgrades']);
    const [{ request_id }] = await stored(fleet.admin.orgId);
    const idOf = (device: GatewayDevice) =>
      upgrades.find((u) => u.device_id === device.device.id)!.id;
    return { ...fleet, requestId: request_id!, idOf };
  }

  /** A request of four devices: one done, one failed, one in progress, one pending. */
  async function mixed() {
    const made = await request(4);
    const [done, failed, running] = made.devices;
    await r.report(done, made.idOf(done), 'done');
    await r.report(failed, made.idOf(failed), 'failed', { error: 'disk full' });
    await r.report(running, made.idOf(running), 'downloading', { progress: 40 });
    const admin = await browserUser(t(), { orgId: made.admin.orgId, role: 'admin' });
    return { ...made, browser: await signedIn(t(), admin), browserAdmin: admin };
  }

  it('sums up a request of several devices: version, targets, counts by status, its devices', async () => {
    const m = await mixed();
    const page = await m.browser.get(`/upgrades/requests/${m.requestId}`).expect(200);
    const html = htmlOf(page);
    expect(html).toContain('<h1>Upgrade request <span class="version">2.0.0</span></h1>');
    expect(html).toContain('<dd id="request-targets">4 devices</dd>');
    expect(countsOf(html)).toEqual({
      pending: 1,
      in_progress: 1,
      done: 1,
      failed: 1,
      cancelled: 0,
    });
    const [done, failed, running, pending] = m.devices;
    expect(deviceRowsOf(html)).toEqual([
      [m.idOf(done), done.device.mac_id, 'done · was 1.0.0'],
      [m.idOf(failed), failed.device.mac_id, 'failed · error: disk full · was 1.0.0'],
      [m.idOf(running), running.device.mac_id, 'in progress (40 %) · was 1.0.0'],
      [m.idOf(pending), pending.device.mac_id, 'pending'],
    ]);
    expect(html).toContain('Cancel the 1 pending upgrade</summary>');
    expect(html).toContain('Retry the 1 failed upgrade</summary>');
    expect(html).not.toContain('Rollout ');
    // The list shows the request as one row with its counts and a link to the summary.
    const list = htmlOf(await m.browser.get('/upgrades').expect(200));
    const row = new RegExp(`<tr data-request-id="${m.requestId}">([\\s\\S]*?)</tr>`).exec(list);
    expect(
      row?.[1]
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toMatch(/^\S+ 2\.0\.0 4 devices 1 pending · 1 in progress · 1 done · 1 failed$/);
    expect(row?.[1]).toContain(`href="/upgrades/requests/${m.requestId}"`);
  });

  it('cancels the pending upgrades in one step, leaving the others; they stay listed as cancelled', async () => {
    const m = await mixed();
    const before = await stored(m.admin.orgId);
    const page = await m.browser.get(`/upgrades/requests/${m.requestId}`).expect(200);
    const res = await m.browser
      .post(`/upgrades/requests/${m.requestId}/cancel`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(303);
    expect(res.headers.location).toBe(`/upgrades/requests/${m.requestId}`);
    const pending = m.devices[3];
    const after = await stored(m.admin.orgId);
    expect(after.map((u) => [u.id, u.status])).toEqual(
      before.map((u) => [u.id, u.device_id === pending.device.id ? 'cancelled' : u.status]),
    );
    const shown = htmlOf(await m.browser.get(res.headers.location).expect(200));
    expect(shown).toContain('Cancelled 1 pending upgrade.');
    expect(countsOf(shown)).toEqual({
      pending: 0,
      in_progress: 1,
      done: 1,
      failed: 1,
      cancelled: 1,
    });
    expect(deviceRowsOf(shown)).toContainEqual([
      m.idOf(pending),
      pending.device.mac_id,
      'cancelled',
    ]);
    expect(shown).not.toContain('Cancel the');
    // the request stays on the Upgrades list, its cancelled upgrade counted
    const list = htmlOf(await m.browser.get('/upgrades').expect(200));
    const row = new RegExp(`<tr data-request-id="${m.requestId}">([\\s\\S]*?)</tr>`).exec(list);
    expect(
      row?.[1]
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toMatch(/^\S+ 2\.0\.0 4 devices 1 in progress · 1 done · 1 failed · 1 cancelled$/);
    const cancelled = await e.events(m.admin.auth, { after: 0, type: 'upgrade.cancelled' });
    expect(cancelled.map((event) => [event.device?.id, event.network?.id, event.data])).toEqual([
      [
        pending.device.id,
        m.network.id,
        {
          upgrade_id: m.idOf(pending),
          version: '2.0.0',
          previous_version: null,
          rollout_id: null,
          error: null,
        },
      ],
    ]);
    expect(cancelled[0].actor).toEqual(
      expect.objectContaining({ type: 'user', id: m.browserAdmin.userId, via: 'console' }),
    );
    // a second cancel finds nothing pending
    await m.browser
      .post(`/upgrades/requests/${m.requestId}/cancel`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(303);
    expect(htmlOf(await m.browser.get(res.headers.location).expect(200))).toContain(
      'No pending upgrade left to cancel.',
    );
  });

  it('retries the failed upgrades as a new request of exactly the failed devices', async () => {
    const m = await mixed();
    const page = await m.browser.get(`/upgrades/requests/${m.requestId}`).expect(200);
    const res = await m.browser
      .post(`/upgrades/requests/${m.requestId}/retry`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(303);
    const failed = m.devices[1];
    const upgrades = await stored(m.admin.orgId);
    const fresh = upgrades.filter((u) => u.request_id !== m.requestId);
    expect(fresh).toEqual([
      expect.objectContaining({
        device_id: failed.device.id,
        version: '2.0.0',
        upgrade_type: 'manual',
        schedule_type: 'now',
        save_prev_config: true,
        status: 'pending',
        rollout_id: null,
      }),
    ]);
    expect(res.headers.location).toBe(`/upgrades/requests/${fresh[0].request_id}`);
    expect(upgrades.find((u) => u.id === m.idOf(failed))).toEqual(
      expect.objectContaining({ status: 'failed', request_id: m.requestId }),
    );
    const after = htmlOf(await m.browser.get(res.headers.location).expect(200));
    expect(after).toContain('Retrying 1 device: Upgrade created successfully.');
    expect(countsOf(after)).toEqual({
      pending: 1,
      in_progress: 0,
      done: 0,
      failed: 0,
      cancelled: 0,
    });
  });

  it('refuses both actions without the CSRF token and to a read-only member (403), changing nothing', async () => {
    const m = await mixed();
    const before = await stored(m.admin.orgId);
    const member = await browserUser(t(), { orgId: m.admin.orgId, role: 'member' });
    await t().fixtures.grant(m.admin.orgId, member.userId, m.network.id, 'read_only');
    const theirs = await signedIn(t(), member);
    const shown = await theirs.get(`/upgrades/requests/${m.requestId}`).expect(200);
    expect(countsOf(htmlOf(shown))).toEqual({
      pending: 1,
      in_progress: 1,
      done: 1,
      failed: 1,
      cancelled: 0,
    });
    expect(shown.text).not.toContain('Cancel the');
    expect(shown.text).not.toContain('Retry the');
    for (const action of ['cancel', 'retry']) {
      const path = `/upgrades/requests/${m.requestId}/${action}`;
      await m.browser.post(path).type('form').send({}).expect(403);
      await theirs
        .post(path)
        .type('form')
        .send({ _csrf: csrfOf(shown.text) })
        .expect(403);
    }
    expect(await stored(m.admin.orgId)).toEqual(before);
  });

  it("answers 404 for another organisation's request, a member's unreadable one and ids that are not requests", async () => {
    const m = await mixed();
    const stranger = await signedIn(t(), await browserUser(t(), { role: 'admin' }));
    const path = `/upgrades/requests/${m.requestId}`;
    await stranger.get(path).expect(404);
    const csrf = csrfOf((await stranger.get('/upgrades').expect(200)).text);
    await stranger.post(`${path}/cancel`).type('form').send({ _csrf: csrf }).expect(404);
    await stranger.post(`${path}/retry`).type('form').send({ _csrf: csrf }).expect(404);
    const member = await browserUser(t(), { orgId: m.admin.orgId, role: 'member' });
    await signedIn(t(), member).then((b) => b.get(path).expect(404));
    for (const id of ['1', 'requests', m.requestId.toUpperCase()]) {
      await m.browser.get(`/upgrades/requests/${id}`).expect(404);
    }
    expect((await stored(m.admin.orgId)).filter((u) => u.status === 'pending')).toHaveLength(1);
  });

  it('filters the list by version and network, orders it, keeps the filters in page links and shows reverts', async () => {
    const m = await mixed();
    const other = await t().fixtures.network(m.admin.orgId);
    const loose = await r.g.device(m.admin.orgId, { part: m.part, networkId: other.id });
    const [done] = m.devices;
    const revert = await t().fixtures.save(Upgrade, {
      organisation_id: m.admin.orgId,
      device_id: loose.device.id,
      version: '1.0.0',
      upgrade_type: 'manual',
      aps: [`AP:${loose.device.id}`],
      status: 'pending',
      revert_of: m.idOf(done),
    });
    const ids = (html: string) =>
      [...html.matchAll(/<tr id="upgrade-(\d+)"/g)].map((match) => Number(match[1]));
    const all = m.devices.map((d) => m.idOf(d));
    const page = (query: string) => m.browser.get(`/upgrades${query}`).expect(200);
    expect(ids((await page('')).text).sort((a, b) => a - b)).toEqual([...all, revert.id]);
    expect(ids((await page('?version=1.0.0')).text)).toEqual([revert.id]);
    expect(ids((await page(`?network_id=${m.network.id}&sort=oldest`)).text)).toEqual(all);
    expect(ids((await page(`?network_id=${m.network.id}`)).text)).toEqual([...all].reverse());
    expect(ids((await page(`?network_id=${other.id}&status=failed`)).text)).toEqual([]);
    const reverts = htmlOf(await page('?version=1.0.0'));
    expect(reverts).toContain(`Revert of <a href="/upgrades/${m.idOf(done)}">#${m.idOf(done)}</a>`);
    expect(reverts).not.toContain('data-request-id=');
    const requests = htmlOf(await page(`?version=2.0.0&network_id=${m.network.id}`));
    expect([...requests.matchAll(/data-request-id="([^"]+)"/g)].map((x) => x[1])).toEqual([
      m.requestId,
    ]);
    expect(requests).toContain('<input id="version-filter" name="version" value="2.0.0"');
    expect(requests).toContain(`<option value="${m.network.id}" selected>`);
  });

  it('cancels and retries with a constant number of statements, for 1 device as for 6 devices', async () => {
    const service = t().app.get(UpgradeRequestsService);
    const counts = async (failed: number) => {
      // Half of the devices fail, the other half stay pending.
      const made = await request(2 * failed);
      for (const device of made.devices.slice(0, failed)) {
        await r.report(device, made.idOf(device), 'failed', { error: 'disk full' });
      }
      const user = asUser(made.admin);
      const cancel = await t().statementsOf(() => service.cancelPending(user, made.requestId));
      const retry = await t().statementsOf(() => service.retryFailed(user, made.requestId));
      // The pending ones are cancelled; each failed device has a new pending upgrade of another
      // request.
      expect(
        (await stored(made.admin.orgId)).map((u) => [u.status, u.request_id === made.requestId]),
      ).toEqual([
        ...Array(failed).fill(['failed', true]),
        ...Array(failed).fill(['cancelled', true]),
        ...Array(failed).fill(['pending', false]),
      ]);
      return [cancel.length, retry.length];
    };
    const one = await counts(1);
    expect(await counts(6)).toEqual(one);
    expect(one[0]).toBeGreaterThan(0);
  });

  it('lists the failed devices of a rollout with their error, and counts a stage of one device as "1 device"', async () => {
    const { admin: owner, devices } = await r.fleet(2, [0, 1]);
    const body = await r.createRollout(owner, devices, {
      stages: [50, 100],
      max_failure_percent: 100,
    });
    await r.report(devices[0], r.upgradeOf(body, devices[0]), 'failed', { error: 'no space' });
    const admin = await browserUser(t(), { orgId: owner.orgId, role: 'admin' });
    const html = htmlOf(
      await (await signedIn(t(), admin)).get(`/rollouts/${body.data.rollout.id}`).expect(200),
    );
    expect(html).toContain('<strong>50 %</strong> · 1 device · ');
    expect(html).not.toContain('1 devices');
    expect(html).toContain(
      `<tr data-upgrade-id="${r.upgradeOf(body, devices[0])}"><td class="mono"><a href="/devices/${devices[0].device.id}">${devices[0].device.mac_id}</a></td><td>no space</td></tr>`,
    );
    expect([...html.matchAll(/<tr data-upgrade-id=/g)]).toHaveLength(1);
  });

  /** The AuthUser of a fixture admin. */
  function asUser(caller: Caller) {
    return {
      id: caller.userId,
      organisation_id: caller.orgId,
      email: 'admin@example.test',
      role: 'admin' as const,
      super_admin: false,
    };
  }
});
