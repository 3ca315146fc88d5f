import { onBothDatabases } from '../harness/app';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { eventFixtures } from '../harness/events.helpers';

onBothDatabases('device.config_applied and device.config_failed', (t) => {
  const g = gatewayFixtures(t);
  const e = eventFixtures(t);

  it('records a new revision a device reports, once, saying whether it is the current one', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const ap = await g.device(admin.orgId, { networkId: network.id });
    const first = await g.checkin(ap.auth).expect(200);
    const current = first.body.config.revision as string;
    await g.checkin(ap.auth, { config_revision: 'an-older-one' }).expect(200);
    await g.checkin(ap.auth, { config_revision: current }).expect(200);
    await g.checkin(ap.auth, { config_revision: current }).expect(200);
    const events = await e.events(admin.auth, { after: 0, type: 'device.config_applied' });
    expect(events.map((event) => [event.data, event.actor, event.device?.id])).toEqual([
      [{ revision: 'an-older-one', in_sync: false }, { type: 'device' }, ap.device.id],
      [{ revision: current, in_sync: true }, { type: 'device' }, ap.device.id],
    ]);
    expect(events[0].network).toEqual({ id: network.id, network_name: network.network_name });
  });

  it('records a new error about the current revision, once however often it is repeated', async () => {
    const admin = await t().fixtures.admin();
    const ap = await g.device(admin.orgId);
    const current = (await g.checkin(ap.auth).expect(200)).body.config.revision as string;
    const fail = (revision: string, message: string) =>
      g.checkin(ap.auth, { config_error: { revision, message } }).expect(200);
    await fail(current, 'bad SSID');
    await fail(current, 'bad SSID');
    await fail('another-revision', 'ignored');
    await fail(current, 'still bad');
    const events = await e.events(admin.auth, { after: 0, type: 'device.config_failed' });
    expect(events.map((event) => event.data)).toEqual([
      { revision: current, message: 'bad SSID' },
      { revision: current, message: 'still bad' },
    ]);
  });
});
