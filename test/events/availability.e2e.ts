import { UnitOfWork } from '../../src/database/unit-of-work';
import { ChangeRunner } from '../../src/fleet-change/change-runner.service';
import { onBothDatabases } from '../harness/app';
import { gatewayFixtures } from '../harness/device-gateway.helpers';

onBothDatabases('GET /v1/access_points/availability', (t) => {
  const g = gatewayFixtures(t);
  // Yesterday's midnight (UTC): inside the event retention, which the DOWN sweep applies at each
  // pass, whatever day the suite runs on.
  const day = new Date(Date.now() - 86_400_000);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const at = (minute: number) => new Date(midnight + minute * 60_000);
  const iso = (minute: number) => at(minute).toISOString();

  /** A device whose up/down history is scripted: [type, minute] pairs. */
  const scripted = async (orgId: number, history: ['device.up' | 'device.down', number][]) => {
    const network = await t().fixtures.network(orgId);
    const ap = await g.device(orgId, { networkId: network.id });
    await t()
      .app.get(UnitOfWork)
      .run(() =>
        t()
          .app.get(ChangeRunner)
          .record(
            orgId,
            history.map(([type, minute]) => ({
              type,
              occurred_at: at(minute),
              network: { id: network.id, network_name: network.network_name },
              device: { id: ap.device.id, mac_id: ap.device.mac_id, name: null },
              actor: { type: 'system' },
              data: {},
            })),
          ),
      );
    return { ap, network };
  };

  const availability = (auth: Record<string, string>, query: Record<string, string>) =>
    t().http().get('/v1/access_points/availability').query(query).set(auth);

  it('covers the window with UP, DOWN and UNKNOWN intervals from the events, with the uptime', async () => {
    const admin = await t().fixtures.admin();
    const { ap } = await scripted(admin.orgId, [
      ['device.up', 10],
      ['device.down', 40],
      ['device.up', 50],
    ]);
    const res = await availability(admin.auth, {
      mac_id: ap.device.mac_id.toLowerCase(),
      since: iso(0),
      until: iso(60),
    }).expect(200);
    expect(res.body).toEqual({
      data: {
        mac_id: ap.device.mac_id,
        since: iso(0),
        until: iso(60),
        uptime_percent: 80,
        intervals: [
          { state: 'UNKNOWN', from: iso(0), to: iso(10) },
          { state: 'UP', from: iso(10), to: iso(40) },
          { state: 'DOWN', from: iso(40), to: iso(50) },
          { state: 'UP', from: iso(50), to: iso(60) },
        ],
      },
      status: 200,
    });
    const later = await availability(admin.auth, {
      mac_id: ap.device.mac_id,
      since: iso(45),
      until: iso(55),
    }).expect(200);
    expect(later.body.data).toMatchObject({
      uptime_percent: 50,
      intervals: [
        { state: 'DOWN', from: iso(45), to: iso(50) },
        { state: 'UP', from: iso(50), to: iso(55) },
      ],
    });
  });

  it('answers 422 1030 for a reversed or too long window, 404 1011 for a device the caller cannot see', async () => {
    const admin = await t().fixtures.admin();
    const { ap } = await scripted(admin.orgId, []);
    const reversed = await availability(admin.auth, {
      mac_id: ap.device.mac_id,
      since: iso(10),
      until: iso(0),
    }).expect(422);
    expect(reversed.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: 'since must not be after until',
    });
    const long = await availability(admin.auth, {
      mac_id: ap.device.mac_id,
      since: '2025-01-01T00:00:00Z',
      until: '2025-04-02T00:00:00Z',
    }).expect(422);
    expect(long.body.errors).toBe('since and until must be at most 90 days apart');
    const missing = { msg: 'Device not found', error_code: 1011 };
    const member = await t().fixtures.member(admin.orgId);
    expect(
      (await availability(member.auth, { mac_id: ap.device.mac_id }).expect(404)).body,
    ).toEqual(missing);
    const stranger = await t().fixtures.admin();
    expect(
      (await availability(stranger.auth, { mac_id: ap.device.mac_id }).expect(404)).body,
    ).toEqual(missing);
  });
});
