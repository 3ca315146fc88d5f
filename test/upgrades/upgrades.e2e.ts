import { AuthUser } from '../../src/common/auth/auth-user';
import { Device } from '../../src/devices/device.entity';
import { HardwarePart } from '../../src/catalogue/hardware-part.entity';
import { Tag } from '../../src/devices/tag.entity';
import { Upgrade } from '../../src/firmware/upgrade.entity';
import { UpgradesService } from '../../src/upgrades/upgrades.service';
import { onBothDatabases, TestApp } from '../harness/app';
import { Caller, unique } from '../harness/fixtures';

const FORBIDDEN = { msg: 'Only an organisation admin may do this', error_code: 1029 };
const NOT_FOUND = { message: 'Upgrade not found', status: 404 };
const CREATED = 'Upgrade created successfully';
const UPDATED = 'Upgrade updated successfully';

/** Builds the records each test needs in its own organisation. */
function scenario(t: () => TestApp) {
  const f = () => t().fixtures;
  return {
    async org() {
      const admin = await f().admin();
      const part = await f().hardwarePart();
      return { admin, orgId: admin.orgId, part };
    },
    release(orgId: number | null, version: string, parts: HardwarePart[], is_released = true) {
      return f().upgradeData({
        version,
        organisation_id: orgId,
        is_released,
        url: Object.fromEntries(
          parts.map((p) => [p.part_number, `https://fw.example/${version}/${p.part_number}.bin`]),
        ),
      });
    },
    network(orgId: number) {
      return f().network(orgId);
    },
    tag(orgId: number) {
      return f().save(Tag, { organisation_id: orgId, name: unique('tag-') });
    },
    device(orgId: number, part: HardwarePart | null, fields: Partial<Device> = {}) {
      return f().save(Device, {
        mac_id: f().mac(),
        organisation_id: orgId,
        hardware_part_id: part?.id ?? null,
        serial: unique('SN'),
        ...fields,
      });
    },
    /** Inserts `count` devices of the network in one statement and returns them by id. */
    async manyDevices(orgId: number, part: HardwarePart, networkId: number, count: number) {
      const repository = t().dataSource.getRepository(Device);
      const rows = Array.from({ length: count }, () => ({
        mac_id: f().mac(),
        organisation_id: orgId,
        hardware_part_id: part.id,
        location_network_id: networkId,
        serial: unique('SN'),
      }));
      await f().insertRows(Device, rows, 2000);
      await f().recountDevices();
      return repository.find({ where: { location_network_id: networkId }, order: { id: 'ASC' } });
    },
    upgradesOf(orgId: number) {
      return t()
        .dataSource.getRepository(Upgrade)
        .find({ where: { organisation_id: orgId }, order: { id: 'ASC' } });
    },
  };
}

/** The exact upgrade record of a device as the API returns it. */
function record(device: Device, fields: Record<string, unknown> = {}) {
  return {
    id: expect.any(Number),
    version: '1.0.0',
    upgrade_type: 'automatic',
    schedule_type: 'now',
    schedule_at: null,
    time_zone: null,
    save_prev_config: false,
    aps: [`AP:${device.id}`],
    status: 'pending',
    progress: null,
    error: null,
    started_at: null,
    completed_at: null,
    previous_version: null,
    rollout_id: null,
    revert_of: null,
    device_id: device.id,
    mac_id: device.mac_id,
    organisation_id: device.organisation_id,
    created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    ...fields,
  };
}

const byDevice = <T extends { device_id: number }>(upgrades: T[]): T[] =>
  [...upgrades].sort((a, b) => a.device_id - b.device_id);

