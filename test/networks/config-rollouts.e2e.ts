import { Caller } from '../harness/fixtures';
import { migratedPostgresDatabase, onBothDatabases, startApp, TestApp } from '../harness/app';
import { eventFixtures } from '../harness/events.helpers';
import { GatewayDevice, gatewayFixtures } from '../harness/device-gateway.helpers';
import { withoutPeriodicWork } from '../harness/periodic-work';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { LocationNetworksRepository } from '../../src/networks/location-networks.repository';
import { NetworkSsid } from '../../src/network-ssids/network-ssid.entity';
import { NetworkTemplate } from '../../src/networks/network-template.entity';
import { ConfigRolloutSweep } from '../../src/config-rollouts/config-rollout-sweep.service';
import { DeviceTransitionsService } from '../../src/device-state/device-transitions.service';
import { DeviceLivenessService } from '../../src/device-state/device-liveness.service';
import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { ConfigRevisionsService } from '../../src/config-revisions/config-revisions.service';
import { Device } from '../../src/devices/device.entity';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown as string;
const RUNNING = {
  msg: 'A configuration rollout is running on this network: halt it or wait for it to complete',
  error_code: 1051,
};
const NOT_FOUND = { msg: 'Configuration rollout not found', error_code: 1052 };
const NOT_RUNNING = { msg: 'Configuration rollout is not running', error_code: 1039 };
const NOT_REVERTIBLE = {
  msg: 'Configuration rollout is not halted, or was reverted already',
  error_code: 1039,
};

/** One stage of a rollout record; every count 0 unless given. */
const stage = (
  percent: number,
  devices: number,
  opened: boolean,
  counts: Partial<Record<'waiting' | 'succeeded' | 'failed' | 'skipped', number>> = {},
) => ({
  percent,
  devices,
  opened_at: opened ? ISO : null,
  waiting: 0,
  succeeded: 0,
  failed: 0,
  skipped: 0,
  ...counts,
});

/**
 * Builders: an organisation's network with one SSID (Staff) and devices in it that check in, a
 * draft that changes Staff's VLAN and adds Cafe, its staged publish, and the periodic work run
 * by hand (the tests run with it stopped, so that each pass is the test's).
 */
function rolloutFixtures(t: () => TestApp) {
  const g = gatewayFixtures(t);
  const e = eventFixtures(t);

  /** `count` devices in a fresh network; those in `up` have checked in (UP). */
  async function fleet(count: number, up: number[] = [...Array(count).keys()]) {
    const admin = await t().fixtures.admin();
    const net = await t().fixtures.network(admin.orgId);
    const staff = await t().fixtures.save(NetworkSsid, {
      organisation_id: admin.orgId,
      location_network_id: net.id,
      ssid_name: 'Staff',
      settings: { wpa_key: 'staff-secret', security_mode: 'wpa2' },
      v_lan_attributes: { v_lan_id: 10 },
    });
    const devices: GatewayDevice[] = [];
    for (let i = 0; i < count; i++) {
      devices.push(await g.device(admin.orgId, { networkId: net.id }));
    }
    for (const i of up) {
      await g.checkin(devices[i].auth).expect(200);
    }
    return { admin, net, staff, devices };
  }

  const draftPath = (networkId: number) => `/v1/location_networks/${networkId}/draft`;

  /** Writes the draft (Staff on VLAN 20, a new Cafe) and publishes it with `settings`. */
  async function publish(
    admin: Caller,
    networkId: number,
    staffId: number,
    settings: object,
    expected = 200,
  ) {
    await t()
      .http()
      .put(draftPath(networkId))
      .set(admin.auth)
      .send({
        draft: {
          ssids: [
            {
              id: staffId,
              ssid_name: 'Staff',
              wpa_key: 'staff-secret',
              security_mode: 'wpa2',
              v_lan_attributes: { v_lan_id: 20 },
            },
            { ssid_name: 'Cafe' },
          ],
        },
      })
      .expect(200);
    return t()
      .http()
      .post(`${draftPath(networkId)}/publish`)
      .set(admin.auth)
      .send({ publish: settings })
      .expect(expected);
  }

  /** The device's configuration answer. */
  const config = async (device: GatewayDevice) =>
    (await t().http().get('/device/v1/config').set(device.auth).expect(200)).body as {
      revision: string;
      ssids: { id: number | null; ssid_name: string; v_lan_attributes: unknown }[];
    };

  /** The SSIDs a device is given, as `name@vlan` (id null shown as `new`). */
  const given = async (device: GatewayDevice) =>
    (await config(device)).ssids.map(
      (s) =>
        `${s.id === null ? 'new' : 'kept'}:${s.ssid_name}@${(s.v_lan_attributes as { v_lan_id?: number } | null)?.v_lan_id ?? '-'}`,
    );

  /** The device checks in running the configuration it is given now. */
  const runs = async (device: GatewayDevice) => {
    const { revision } = await config(device);
    await g.checkin(device.auth, { config_revision: revision }).expect(200);
    return revision;
  };

  const show = async (admin: Caller, id: number) =>
    (await t().http().get(`/v1/config_rollouts/${id}`).set(admin.auth).expect(200)).body.data
      .config_rollout as Record<string, unknown>;

  const outcomes = async (admin: Caller, id: number) =>
    (
      (await t().http().get(`/v1/config_rollouts/${id}/devices`).set(admin.auth).expect(200)).body
        .data.devices as { outcome: string; error: string | null }[]
    ).map((d) => (d.error ? `${d.outcome}:${d.error}` : d.outcome));

  /** One pass of the periodic work (of `app`), `ahead` seconds from now. */
  const sweep = (ahead = 0, app = t()) =>
    app.app.get(ConfigRolloutSweep).sweep(new Date(Date.now() + ahead * 1000));

  /** The types of the network's config_rollout events, oldest first, with their data. */
  const rolloutEvents = async (admin: Caller, networkId: number) =>
    (await e.events(admin.auth, { network_id: networkId, type: 'config_rollout.*' }))
      .sort((a, b) => a.id - b.id)
      .map((event) => ({ type: event.type, data: event.data }));

  return { g, e, fleet, publish, config, given, runs, show, outcomes, sweep, rolloutEvents };
}

