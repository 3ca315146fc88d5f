import { Device } from '../../src/devices/device.entity';
import { Upgrade } from '../../src/firmware/upgrade.entity';
import { onDatabase } from '../harness/app';
import { unique } from '../harness/fixtures';

// PostgreSQL runs transactions concurrently (SQLite queues them), so only it can race.
onDatabase('postgres', 'upgrades under concurrent requests', (t) => {
  it('keeps one pending upgrade per device when creates for the same devices race', async () => {
    const admin = await t().fixtures.admin();
    const part = await t().fixtures.hardwarePart();
    await t().fixtures.upgradeData({
      organisation_id: admin.orgId,
      url: { [part.part_number]: 'https://fw.example/1.0.0.bin' },
    });
    const devices = await Promise.all(
      [1, 2, 3].map(() =>
        t().fixtures.save(Device, {
          mac_id: t().fixtures.mac(),
          organisation_id: admin.orgId,
          hardware_part_id: part.id,
          serial: unique('SN'),
        }),
      ),
    );
    const aps = devices.map((d) => `AP:${d.id}`);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        t().http().post('/upgrades').set(admin.auth).send({ upgrade: { aps } }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const messages = responses.map((r) => (r.body as { message: string }).message).sort();
    expect(messages).toEqual([
      'Upgrade created successfully',
      ...Array<string>(5).fill('Upgrade updated successfully'),
    ]);
    const stored = await t()
      .dataSource.getRepository(Upgrade)
      .find({ where: { organisation_id: admin.orgId } });
    expect(stored.map((u) => u.device_id).sort((a, b) => a - b)).toEqual(
      devices.map((d) => d.id).sort((a, b) => a - b),
    );
  });
});