onBothDatabases('upgrades', (t) => {
  const s = scenario(t);
  const post = (caller: Caller, upgrade: unknown) =>
    t()
      .http()
      .post('/upgrades')
      .set(caller.auth)
      .set('Accept', 'application/json')
      .send({ upgrade });

  describe('create', () => {
    it('creates one pending upgrade per device for mixed AP, network and tag targets', async () => {
      const { admin, orgId, part } = await s.org();
      await s.release(orgId, '1.0.0', [part]);
      const network = await s.network(orgId);
      const tag = await s.tag(orgId);
      const byId = await s.device(orgId, part);
      const inNetwork = await s.device(orgId, part, { location_network_id: network.id });
      const tagged = await s.device(orgId, part, { tags: [tag] });
      const both = await s.device(orgId, part, { location_network_id: network.id, tags: [tag] });
      await s.device(orgId, part); // not targeted

      const res = await post(admin, {
        aps: [`AP:${byId.id}`, `network:${network.id}`, `tag:${tag.id}`, `AP:${both.id}`],
      }).expect(200);

      expect(res.body.message).toContain('created');
      expect({ ...res.body, data: { upgrades: byDevice(res.body.data.upgrades) } }).toEqual({
        message: CREATED,
        status: 200,
        data: { upgrades: [record(byId), record(inNetwork), record(tagged), record(both)] },
      });
      expect(await s.upgradesOf(orgId)).toHaveLength(4);
    });

    it('sets the version of an automatic upgrade to the newest released version (dotted numeric order)', async () => {
      const { admin, orgId, part } = await s.org();
      const device = await s.device(orgId, part);
      await s.release(orgId, '1.9.0', [part]);
      await s.release(orgId, '1.10.0', [part]);
      await s.release(orgId, '1.2.0', [part]);
      await s.release(orgId, '2.0.0', [part], false); // unreleased
      const other = await s.org();
      await s.release(other.orgId, '9.0.0', [part]); // another organisation's release

      const res = await post(admin, { version: '1.2.0', aps: [`AP:${device.id}`] }).expect(200);
      expect(res.body).toEqual({
        message: CREATED,
        status: 200,
        data: { upgrades: [record(device, { version: '1.10.0' })] },
      });
    });

    it('treats blank upgrade_type and schedule_type as automatic and now', async () => {
      const { admin, orgId, part } = await s.org();
      const device = await s.device(orgId, part);
      await s.release(orgId, '1.0.0', [part]);
      const res = await post(admin, {
        upgrade_type: '',
        schedule_type: '',
        version: '',
        save_prev_config: true,
        aps: [`ap:${device.id}`],
      }).expect(200);
      expect(res.body.data.upgrades).toEqual([record(device, { save_prev_config: true })]);
    });

    it('keeps the version of a manual upgrade', async () => {
      const { admin, orgId, part } = await s.org();
      const device = await s.device(orgId, part);
      await s.release(orgId, '1.0.0', [part]);
      await s.release(orgId, '1.1.0', [part]);
      const res = await post(admin, {
        upgrade_type: 'manual',
        version: '1.0.0',
        aps: [`AP:${device.id}`],
      }).expect(200);
      expect(res.body.data.upgrades).toEqual([
        record(device, { upgrade_type: 'manual', version: '1.0.0' }),
      ]);
    });

    it('answers 422 when a manual version is not among the visible releases', async () => {
      const { admin, orgId, part } = await s.org();
      const device = await s.device(orgId, part);
      await s.release(orgId, '1.0.0', [part]);
      await s.release(orgId, '3.0.0', [part], false);
      const other = await s.org();
      await s.release(other.orgId, '4.0.0', [part]);
      for (const version of ['7.7.7', '3.0.0', '4.0.0']) {
        const res = await post(admin, {
          upgrade_type: 'manual',
          version,
          aps: [`AP:${device.id}`],
        }).expect(422);
        expect(res.body).toEqual({ message: `Version ${version} is not available`, status: 422 });
      }
      const res = await post(admin, { upgrade_type: 'manual', aps: [`AP:${device.id}`] }).expect(
        422,
      );
      expect(res.body).toEqual({
        message: 'version is required for a manual upgrade',
        status: 422,
      });
      expect(await s.upgradesOf(orgId)).toEqual([]);
    });

    it('lets a super administrator choose an unreleased manual version', async () => {
      const boss = await t().fixtures.superAdmin();
      const part = await t().fixtures.hardwarePart();
      const device = await s.device(boss.orgId, part);
      await s.release(boss.orgId, '3.0.0', [part], false);
      const res = await post(boss, {
        upgrade_type: 'manual',
        version: '3.0.0',
        aps: [`AP:${device.id}`],
      }).expect(200);
      expect(res.body.data.upgrades).toEqual([
        record(device, { upgrade_type: 'manual', version: '3.0.0' }),
      ]);
    });

    it('answers 422 when there is no upgrade data at all', async () => {
      const { admin, orgId, part } = await s.org();
      const device = await s.device(orgId, part);
      const res = await post(admin, { aps: [`AP:${device.id}`] }).expect(422);
      expect(res.body).toEqual({ message: 'No upgrade data available', status: 422 });
    });

    it('answers 422 when the only visible upgrade data is unreleased and the upgrade is automatic', async () => {
      const { admin, orgId, part } = await s.org();
      const device = await s.device(orgId, part);
      await s.release(orgId, '1.0.0', [part], false);
      const res = await post(admin, { aps: [`AP:${device.id}`] }).expect(422);
      expect(res.body).toEqual({ message: 'No released upgrade data available', status: 422 });
    });

    it('answers 422 naming the version and the MACs of devices without firmware, creating nothing', async () => {
      const { admin, orgId, part } = await s.org();
      const otherPart = await t().fixtures.hardwarePart();
      await s.release(orgId, '1.0.0', [part]);
      const network = await s.network(orgId);
      await s.device(orgId, part, { location_network_id: network.id });
      const unsupported = await s.device(orgId, otherPart, { location_network_id: network.id });
      const unknownHardware = await s.device(orgId, null, { location_network_id: network.id });
      const res = await post(admin, { aps: [`network:${network.id}`] }).expect(422);
      expect(res.body).toEqual({
        message: `Version 1.0.0 has no firmware for the hardware of devices: ${unsupported.mac_id}, ${unknownHardware.mac_id}`,
        status: 422,
      });
      expect(await s.upgradesOf(orgId)).toEqual([]);
    });

    it('schedules in a current IANA name such as Asia/Kolkata, stored as sent', async () => {
      const { admin, orgId, part } = await s.org();
      await s.release(orgId, '1.0.0', [part]);
      const device = await s.device(orgId, part);
      const res = await post(admin, {
        schedule_type: 'later',
        schedule_at: '2031-05-01T10:30:00+05:30',
        time_zone: 'Asia/Kolkata',
        aps: [`AP:${device.id}`],
      }).expect(200);
      const later = {
        schedule_type: 'later',
        schedule_at: '2031-05-01T05:00:00.000Z',
        time_zone: 'Asia/Kolkata',
      };
      expect(res.body).toEqual({
        message: CREATED,
        status: 200,
        data: { upgrades: [record(device, later)] },
      });
      const [stored] = await s.upgradesOf(orgId);
      expect(stored.time_zone).toBe('Asia/Kolkata');
    });

    it('replaces the pending upgrade of a device and says updated', async () => {
      const { admin, orgId, part } = await s.org();
      await s.release(orgId, '1.0.0', [part]);
      const first = await s.device(orgId, part);
      const second = await s.device(orgId, part);
      const created = await post(admin, { aps: [`AP:${first.id}`] }).expect(200);
      const previous = created.body.data.upgrades[0];

      const res = await post(admin, {
        schedule_type: 'later',
        schedule_at: '2031-05-01T10:30:00+02:00',
        time_zone: 'Europe/Paris',
        save_prev_config: true,
        aps: [`AP:${first.id}`, `AP:${second.id}`],
      }).expect(200);
      const later = {
        schedule_type: 'later',
        schedule_at: '2031-05-01T08:30:00.000Z',
        time_zone: 'Europe/Paris',
        save_prev_config: true,
      };
      expect(res.body.message).toContain('updated');
      expect({ ...res.body, data: { upgrades: byDevice(res.body.data.upgrades) } }).toEqual({
        message: UPDATED,
        status: 200,
        data: {
          upgrades: [
            record(first, { ...later, id: previous.id, created_at: previous.created_at }),
            record(second, later),
          ],
        },
      });
      expect(await s.upgradesOf(orgId)).toHaveLength(2);

      const again = await post(admin, { aps: [`AP:${first.id}`] }).expect(200);
      expect(again.body).toEqual({
        message: UPDATED,
        status: 200,
        data: { upgrades: [record(first, { id: previous.id, created_at: previous.created_at })] },
      });
    });

    it.each([
      [
        { schedule_type: 'later' },
        'schedule_at is required when schedule_type is later, time_zone is required when schedule_type is later',
      ],
      [
        { schedule_type: 'later', schedule_at: '2031-01-01T00:00:00Z' },
        'time_zone is required when schedule_type is later',
      ],
      [
        { schedule_type: 'soon' },
        'upgrade.schedule_type must be one of the following values: now, later',
      ],
      [
        { upgrade_type: 'forced' },
        'upgrade.upgrade_type must be one of the following values: automatic, manual',
      ],
      [
        { schedule_type: 'later', schedule_at: 'tomorrow', time_zone: 'Europe/Paris' },
        'upgrade.schedule_at must be a valid ISO 8601 date string',
      ],
      [
        { schedule_type: 'later', schedule_at: '2031-01-01T00:00:00Z', time_zone: 'Mars/Olympus' },
        'upgrade.time_zone must be an IANA time zone name',
      ],
      [{ save_prev_config: 'yes' }, 'upgrade.save_prev_config must be a boolean value'],
      [{ aps: 'AP:1' }, 'upgrade.aps must be an array'],
      [{ aps: [] }, 'aps must name at least one target'],
      [{}, 'aps must name at least one target'],
    ])('answers 422 {message, status} for the invalid upgrade %j', async (upgrade, message) => {
      const { admin, orgId, part } = await s.org();
      await s.release(orgId, '1.0.0', [part]);
      const res = await post(admin, upgrade).expect(422);
      expect(res.body).toEqual({ message, status: 422 });
    });

    it('answers 422 {message, status} when the upgrade object is missing', async () => {
      const { admin } = await s.org();
      const res = await t().http().post('/upgrades').set(admin.auth).send({}).expect(422);
      expect(res.body).toEqual({ message: 'upgrade must be an object', status: 422 });
    });

    it('answers 422 naming malformed targets and targets of another organisation', async () => {
      const { admin, orgId, part } = await s.org();
      await s.release(orgId, '1.0.0', [part]);
      const mine = await s.device(orgId, part);
      const other = await s.org();
      const theirNetwork = await s.network(other.orgId);
      const theirTag = await s.tag(other.orgId);
      const theirDevice = await s.device(other.orgId, part);
      const cases: [string[], string][] = [
        [
          ['bogus', `AP:${mine.id}`, 'network:abc', 'AP:1.5'],
          'Invalid targets: bogus, network:abc, AP:1.5',
        ],
        [
          [`network:${theirNetwork.id}`, `tag:${theirTag.id}`],
          `Invalid targets: network:${theirNetwork.id}, tag:${theirTag.id}`,
        ],
        [[`AP:${mine.id}`, `AP:${theirDevice.id}`], `Invalid targets: AP:${theirDevice.id}`],
        // Out of the id range: answered like an id of no device.
        [[`AP:${mine.id}`, 'AP:99999999999', 'AP:0'], 'Invalid targets: AP:99999999999, AP:0'],
      ];
      for (const [aps, message] of cases) {
        const res = await post(admin, { aps }).expect(422);
        expect(res.body).toEqual({ message, status: 422 });
      }
      expect(await s.upgradesOf(orgId)).toEqual([]);
      expect(await s.upgradesOf(other.orgId)).toEqual([]);
    });

    it('answers 422 when the targets match no device', async () => {
      const { admin, orgId, part } = await s.org();
      await s.release(orgId, '1.0.0', [part]);
      const network = await s.network(orgId);
      const res = await post(admin, { aps: [`network:${network.id}`] }).expect(422);
      expect(res.body).toEqual({
        message: 'No device of the organisation matches the targets',
        status: 422,
      });
    });
  });

  describe('reads', () => {
    it('lists and shows the organisation upgrades, also with .json, and filters by id', async () => {
      const { admin, orgId, part } = await s.org();
      await s.release(orgId, '1.0.0', [part]);
      const network = await s.network(orgId);
      const inNetwork = { location_network_id: network.id };
      const [a, b] = [
        await s.device(orgId, part, inNetwork),
        await s.device(orgId, part, inNetwork),
      ];
      const created = await post(admin, { aps: [`AP:${a.id}`, `AP:${b.id}`] }).expect(200);
      const [ua, ub] = byDevice(created.body.data.upgrades as { id: number; device_id: number }[]);
      const member = await t().fixtures.member(orgId);
      await t().fixtures.grant(orgId, member.userId, network.id, 'read_only');

      for (const path of ['/upgrades', '/upgrades.json']) {
        const res = await t().http().get(path).set(member.auth).expect(200);
        expect(res.body).toEqual({
          data: { upgrades: [record(a, { id: ua.id }), record(b, { id: ub.id })] },
        });
      }
      const filtered = await t().http().get(`/upgrades?id=${ub.id}`).set(admin.auth).expect(200);
      expect(filtered.body).toEqual({ data: { upgrades: [record(b, { id: ub.id })] } });
      for (const path of [`/upgrades/${ua.id}`, `/upgrades/${ua.id}.json`]) {
        const res = await t()
          .http()
          .get(path)
          .set(member.auth)
          .set('Accept', 'application/json')
          .expect(200);
        expect(res.body).toEqual({ data: { upgrades: record(a, { id: ua.id }) } });
      }
    });

    it('never reveals another organisation upgrades', async () => {
      const { admin, orgId, part } = await s.org();
      await s.release(orgId, '1.0.0', [part]);
      const device = await s.device(orgId, part);
      const created = await post(admin, { aps: [`AP:${device.id}`] }).expect(200);
      const id = created.body.data.upgrades[0].id as number;
      const stranger = await t().fixtures.admin();

      const list = await t().http().get('/upgrades').set(stranger.auth).expect(200);
      expect(list.body).toEqual({ data: { upgrades: [] } });
      const filtered = await t().http().get(`/upgrades?id=${id}`).set(stranger.auth).expect(200);
      expect(filtered.body).toEqual({ data: { upgrades: [] } });
      for (const request of [
        t().http().get(`/upgrades/${id}`),
        t()
          .http()
          .patch(`/upgrades/${id}`)
          .send({ upgrade: { save_prev_config: true } }),
        t()
          .http()
          .put(`/upgrades/${id}`)
          .send({ upgrade: { save_prev_config: true } }),
        t().http().delete(`/upgrades/${id}`),
      ]) {
        const res = await request.set(stranger.auth).expect(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
      expect(await s.upgradesOf(orgId)).toMatchObject([{ id, save_prev_config: false }]);
    });

    it('answers 404 {message, status} for an unknown or out-of-range id', async () => {
      const { admin } = await s.org();
      for (const path of ['/upgrades/999999', '/upgrades/99999999999', '/upgrades/0']) {
        const res = await t().http().get(path).set(admin.auth).expect(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
    });

    it('answers 422 {message, status} for an id that is not an integer', async () => {
      const { admin } = await s.org();
      const res = await t().http().get('/upgrades/abc.json').set(admin.auth).expect(422);
      expect(res.body).toEqual({ message: 'id must be an integer number', status: 422 });
    });

    it('answers 401 1028 without a token', async () => {
      const res = await t().http().get('/upgrades').set('Accept', 'application/json').expect(401);
      expect(res.body).toEqual({
        msg: 'Missing, invalid, expired or revoked access token',
        error_code: 1028,
      });
    });
  });

  describe('update', () => {
    async function pendingUpgrade() {
      const ctx = await s.org();
      await s.release(ctx.orgId, '1.0.0', [ctx.part]);
      await s.release(ctx.orgId, '1.5.0', [ctx.part]);
      const device = await s.device(ctx.orgId, ctx.part);
      const res = await post(ctx.admin, {
        upgrade_type: 'manual',
        version: '1.0.0',
        aps: [`AP:${device.id}`],
      }).expect(200);
      return {
        ...ctx,
        device,
        upgrade: res.body.data.upgrades[0] as { id: number; created_at: string },
      };
    }

    it.each(['patch', 'put'] as const)(
      'replaces the attributes of a pending upgrade with %s',
      async (method) => {
        const { admin, device, upgrade } = await pendingUpgrade();
        const res = await t()
          .http()
          [method](`/upgrades/${upgrade.id}`)
          .set(admin.auth)
          .send({
            upgrade: {
              upgrade_type: 'automatic',
              schedule_type: 'later',
              schedule_at: '2031-01-02T03:04:05Z',
              time_zone: 'UTC',
            },
          })
          .expect(200);
        expect(res.body).toEqual({
          message: UPDATED,
          status: 200,
          data: {
            upgrades: [
              record(device, {
                id: upgrade.id,
                created_at: upgrade.created_at,
                version: '1.5.0',
                schedule_type: 'later',
                schedule_at: '2031-01-02T03:04:05.000Z',
                time_zone: 'UTC',
              }),
            ],
          },
        });
      },
    );

    it('keeps the attributes the request leaves out', async () => {
      const { admin, device, upgrade } = await pendingUpgrade();
      const res = await t()
        .http()
        .patch(`/upgrades/${upgrade.id}.json`)
        .set(admin.auth)
        .send({ upgrade: { save_prev_config: true } })
        .expect(200);
      expect(res.body.data.upgrades).toEqual([
        record(device, {
          id: upgrade.id,
          created_at: upgrade.created_at,
          upgrade_type: 'manual',
          version: '1.0.0',
          save_prev_config: true,
        }),
      ]);
    });

    it('applies the create rule per device when aps is given', async () => {
      const { admin, orgId, part, device, upgrade } = await pendingUpgrade();
      const fresh = await s.device(orgId, part);
      const res = await t()
        .http()
        .patch(`/upgrades/${upgrade.id}`)
        .set(admin.auth)
        .send({ upgrade: { aps: [`AP:${fresh.id}`] } })
        .expect(200);
      const manual = { upgrade_type: 'manual', version: '1.0.0' };
      expect({ ...res.body, data: { upgrades: byDevice(res.body.data.upgrades) } }).toEqual({
        message: UPDATED,
        status: 200,
        data: {
          upgrades: [
            record(device, { ...manual, id: upgrade.id, created_at: upgrade.created_at }),
            record(fresh, manual),
          ],
        },
      });
      expect(await s.upgradesOf(orgId)).toHaveLength(2);
    });

    it('answers 422 and changes nothing when a targeted device has no firmware for the version', async () => {
      const { admin, orgId, upgrade } = await pendingUpgrade();
      const other = await s.device(orgId, await t().fixtures.hardwarePart());
      const res = await t()
        .http()
        .patch(`/upgrades/${upgrade.id}`)
        .set(admin.auth)
        .send({ upgrade: { save_prev_config: true, aps: [`AP:${other.id}`] } })
        .expect(422);
      expect(res.body).toEqual({
        message: `Version 1.0.0 has no firmware for the hardware of devices: ${other.mac_id}`,
        status: 422,
      });
      expect(await s.upgradesOf(orgId)).toMatchObject([
        { id: upgrade.id, save_prev_config: false },
      ]);
    });

    it('answers 422 when the upgrade is not pending', async () => {
      const { admin, orgId, upgrade } = await pendingUpgrade();
      await t().dataSource.getRepository(Upgrade).update({ id: upgrade.id }, { status: 'done' });
      const res = await t()
        .http()
        .patch(`/upgrades/${upgrade.id}`)
        .set(admin.auth)
        .send({ upgrade: { save_prev_config: true } })
        .expect(422);
      expect(res.body).toEqual({ message: 'Only a pending upgrade can be updated', status: 422 });
      expect(await s.upgradesOf(orgId)).toMatchObject([
        { id: upgrade.id, save_prev_config: false, status: 'done' },
      ]);
    });

    it('answers 422 {message, status} for an invalid body', async () => {
      const { admin, upgrade } = await pendingUpgrade();
      const res = await t()
        .http()
        .put(`/upgrades/${upgrade.id}`)
        .set(admin.auth)
        .send({ upgrade: { schedule_type: 'never' } })
        .expect(422);
      expect(res.body).toEqual({
        message: 'upgrade.schedule_type must be one of the following values: now, later',
        status: 422,
      });
    });
  });

  describe('destroy', () => {
    it('deletes a pending upgrade', async () => {
      const { admin, orgId, part } = await s.org();
      await s.release(orgId, '1.0.0', [part]);
      const device = await s.device(orgId, part);
      const created = await post(admin, { aps: [`AP:${device.id}`] }).expect(200);
      const id = created.body.data.upgrades[0].id as number;
      const res = await t().http().delete(`/upgrades/${id}`).set(admin.auth).expect(200);
      expect(res.body).toEqual({ data: {}, status: 200 });
      expect(await s.upgradesOf(orgId)).toEqual([]);
      const again = await t().http().delete(`/upgrades/${id}`).set(admin.auth).expect(404);
      expect(again.body).toEqual(NOT_FOUND);
    });

    it("deletes on /upgrades/<id>.json too, answering JSON to a browser's Accept header", async () => {
      const { admin, orgId, part } = await s.org();
      await s.release(orgId, '1.0.0', [part]);
      const device = await s.device(orgId, part);
      const created = await post(admin, { aps: [`AP:${device.id}`] }).expect(200);
      const id = created.body.data.upgrades[0].id as number;
      const res = await t()
        .http()
        .delete(`/upgrades/${id}.json`)
        .set(admin.auth)
        .set('Accept', 'text/html')
        .expect(200);
      expect(res.body).toEqual({ data: {}, status: 200 });
      expect(await s.upgradesOf(orgId)).toEqual([]);
      const again = await t().http().delete(`/upgrades/${id}.json`).set(admin.auth).expect(404);
      expect(again.body).toEqual(NOT_FOUND);
    });

    it('answers 422 when the upgrade is not pending', async () => {
      const { admin, orgId, part } = await s.org();
      await s.release(orgId, '1.0.0', [part]);
      const device = await s.device(orgId, part);
      const created = await post(admin, { aps: [`AP:${device.id}`] }).expect(200);
      const id = created.body.data.upgrades[0].id as number;
      await t().dataSource.getRepository(Upgrade).update({ id }, { status: 'in_progress' });
      const res = await t().http().delete(`/upgrades/${id}`).set(admin.auth).expect(422);
      expect(res.body).toEqual({ message: 'Only a pending upgrade can be deleted', status: 422 });
      expect(await s.upgradesOf(orgId)).toHaveLength(1);
    });
  });

  describe('roles', () => {
    it('answers 403 1029 to a member who writes, and lets the member read', async () => {
      const { admin, orgId, part } = await s.org();
      await s.release(orgId, '1.0.0', [part]);
      const network = await s.network(orgId);
      const device = await s.device(orgId, part, { location_network_id: network.id });
      const created = await post(admin, { aps: [`AP:${device.id}`] }).expect(200);
      const id = created.body.data.upgrades[0].id as number;
      const member = await t().fixtures.member(orgId);
      await t().fixtures.grant(orgId, member.userId, network.id, 'full');
      for (const request of [
        t()
          .http()
          .post('/upgrades')
          .send({ upgrade: { aps: [`AP:${device.id}`] } }),
        t()
          .http()
          .patch(`/upgrades/${id}`)
          .send({ upgrade: { save_prev_config: true } }),
        t()
          .http()
          .put(`/upgrades/${id}`)
          .send({ upgrade: { save_prev_config: true } }),
        t().http().delete(`/upgrades/${id}`),
      ]) {
        const res = await request.set(member.auth).expect(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
      await t().http().get(`/upgrades/${id}`).set(member.auth).expect(200);
      expect(await s.upgradesOf(orgId)).toMatchObject([{ id, save_prev_config: false }]);
    });
  });

  describe('bulk', () => {
    it('uses the same number of SQL statements for 1 and 200 devices', async () => {
      const counts: number[] = [];
      for (const size of [1, 200]) {
        const { admin, orgId, part } = await s.org();
        await s.release(orgId, '1.0.0', [part]);
        const network = await s.network(orgId);
        const tag = await s.tag(orgId);
        const devices = await s.manyDevices(orgId, part, network.id, size);
        const aps = [...devices.map((d) => `AP:${d.id}`), `network:${network.id}`, `tag:${tag.id}`];
        let created: { body: { message: string; data: { upgrades: unknown[] } } } | undefined;
        const create = await t().statementsOf(async () => {
          created = await post(admin, { aps }).expect(200);
        });
        expect(created?.body.message).toBe(CREATED);
        expect(created?.body.data.upgrades).toHaveLength(size);
        const update = await t().statementsOf(async () => {
          await post(admin, { aps, save_prev_config: true }).expect(200);
        });
        counts.push(create.length, update.length);
      }
      expect(counts.slice(2)).toEqual(counts.slice(0, 2));
      expect(Math.max(...counts)).toBeLessThan(20);
    });
  });
});

onBothDatabases('upgrade releases visible to an organisation', (t) => {
  const s = scenario(t);
  let part: HardwarePart;
  const asUser = (caller: Caller, super_admin = false): AuthUser => ({
    id: caller.userId,
    organisation_id: caller.orgId,
    email: 'x@example.test',
    role: 'admin',
    super_admin,
  });

  beforeAll(async () => {
    part = await t().fixtures.hardwarePart();
    await s.release(null, '1.5.0', [part]);
    await s.release(null, '2.0.0', [part]);
    await s.release(null, '3.0.0', [part], false);
  });

  it('takes the newest released version among global and own releases', async () => {
    const admin = await t().fixtures.admin();
    const device = await s.device(admin.orgId, part);
    await s.release(admin.orgId, '1.10.0', [part]);
    const res = await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({ upgrade: { aps: [`AP:${device.id}`] } })
      .expect(200);
    expect(res.body.data.upgrades).toEqual([record(device, { version: '2.0.0' })]);

    const other = await t().fixtures.admin();
    const theirDevice = await s.device(other.orgId, part);
    await s.release(other.orgId, '2.10.0', [part]);
    const theirs = await t()
      .http()
      .post('/upgrades')
      .set(other.auth)
      .send({ upgrade: { aps: [`AP:${theirDevice.id}`] } })
      .expect(200);
    expect(theirs.body.data.upgrades).toEqual([record(theirDevice, { version: '2.10.0' })]);
  });

  it('offers admins the released global and own versions, newest first, and super admins the unreleased ones too', async () => {
    const admin = await t().fixtures.admin();
    await s.release(admin.orgId, '2.5.0', [part]);
    await s.release(admin.orgId, '4.0.0', [part], false);
    const other = await t().fixtures.admin();
    await s.release(other.orgId, '9.0.0', [part]);
    const service = t().app.get(UpgradesService);

    const versions = (list: { version: string }[]) => list.map((v) => v.version);
    expect(versions(await service.versionsFor(asUser(admin)))).toEqual(['2.5.0', '2.0.0', '1.5.0']);
    expect(versions(await service.versionsFor(asUser(admin, true)))).toEqual([
      '4.0.0',
      '3.0.0',
      '2.5.0',
      '2.0.0',
      '1.5.0',
    ]);
    expect(versions(await service.versionsFor(asUser(admin), { includeUnreleased: true }))).toEqual(
      ['4.0.0', '3.0.0', '2.5.0', '2.0.0', '1.5.0'],
    );
    expect((await service.versionsFor(asUser(admin)))[0]).toEqual({
      id: expect.any(Number),
      version: '2.5.0',
      organisation_id: admin.orgId,
      is_released: true,
      part_numbers: [part.part_number],
    });
  });

  it('accepts an unreleased global manual version only from a super administrator', async () => {
    const admin = await t().fixtures.admin();
    const device = await s.device(admin.orgId, part);
    const res = await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({ upgrade: { upgrade_type: 'manual', version: '3.0.0', aps: [`AP:${device.id}`] } })
      .expect(422);
    expect(res.body).toEqual({ message: 'Version 3.0.0 is not available', status: 422 });

    const boss = await t().fixtures.superAdmin();
    const bossDevice = await s.device(boss.orgId, part);
    const ok = await t()
      .http()
      .post('/upgrades')
      .set(boss.auth)
      .send({ upgrade: { upgrade_type: 'manual', version: '3.0.0', aps: [`AP:${bossDevice.id}`] } })
      .expect(200);
    expect(ok.body.data.upgrades).toEqual([
      record(bossDevice, { upgrade_type: 'manual', version: '3.0.0' }),
    ]);
  });
});