onBothDatabases('configuration rollouts', (t) => {
  const f = rolloutFixtures(t);
  const quiet = <T>(work: () => Promise<T>) => withoutPeriodicWork(t().app, work);

  const ssidNames = async (networkId: number) =>
    (
      await t()
        .dataSource.getRepository(NetworkSsid)
        .find({ where: { location_network_id: networkId }, order: { id: 'ASC' } })
    ).map(
      (s) =>
        `${s.ssid_name}@${JSON.stringify(s.v_lan_attributes?.v_lan_id ?? '-').replace(/"/g, '')}`,
    );
  const configVersion = async (networkId: number) =>
    (await t().dataSource.getRepository(LocationNetwork).findOneByOrFail({ id: networkId }))
      .config_version;

  it('publishes in stages: the first stage opens at once and only its devices get the draft', () =>
    quiet(async () => {
      const { admin, net, staff, devices } = await f.fleet(4);
      const before = await f.config(devices[3]);
      const res = await f.publish(admin, net.id, staff.id, {
        stages: [50, 100],
        watch_seconds: 60,
      });
      const rollout = res.body.data.config_rollout as { id: number };
      expect(res.body).toEqual({
        data: {
          network: expect.objectContaining({ id: net.id, config_version: 1 }),
          config_rollout: {
            id: rollout.id,
            network: { id: net.id, network_name: net.network_name },
            state: 'running',
            stages: [stage(50, 2, true, { waiting: 2 }), stage(100, 2, false)],
            max_failure_percent: 0,
            failure_percent: 0,
            watch_seconds: 60,
            auto_revert: true,
            stage_wait_seconds: 0,
            next_stage_at: null,
            reverted: [],
            diff: {
              added: [expect.objectContaining({ id: null, ssid_name: 'Cafe' })],
              removed: [],
              changed: [
                {
                  id: staff.id,
                  ssid_name: 'Staff',
                  changes: { v_lan_attributes: { from: { v_lan_id: 10 }, to: { v_lan_id: 20 } } },
                },
              ],
            },
            created_by: { id: admin.userId, email: expect.any(String) as string },
            created_at: ISO,
            finished_at: null,
          },
        },
        status: 200,
      });
      expect(await f.show(admin, rollout.id)).toEqual(res.body.data.config_rollout);
      // The draft is gone (the rollout holds it); the network's SSIDs are unchanged.
      await t()
        .http()
        .get(`/v1/location_networks/${net.id}/draft`)
        .set(admin.auth)
        .expect(404, { msg: 'Draft not found', error_code: 1049 });
      expect(await ssidNames(net.id)).toEqual(['Staff@10']);
      // Stage 1 (the first two by id, all UP) is given the draft; stage 2 the network's.
      expect(await f.given(devices[0])).toEqual(['kept:Staff@20', 'new:Cafe@-']);
      expect(await f.given(devices[1])).toEqual(['kept:Staff@20', 'new:Cafe@-']);
      expect(await f.given(devices[3])).toEqual(['kept:Staff@10']);
      expect((await f.config(devices[3])).revision).toBe(before.revision);
      // The check-in names the new revision to a device of stage 1.
      const answer = await f.g.checkin(devices[0].auth, { config_revision: before.revision });
      expect(answer.body.config).toEqual({
        revision: (await f.config(devices[0])).revision,
        url: expect.any(String) as string,
      });
      // The device records show the revision each is given.
      const list = await t()
        .http()
        .get(`/v1/location_networks/${net.id}/get_network_devices`)
        .set(admin.auth)
        .expect(200);
      const revisions = new Map(
        (list.body.data.devices as { id: number; config: { revision: string } }[]).map((d) => [
          d.id,
          d.config.revision,
        ]),
      );
      expect(revisions.get(devices[0].device.id)).toBe((await f.config(devices[0])).revision);
      expect(revisions.get(devices[3].device.id)).toBe(before.revision);
      expect(await f.outcomes(admin, rollout.id)).toEqual([
        'waiting',
        'waiting',
        'pending',
        'pending',
      ]);
      expect(await f.rolloutEvents(admin, net.id)).toEqual([
        { type: 'config_rollout.created', data: { config_rollout_id: rollout.id } },
        { type: 'config_rollout.stage_opened', data: { config_rollout_id: rollout.id, stage: 1 } },
      ]);
    }));

  it('carries a rollout to completion by check-ins: watched devices succeed, stages open, the draft becomes the network', () =>
    quiet(async () => {
      const { admin, net, staff, devices } = await f.fleet(4);
      const res = await f.publish(admin, net.id, staff.id, {
        stages: [50, 100],
        watch_seconds: 60,
      });
      const id = res.body.data.config_rollout.id as number;
      await f.runs(devices[0]);
      await f.runs(devices[1]);
      // Watched for less than 60 s: still waiting.
      expect(await f.sweep()).toBe(0);
      expect((await f.show(admin, id)).stages).toEqual([
        stage(50, 2, true, { waiting: 2 }),
        stage(100, 2, false),
      ]);
      // 60 s later both succeeded: stage 2 opens.
      expect(await f.sweep(61)).toBe(1);
      expect((await f.show(admin, id)).stages).toEqual([
        stage(50, 2, true, { succeeded: 2 }),
        stage(100, 2, true, { waiting: 2 }),
      ]);
      expect(await f.given(devices[3])).toEqual(['kept:Staff@20', 'new:Cafe@-']);
      await f.runs(devices[2]);
      await f.runs(devices[3]);
      expect(await f.sweep(61)).toBe(1);
      const done = await f.show(admin, id);
      expect(done).toEqual(
        expect.objectContaining({
          state: 'completed',
          finished_at: ISO,
          failure_percent: 0,
          stages: [stage(50, 2, true, { succeeded: 2 }), stage(100, 2, true, { succeeded: 2 })],
        }),
      );
      // The draft's SSIDs are the network's now; every device runs them with their ids.
      expect(await ssidNames(net.id)).toEqual(['Staff@20', 'Cafe@-']);
      expect(await configVersion(net.id)).toBe(2);
      expect(await f.given(devices[0])).toEqual(['kept:Staff@20', 'kept:Cafe@-']);
      expect(await f.sweep(61)).toBe(0);
      expect(await f.outcomes(admin, id)).toEqual([
        'succeeded',
        'succeeded',
        'succeeded',
        'succeeded',
      ]);
      const feed = await f.e.events(admin.auth, { network_id: net.id });
      const ssidEvents = feed.filter((event) => event.type.startsWith('ssid.'));
      expect(ssidEvents.map((event) => event.type).sort()).toEqual([
        'ssid.created',
        'ssid.updated',
      ]);
      expect(ssidEvents[0].actor).toEqual(
        expect.objectContaining({ type: 'user', id: admin.userId }),
      );
      expect((await f.rolloutEvents(admin, net.id)).map((event) => event.type)).toEqual([
        'config_rollout.created',
        'config_rollout.stage_opened',
        'config_rollout.stage_opened',
        'config_rollout.completed',
      ]);
      // SSID writes are open again.
      await t()
        .http()
        .post('/v1/network_ssids')
        .set(admin.auth)
        .send({ network_id: net.id, network_ssid: { ssid_name: 'Later' } })
        .expect(200);
    }));

  it('halts at the first configuration error and reverts the opened stages by default', () =>
    quiet(async () => {
      const { admin, net, staff, devices } = await f.fleet(4);
      const before = await f.config(devices[0]);
      const res = await f.publish(admin, net.id, staff.id, { stages: [50, 100] });
      const id = res.body.data.config_rollout.id as number;
      const { revision } = await f.config(devices[0]);
      await f.g
        .checkin(devices[0].auth, { config_error: { revision, message: 'VLAN 20 unknown' } })
        .expect(200);
      expect(await f.sweep()).toBe(1);
      expect(await f.show(admin, id)).toEqual(
        expect.objectContaining({
          state: 'halted',
          failure_percent: 50,
          finished_at: ISO,
          stages: [stage(50, 2, true, { waiting: 1, failed: 1 }), stage(100, 2, false)],
          reverted: [devices[0].device.mac_id, devices[1].device.mac_id],
        }),
      );
      expect(await f.outcomes(admin, id)).toEqual([
        'failed:VLAN 20 unknown',
        'waiting',
        'pending',
        'pending',
      ]);
      // The devices with one outcome: the failed one, with the count of the filter's.
      const devicesOf = (query: object) =>
        t().http().get(`/v1/config_rollouts/${id}/devices`).query(query).set(admin.auth);
      expect((await devicesOf({ outcome: 'failed' }).expect(200)).body).toEqual({
        data: {
          devices: [
            {
              id: devices[0].device.id,
              mac_id: devices[0].device.mac_id,
              name: devices[0].device.name,
              stage: 1,
              outcome: 'failed',
              reported_at: null,
              error: 'VLAN 20 unknown',
            },
          ],
          meta: { current: 1, previous: null, next: null, per_page: 100, pages: 1, count: 1 },
        },
        status: 200,
      });
      expect(
        (await devicesOf({ outcome: 'pending', per_page: 1 }).expect(200)).body.data.meta,
      ).toEqual({ current: 1, previous: null, next: 2, per_page: 1, pages: 2, count: 2 });
      expect((await devicesOf({ outcome: 'skipped' }).expect(200)).body.data.devices).toEqual([]);
      expect((await devicesOf({ outcome: 'lost' }).expect(422)).body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: 'outcome must be one of: pending, waiting, succeeded, failed, skipped',
      });
      // Reverted: the devices of stage 1 have the network's configuration, and its revision.
      expect(await f.config(devices[0])).toEqual(before);
      expect(await f.given(devices[1])).toEqual(['kept:Staff@10']);
      expect(await ssidNames(net.id)).toEqual(['Staff@10']);
      // Stage 2 never opens; nothing moves any more (an hour on, when the rollouts that other
      // tests left running find their devices DOWN: the count is theirs).
      await f.sweep(3600);
      expect((await f.show(admin, id)).stages).toEqual([
        stage(50, 2, true, { waiting: 1, failed: 1 }),
        stage(100, 2, false),
      ]);
      expect(await f.rolloutEvents(admin, net.id)).toEqual([
        { type: 'config_rollout.created', data: { config_rollout_id: id } },
        { type: 'config_rollout.stage_opened', data: { config_rollout_id: id, stage: 1 } },
        { type: 'config_rollout.halted', data: { config_rollout_id: id, reason: 'threshold' } },
        { type: 'config_rollout.reverted', data: { config_rollout_id: id } },
      ]);
      // Halt and revert of a rollout halted and reverted already: 422 1039.
      await t()
        .http()
        .post(`/v1/config_rollouts/${id}/halt`)
        .set(admin.auth)
        .expect(422, NOT_RUNNING);
      await t()
        .http()
        .post(`/v1/config_rollouts/${id}/revert`)
        .set(admin.auth)
        .expect(422, NOT_REVERTIBLE);
    }));

  it('fails a device that goes DOWN; without auto_revert its stage keeps the draft until Revert', () =>
    quiet(async () => {
      const { admin, net, staff, devices } = await f.fleet(4);
      const res = await f.publish(admin, net.id, staff.id, {
        stages: [50, 100],
        max_failure_percent: 40,
        auto_revert: false,
      });
      const id = res.body.data.config_rollout.id as number;
      await f.runs(devices[1]);
      // Device 1 goes DOWN: its device.down, then the periodic work fails it (1 of 2: 50 % > 40 %).
      await f.e.age(devices[1].device.id, 3600);
      expect(await t().app.get(DeviceTransitionsService).sweep()).toBe(1);
      expect(await f.sweep()).toBe(1);
      const halted = await f.show(admin, id);
      expect(halted).toEqual(
        expect.objectContaining({
          state: 'halted',
          failure_percent: 50,
          reverted: [],
          stages: [stage(50, 2, true, { waiting: 1, failed: 1 }), stage(100, 2, false)],
        }),
      );
      expect(await f.outcomes(admin, id)).toEqual([
        'waiting',
        'failed:went DOWN',
        'pending',
        'pending',
      ]);
      expect(await f.given(devices[0])).toEqual(['kept:Staff@20', 'new:Cafe@-']);
      const reverted = await t()
        .http()
        .post(`/v1/config_rollouts/${id}/revert`)
        .set(admin.auth)
        .expect(200);
      expect(reverted.body).toEqual({
        data: {
          config_rollout: {
            ...halted,
            reverted: [devices[0].device.mac_id, devices[1].device.mac_id],
          },
        },
        status: 200,
      });
      expect(await f.given(devices[0])).toEqual(['kept:Staff@10']);
      await t()
        .http()
        .post(`/v1/config_rollouts/${id}/revert`)
        .set(admin.auth)
        .expect(422, NOT_REVERTIBLE);
      expect((await f.rolloutEvents(admin, net.id)).map((event) => event.type)).toEqual([
        'config_rollout.created',
        'config_rollout.stage_opened',
        'config_rollout.halted',
        'config_rollout.reverted',
      ]);
    }));

  it('skips a device DOWN as its stage opens: it gets the draft but never counts', () =>
    quiet(async () => {
      // Devices 0 and 1 UP, device 2 never heard from: the order puts it last, in stage 2.
      const { admin, net, staff, devices } = await f.fleet(3, [0, 1]);
      const res = await f.publish(admin, net.id, staff.id, { stages: [60, 100], watch_seconds: 0 });
      const id = res.body.data.config_rollout.id as number;
      expect(res.body.data.config_rollout.stages).toEqual([
        stage(60, 2, true, { waiting: 2 }),
        stage(100, 1, false),
      ]);
      await f.runs(devices[0]);
      await f.runs(devices[1]);
      expect(await f.sweep()).toBe(1);
      // Stage 2 opened with its only device skipped: finished at once, the next pass completes.
      expect((await f.show(admin, id)).stages).toEqual([
        stage(60, 2, true, { succeeded: 2 }),
        stage(100, 1, true, { skipped: 1 }),
      ]);
      expect(await f.given(devices[2])).toEqual(['kept:Staff@20', 'new:Cafe@-']);
      expect(await f.sweep()).toBe(1);
      expect(await f.show(admin, id)).toEqual(
        expect.objectContaining({ state: 'completed', failure_percent: 0 }),
      );
      expect(await f.outcomes(admin, id)).toEqual(['succeeded', 'succeeded', 'skipped']);
    }));

  /**
   * The device's last heartbeat `seconds` past the heartbeat timeout ago: DOWN by the rule of
   * current_status, though the DOWN sweep (stopped here) has not recorded it.
   */
  const silentPastTimeout = async (device: GatewayDevice, seconds: number) => {
    const timeout = t().app.get(DeviceLivenessService).timeoutSeconds;
    await t()
      .dataSource.getRepository(Heartbeat)
      .update(
        { device_id: device.device.id },
        { received_at: new Date(Date.now() - (timeout + seconds) * 1000) },
      );
    const [row] = await t()
      .dataSource.getRepository(Heartbeat)
      .findBy({ device_id: device.device.id });
    expect(row.up).toBe(true);
  };

  it('skips a device DOWN by its last check-in as its stage opens, though the DOWN sweep has not recorded it yet', () =>
    quiet(async () => {
      const { admin, net, staff, devices } = await f.fleet(1);
      await silentPastTimeout(devices[0], 2);
      const res = await f.publish(admin, net.id, staff.id, { stages: [50, 100], watch_seconds: 0 });
      expect(res.body.data.config_rollout.stages).toEqual([
        stage(50, 1, true, { skipped: 1 }),
        stage(100, 0, false),
      ]);
      // Stage 1 is finished, and the empty stage 2 too: one pass completes it.
      expect(await f.sweep()).toBe(1);
      expect(await f.show(admin, res.body.data.config_rollout.id as number)).toEqual(
        expect.objectContaining({ state: 'completed', failure_percent: 0 }),
      );
    }));

  it('fails a waiting device that went DOWN within its watch, though the DOWN sweep has not recorded it yet', () =>
    quiet(async () => {
      const { admin, net, staff, devices } = await f.fleet(2);
      const res = await f.publish(admin, net.id, staff.id, {
        stages: [50, 100],
        watch_seconds: 60,
      });
      const id = res.body.data.config_rollout.id as number;
      await f.runs(devices[0]);
      // DOWN 10 s ago, some 50 s before its watch ends.
      await silentPastTimeout(devices[0], 10);
      expect(await f.sweep(61)).toBe(1);
      expect(await f.show(admin, id)).toEqual(
        expect.objectContaining({
          state: 'halted',
          failure_percent: 100,
          stages: [stage(50, 1, true, { failed: 1 }), stage(100, 1, false)],
        }),
      );
      expect(await f.outcomes(admin, id)).toEqual(['failed:went DOWN', 'pending']);
    }));

  it('succeeds a device whose watch passed before it went DOWN, the pass coming later', () =>
    quiet(async () => {
      const { admin, net, staff, devices } = await f.fleet(2);
      const res = await f.publish(admin, net.id, staff.id, { stages: [50, 100], watch_seconds: 5 });
      const id = res.body.data.config_rollout.id as number;
      await f.runs(devices[0]);
      // The pass comes a timeout and a minute later: DOWN by then, but only well after its watch.
      const timeout = t().app.get(DeviceLivenessService).timeoutSeconds;
      expect(await f.sweep(timeout + 60)).toBe(1);
      expect((await f.show(admin, id)).stages).toEqual([
        stage(50, 1, true, { succeeded: 1 }),
        stage(100, 1, true, { skipped: 1 }),
      ]);
      expect(await f.outcomes(admin, id)).toEqual(['succeeded', 'skipped']);
      expect(await f.sweep()).toBe(1);
      expect((await f.show(admin, id)).state).toBe('completed');
    }));

  it("refuses the network's configuration writes with 409 1051 while a rollout runs, and changes nothing", () =>
    quiet(async () => {
      const { admin, net, staff } = await f.fleet(2);
      const res = await f.publish(admin, net.id, staff.id, { stages: [50, 100] });
      const id = res.body.data.config_rollout.id as number;
      const http = () => t().http();
      const template = await t().fixtures.save(NetworkTemplate, {
        organisation_id: admin.orgId,
        name: `tpl-${net.id}`,
        configuration: { ssid_configuration: [] },
      });
      // Refused before any other rule: even a body that would be invalid answers 409.
      await http()
        .post('/v1/network_ssids')
        .set(admin.auth)
        .send({ network_id: net.id, network_ssid: { ssid_name: '' } })
        .expect(409, RUNNING);
      await http()
        .put(`/v1/network_ssids/${staff.id}`)
        .set(admin.auth)
        .send({ network_ssid: { ssid_name: 'Renamed' } })
        .expect(409, RUNNING);
      await http().delete(`/v1/network_ssids/${staff.id}`).set(admin.auth).expect(409, RUNNING);
      await http()
        .post(`/v1/location_networks/${net.id}/config_rollback`)
        .set(admin.auth)
        .send({ network_template_id: template.id, configuration: { ssid_configuration: [] } })
        .expect(409, RUNNING);
      await http().delete(`/v1/location_networks/${net.id}`).set(admin.auth).expect(409, RUNNING);
      // A draft may still be written, not published.
      await f
        .publish(admin, net.id, staff.id, {}, 409)
        .then((r) => expect(r.body).toEqual(RUNNING));
      expect(await ssidNames(net.id)).toEqual(['Staff@10']);
      expect(await configVersion(net.id)).toBe(1);
      // Halted by hand: the writes are open again.
      const halted = await http()
        .post(`/v1/config_rollouts/${id}/halt`)
        .set(admin.auth)
        .expect(200);
      expect(halted.body.data.config_rollout).toEqual(
        expect.objectContaining({ state: 'halted', finished_at: ISO }),
      );
      expect((await f.rolloutEvents(admin, net.id)).slice(2)).toEqual([
        { type: 'config_rollout.halted', data: { config_rollout_id: id, reason: 'manual' } },
        { type: 'config_rollout.reverted', data: { config_rollout_id: id } },
      ]);
      await http()
        .put(`/v1/network_ssids/${staff.id}`)
        .set(admin.auth)
        .send({ network_ssid: { ssid_name: 'Renamed' } })
        .expect(200);
    }));

  it('has the version bump report a running rollout for the rule to refuse, deciding nothing itself', () =>
    quiet(async () => {
      const { admin, net, staff } = await f.fleet(1);
      const res = await f.publish(admin, net.id, staff.id, { stages: [50, 100] });
      const id = res.body.data.config_rollout.id as number;
      const networks = t().app.get(LocationNetworksRepository);
      await expect(networks.bumpConfigVersion(admin.orgId, net.id)).resolves.toEqual({
        bumped: false,
        config_rollout_id: id,
      });
      expect(await configVersion(net.id)).toBe(1);
      // Halted, the network's version moves again.
      await t().http().post(`/v1/config_rollouts/${id}/halt`).set(admin.auth).expect(200);
      await expect(networks.bumpConfigVersion(admin.orgId, net.id)).resolves.toEqual({
        bumped: true,
        config_rollout_id: null,
      });
      expect(await configVersion(net.id)).toBe(2);
      await t().fixtures.syncRevisions(admin.orgId);
    }));

  it('lists, filters and scopes rollouts; another organisation or an unknown id: 404 1052', () =>
    quiet(async () => {
      const { admin, net, staff } = await f.fleet(1);
      const res = await f.publish(admin, net.id, staff.id, { stages: [100] });
      expect(res.body.data.config_rollout).toBeNull();
      await t()
        .http()
        .put(`/v1/location_networks/${net.id}/draft`)
        .set(admin.auth)
        .send({ draft: { ssids: [{ ssid_name: 'Only' }] } })
        .expect(200);
      const staged = await t()
        .http()
        .post(`/v1/location_networks/${net.id}/draft/publish`)
        .set(admin.auth)
        .send({ publish: { stages: [1, 100] } })
        .expect(200);
      const id = staged.body.data.config_rollout.id as number;
      const list = (query: object, caller = admin) =>
        t().http().get('/v1/config_rollouts').query(query).set(caller.auth);
      const one = await list({}).expect(200);
      expect(one.body).toEqual({
        data: {
          config_rollouts: [staged.body.data.config_rollout],
          meta: { current: 1, previous: null, next: null, per_page: 100, pages: 1, count: 1 },
        },
        status: 200,
      });
      expect((await list({ state: 'halted' }).expect(200)).body.data.config_rollouts).toEqual([]);
      expect(
        (await list({ network_id: net.id, state: 'running' }).expect(200)).body.data.meta.count,
      ).toBe(1);
      expect((await list({ state: 'paused', network_id: 'x' }).expect(422)).body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: expect.stringMatching(
          /network_id.*state must be one of: running, halted, completed|state must be one of: running, halted, completed.*network_id/,
        ),
      });
      // A member without a grant on the network sees none of it.
      const member = await t().fixtures.member(admin.orgId);
      expect((await list({}, member).expect(200)).body.data.config_rollouts).toEqual([]);
      await t().http().get(`/v1/config_rollouts/${id}`).set(member.auth).expect(404, NOT_FOUND);
      // A read_only member reads it, and may not halt it.
      await t().fixtures.grant(admin.orgId, member.userId, net.id, 'read_only');
      await t().http().get(`/v1/config_rollouts/${id}`).set(member.auth).expect(200);
      await t()
        .http()
        .post(`/v1/config_rollouts/${id}/halt`)
        .set(member.auth)
        .expect(403, { msg: 'Your access to this network is read-only', error_code: 1029 });
      const stranger = await t().fixtures.admin();
      for (const path of [`${id}`, `${id}/devices`]) {
        await t()
          .http()
          .get(`/v1/config_rollouts/${path}`)
          .set(stranger.auth)
          .expect(404, NOT_FOUND);
      }
      await t()
        .http()
        .post(`/v1/config_rollouts/${id}/halt`)
        .set(stranger.auth)
        .expect(404, NOT_FOUND);
      await t().http().get('/v1/config_rollouts/2147483647').set(admin.auth).expect(404, NOT_FOUND);
    }));

  it('waits stage_wait_seconds after a stage finished before the next opens', () =>
    quiet(async () => {
      const { admin, net, staff, devices } = await f.fleet(2);
      const res = await f.publish(admin, net.id, staff.id, {
        stages: [50, 100],
        watch_seconds: 0,
        stage_wait_seconds: 60,
      });
      const id = res.body.data.config_rollout.id as number;
      await f.runs(devices[0]);
      // Stage 1 finished: the next opens in 60 s.
      expect(await f.sweep()).toBe(1);
      const waiting = await f.show(admin, id);
      expect(waiting.stages).toEqual([stage(50, 1, true, { succeeded: 1 }), stage(100, 1, false)]);
      expect(Date.parse(waiting.next_stage_at as string) - Date.now()).toBeGreaterThan(50_000);
      expect(await f.sweep(30)).toBe(0);
      expect(await f.given(devices[1])).toEqual(['kept:Staff@10']);
      expect(await f.sweep(61)).toBe(1);
      expect(await f.show(admin, id)).toEqual(
        expect.objectContaining({
          next_stage_at: null,
          stages: [stage(50, 1, true, { succeeded: 1 }), stage(100, 1, true, { waiting: 1 })],
        }),
      );
      expect(await f.given(devices[1])).toEqual(['kept:Staff@20', 'new:Cafe@-']);
    }));

  it('makes each transition once however many passes of the periodic work run at once', () =>
    quiet(async () => {
      const { admin, net, staff, devices } = await f.fleet(4);
      const res = await f.publish(admin, net.id, staff.id, { stages: [50, 100], watch_seconds: 0 });
      const id = res.body.data.config_rollout.id as number;
      await f.runs(devices[0]);
      await f.runs(devices[1]);
      const passes = await Promise.all([f.sweep(), f.sweep(), f.sweep()]);
      expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
      await f.runs(devices[2]);
      await f.runs(devices[3]);
      const last = await Promise.all([f.sweep(), f.sweep(), f.sweep()]);
      expect(last.reduce((a, b) => a + b, 0)).toBe(1);
      expect((await f.show(admin, id)).state).toBe('completed');
      expect((await f.rolloutEvents(admin, net.id)).map((event) => event.type)).toEqual([
        'config_rollout.created',
        'config_rollout.stage_opened',
        'config_rollout.stage_opened',
        'config_rollout.completed',
      ]);
      expect(await ssidNames(net.id)).toEqual(['Staff@20', 'Cafe@-']);
    }));

  it('takes as many statements for 12 devices as for 2: the publish, a stage opening, the completion', () =>
    quiet(async () => {
      const count = async (size: number) => {
        const { admin, net, staff, devices } = await f.fleet(size);
        const publish = await t().statementsOf(() =>
          f.publish(admin, net.id, staff.id, { stages: [50, 100], watch_seconds: 0 }),
        );
        for (const device of devices.slice(0, size / 2)) {
          await f.runs(device);
        }
        const opening = await t().statementsOf(() => f.sweep());
        for (const device of devices.slice(size / 2)) {
          await f.runs(device);
        }
        const completion = await t().statementsOf(() => f.sweep());
        return [publish.length, opening.length, completion.length];
      };
      expect(await count(12)).toEqual(await count(2));
    }));

  it("keeps the stored revisions and the records' sync those of what devices are served: a stage opening, a halt's revert, a completion", () =>
    quiet(async () => {
      const { admin, net, staff, devices } = await f.fleet(4);
      /**
       * For each device: the revision it is served, the one stored for it, the one its record
       * shows, and whether its record says it runs it; answers the records out of sync.
       */
      const agree = async () => {
        const stored = new Map(
          (
            await t()
              .dataSource.getRepository(Device)
              .find({ where: { organisation_id: admin.orgId } })
          ).map((d) => [d.id, d.config_revision]),
        );
        const list = await t()
          .http()
          .get(`/v1/location_networks/${net.id}/get_network_devices`)
          .set(admin.auth)
          .expect(200);
        const records = new Map(
          (
            list.body.data.devices as {
              id: number;
              config: { revision: string; applied_revision: string | null; in_sync: boolean };
            }[]
          ).map((d) => [d.id, d.config]),
        );
        const out: number[] = [];
        for (const [k, device] of devices.entries()) {
          const served = (await f.config(device)).revision;
          const record = records.get(device.device.id)!;
          expect(stored.get(device.device.id)).toBe(served);
          expect(record.revision).toBe(served);
          expect(record.in_sync).toBe(record.applied_revision === served);
          if (!record.in_sync) {
            out.push(k);
          }
        }
        expect(await t().app.get(ConfigRevisionsService).check(admin.orgId)).toEqual({
          checked: 4,
          mismatches: [],
        });
        return out;
      };
      for (const device of devices) {
        await f.runs(device);
      }
      expect(await agree()).toEqual([]);
      // Stage 1 opens with the publish: its two devices are served the draft, not run yet.
      await f.publish(admin, net.id, staff.id, {
        stages: [50, 100],
        watch_seconds: 60,
        max_failure_percent: 0,
      });
      expect(await agree()).toEqual([0, 1]);
      await f.runs(devices[0]);
      await f.runs(devices[1]);
      expect(await agree()).toEqual([]);
      // Stage 2 opens by the periodic work.
      expect(await f.sweep(61)).toBe(1);
      expect(await agree()).toEqual([2, 3]);
      // A configuration error halts it and reverts both stages to the network's configuration.
      const { revision } = await f.config(devices[2]);
      await f.g
        .checkin(devices[2].auth, { config_error: { revision, message: 'VLAN 20 unknown' } })
        .expect(200);
      expect(await f.sweep()).toBe(1);
      expect(await f.given(devices[0])).toEqual(['kept:Staff@10']);
      expect(await agree()).toEqual([0, 1]);
      await f.runs(devices[0]);
      await f.runs(devices[1]);
      expect(await agree()).toEqual([]);
      // A new staged publish supersedes the halted rollout and is carried to completion.
      const res = await f.publish(admin, net.id, staff.id, { stages: [50, 100], watch_seconds: 0 });
      expect(await agree()).toEqual([0, 1]);
      await f.runs(devices[0]);
      await f.runs(devices[1]);
      expect(await f.sweep()).toBe(1);
      expect(await agree()).toEqual([2, 3]);
      await f.runs(devices[2]);
      await f.runs(devices[3]);
      expect(await f.sweep()).toBe(1);
      expect((await f.show(admin, res.body.data.config_rollout.id as number)).state).toBe(
        'completed',
      );
      // The network's SSIDs are the draft's now, Cafe with its id: a new revision for each.
      expect(await f.given(devices[3])).toEqual(['kept:Staff@20', 'kept:Cafe@-']);
      expect(await agree()).toEqual([0, 1, 2, 3]);
    }));

  it('keeps the stored revision of a device moved out of and back into a network during a rollout that of what it is served', () =>
    quiet(async () => {
      const { admin, net, staff, devices } = await f.fleet(2);
      const other = await t().fixtures.network(admin.orgId);
      await f.publish(admin, net.id, staff.id, { stages: [50, 100] });
      const stored = async () =>
        (await t().dataSource.getRepository(Device).findOneByOrFail({ id: devices[0].device.id }))
          .config_revision;
      const move = (networkId: number) =>
        t()
          .http()
          .post('/v1/access_points/move_devices')
          .set(admin.auth)
          .send({ devices: [devices[0].device.mac_id], existing_network_id: networkId })
          .expect(200);
      expect(await f.given(devices[0])).toEqual(['kept:Staff@20', 'new:Cafe@-']);
      expect(await stored()).toBe((await f.config(devices[0])).revision);
      // Out of the rollout's network it is given its new network's configuration.
      await move(other.id);
      expect(await f.given(devices[0])).toEqual([]);
      expect(await stored()).toBe((await f.config(devices[0])).revision);
      // Back in, its stage is open: the rollout's again.
      await move(net.id);
      expect(await f.given(devices[0])).toEqual(['kept:Staff@20', 'new:Cafe@-']);
      expect(await stored()).toBe((await f.config(devices[0])).revision);
      expect((await t().app.get(ConfigRevisionsService).check(admin.orgId)).mismatches).toEqual([]);
    }));

  it('refuses bad publish values with 422 1030 naming each, and changes nothing', () =>
    quiet(async () => {
      const { admin, net, staff } = await f.fleet(1);
      const res = await f.publish(
        admin,
        net.id,
        staff.id,
        {
          stages: [50, 50, 100],
          max_failure_percent: -1,
          watch_seconds: 1.5,
          auto_revert: 'yes',
          stage_wait_seconds: -1,
        },
        422,
      );
      expect(res.body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: [
          'publish.stages must be a strictly increasing list of whole percentages from 1 to 100 that ends with 100',
          'publish.max_failure_percent must be a number from 0 to 100',
          'publish.watch_seconds must be an integer number',
          'publish.auto_revert must be a boolean value',
          'publish.stage_wait_seconds must be a whole number of seconds from 0 to 604800',
        ].join(', '),
      });
      expect(
        (await t().http().get('/v1/config_rollouts').set(admin.auth).expect(200)).body.data
          .config_rollouts,
      ).toEqual([]);
      await t().http().get(`/v1/location_networks/${net.id}/draft`).set(admin.auth).expect(200);
    }));
});

