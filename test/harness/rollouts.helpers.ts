import { TestApp } from './app';
import { Caller } from './fixtures';
import { gatewayFixtures, GatewayDevice } from './device-gateway.helpers';

/**
 * Counts of one stage of a rollout record; every status 0 unless given. Its `finished_at` is set
 * when it is open and none of its upgrades is pending, in progress or cancelled (a stage cancelled
 * by a halt did not finish while the rollout ran), unless `finished` says otherwise.
 */
export const stage = (
  percent: number,
  devices: number,
  opened: boolean,
  counts: Partial<Record<'pending' | 'in_progress' | 'done' | 'failed' | 'cancelled', number>> = {},
  finished = opened && !counts.pending && !counts.in_progress && !counts.cancelled,
) => ({
  percent,
  devices,
  opened_at: opened ? expect.stringMatching(/^\d{4}-\d\d-\d\dT/) : null,
  finished_at: finished ? expect.stringMatching(/^\d{4}-\d\d-\d\dT/) : null,
  pending: 0,
  in_progress: 0,
  done: 0,
  failed: 0,
  cancelled: 0,
  ...counts,
});

/** Builders for rollout tests: an organisation with devices that run 1.0.0 and a 2.0.0 release. */
export function rolloutFixtures(t: () => TestApp) {
  const g = gatewayFixtures(t);

  /**
   * An admin and `count` devices of one part in one network; those listed in `up` check in
   * (running 1.0.0), the others are never heard from. Releases 1.0.0 and 2.0.0 have firmware
   * for the part.
   */
  async function fleet(count: number, up: number[] = []) {
    const admin = await t().fixtures.admin();
    const part = await t().fixtures.hardwarePart();
    const network = await t().fixtures.network(admin.orgId);
    for (const version of ['1.0.0', '2.0.0']) {
      await t().fixtures.upgradeData({
        version,
        organisation_id: admin.orgId,
        url: { [part.part_number]: `https://fw.example/${version}.bin` },
      });
    }
    const devices: GatewayDevice[] = [];
    for (let i = 0; i < count; i++) {
      devices.push(await g.device(admin.orgId, { part, networkId: network.id }));
    }
    for (const i of up) {
      await g.checkin(devices[i].auth, { firmware_version: '1.0.0' }).expect(200);
    }
    return { admin, part, network, devices };
  }

  /** POST /upgrades of 2.0.0 to these devices with `rollout`; the answer's body. */
  async function createRollout(
    admin: Caller,
    devices: GatewayDevice[],
    rollout: object,
    fields: object = {},
  ) {
    const res = await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({
        upgrade: {
          aps: devices.map((d) => `AP:${d.device.id}`),
          upgrade_type: 'manual',
          version: '2.0.0',
          rollout,
          ...fields,
        },
      })
      .expect(200);
    return res.body as {
      message: string;
      data: {
        upgrades: { id: number; device_id: number; rollout_id: number }[];
        rollout: { id: number } & Record<string, unknown>;
      };
    };
  }

  /** The upgrade id of each device in a create's answer, by device. */
  const upgradeOf = (
    body: Awaited<ReturnType<typeof createRollout>>,
    device: GatewayDevice,
  ): number => body.data.upgrades.find((u) => u.device_id === device.device.id)!.id;

  /** A check-in of the device; the upgrade handed out (or null). */
  async function checkin(device: GatewayDevice, body: object = {}) {
    const res = await g.checkin(device.auth, body).expect(200);
    return res.body.upgrade as { id: number } | null;
  }

  /** The device reports `state` about upgrade `id`. */
  const report = (device: GatewayDevice, id: number, state: string, extra: object = {}) =>
    checkin(device, { upgrade: { id, state, ...extra } });

  async function show(admin: Caller, id: number) {
    const res = await t().http().get(`/v1/rollouts/${id}`).set(admin.auth).expect(200);
    return res.body.data.rollout as Record<string, unknown>;
  }

  return { g, fleet, createRollout, upgradeOf, checkin, report, show };
}
