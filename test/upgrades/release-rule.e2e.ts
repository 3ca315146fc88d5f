import { onBothDatabases } from '../harness/app';
import { gatewayFixtures } from '../harness/device-gateway.helpers';

/**
 * Which release a version means for a device is one rule (releaseForPart), asked by
 * create, the hand-out and the auto-revert alike. A fresh database: global releases show in
 * every organisation.
 */
onBothDatabases('the release of a version for a device', (t) => {
  const g = gatewayFixtures(t);

  it('upgrades a device to a version whose newest global record is for another part', async () => {
    const admin = await t().fixtures.admin();
    const [a, b] = [await t().fixtures.hardwarePart(), await t().fixtures.hardwarePart()];
    const release = (part: string) =>
      t().fixtures.upgradeData({
        version: '1.0.0',
        organisation_id: null,
        url: { [part]: `https://fw.example/1.0.0/${part}.bin` },
      });
    await release(a.part_number);
    // A super admin posts 1.0.0 again, for the other part.
    await release(b.part_number);
    const ap = await g.device(admin.orgId, { part: a });
    await g.checkin(ap.auth, { firmware_version: '0.9.0' }).expect(200);
    const created = await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({
        upgrade: { aps: [`AP:${ap.device.id}`], upgrade_type: 'manual', version: '1.0.0' },
      })
      .expect(200);
    const id = created.body.data.upgrades[0].id as number;
    const answer = await g.checkin(ap.auth, { firmware_version: '0.9.0' }).expect(200);
    expect(answer.body.upgrade).toEqual({
      id,
      version: '1.0.0',
      url: `https://fw.example/1.0.0/${a.part_number}.bin`,
      save_prev_config: false,
    });
  });

  it('still refuses a version that has no firmware for a target’s part in any record', async () => {
    const admin = await t().fixtures.admin();
    const [a, c] = [await t().fixtures.hardwarePart(), await t().fixtures.hardwarePart()];
    await t().fixtures.upgradeData({
      version: '3.0.0',
      organisation_id: admin.orgId,
      url: { [a.part_number]: 'https://fw.example/3.0.0/a.bin' },
    });
    const ap = await g.device(admin.orgId, { part: c });
    const refused = await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({
        upgrade: { aps: [`AP:${ap.device.id}`], upgrade_type: 'manual', version: '3.0.0' },
      })
      .expect(422);
    expect(refused.body).toEqual(
      expect.objectContaining({
        message: `Version 3.0.0 has no firmware for the hardware of devices: ${ap.device.mac_id}`,
      }),
    );
  });
});