describe('configuration rollouts on two instances (PostgreSQL)', () => {
  it('makes each transition once while both instances sweep', async () => {
    const database = await migratedPostgresDatabase();
    const apps: TestApp[] = [];
    try {
      apps.push(await startApp('postgres', { DATABASE_URL: database.url }));
      apps.push(await startApp('postgres', { DATABASE_URL: database.url }));
      const [one, two] = apps;
      const f = rolloutFixtures(() => one);
      const { admin, net, staff, devices } = await f.fleet(4);
      const res = await f.publish(admin, net.id, staff.id, { stages: [50, 100], watch_seconds: 0 });
      const id = res.body.data.config_rollout.id as number;
      const race = () =>
        Promise.all([f.sweep(0, one), f.sweep(0, two), f.sweep(0, one), f.sweep(0, two)]);
      await f.runs(devices[0]);
      await f.runs(devices[1]);
      await race();
      const opened = async () =>
        ((await f.show(admin, id)).stages as { opened_at: string | null }[])[1].opened_at;
      await f.e.eventually(async () => ((await opened()) !== null ? true : undefined));
      await f.runs(devices[2]);
      await f.runs(devices[3]);
      await race();
      await f.e.eventually(async () =>
        (await f.show(admin, id)).state === 'completed' ? true : undefined,
      );
      expect((await f.rolloutEvents(admin, net.id)).map((event) => event.type)).toEqual([
        'config_rollout.created',
        'config_rollout.stage_opened',
        'config_rollout.stage_opened',
        'config_rollout.completed',
      ]);
      const created = await f.e.events(admin.auth, { network_id: net.id, type: 'ssid.created' });
      expect(created.map((event) => event.data.ssid_id)).toHaveLength(1);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.release();
    }
  }, 120_000);
});
