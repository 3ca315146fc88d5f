import { MasterInventory } from '../../src/catalogue/master-inventory.entity';
import { onBothDatabases } from '../harness/app';
import { Caller, unique } from '../harness/fixtures';

onBothDatabases('platform admin API', (t) => {
  let operator: Caller;
  beforeAll(async () => {
    operator = await t().fixtures.superAdmin();
  });
  const post = (path: string, body: object) =>
    t().http().post(`/v1/admin/${path}`).set(operator.auth).send(body);

  it('creates an organisation with the default allowed device count', async () => {
    const name = unique('Acme ');
    const res = await post('organisations', { name }).expect(200);
    expect(res.body).toEqual({
      data: { id: expect.any(Number), name, allowed_device_count: 100 },
      status: 200,
    });
  });

  it('creates an organisation with its allowed device count', async () => {
    const name = unique('Hotel ');
    const res = await post('organisations', { name, allowed_device_count: 7 }).expect(200);
    expect(res.body.data).toEqual({ id: expect.any(Number), name, allowed_device_count: 7 });
  });

  it('answers 422 1030 for a duplicate organisation name', async () => {
    const name = unique('Dup ');
    await post('organisations', { name }).expect(200);
    const res = await post('organisations', { name }).expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: 'name has already been taken',
    });
  });

  it('answers 422 1030 for a missing name and a negative device count', async () => {
    const res = await post('organisations', { allowed_device_count: -1 }).expect(422);
    expect(res.body.error_code).toBe(1030);
    expect(res.body.errors).toContain('name should not be empty');
    expect(res.body.errors).toContain('allowed_device_count must not be less than 0');
  });

  it('creates a user, lower-casing the email, and refuses a duplicate email', async () => {
    const org = await t().fixtures.organisation();
    const email = `${unique('Ops')}@Example.test`;
    const res = await post('users', { organisation_id: org.id, email, role: 'admin' }).expect(200);
    expect(res.body).toEqual({
      data: {
        id: expect.any(Number),
        email: email.toLowerCase(),
        organisation_id: org.id,
        role: 'admin',
        super_admin: false,
      },
      status: 200,
    });
    const dup = await post('users', { organisation_id: org.id, email, role: 'member' }).expect(422);
    expect(dup.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: 'email has already been taken',
    });
  });

  it('answers 422 1030 for a user of an unknown organisation', async () => {
    const res = await post('users', {
      organisation_id: 999999,
      email: `${unique('x')}@x.test`,
    }).expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: 'organisation_id does not name an organisation',
    });
  });

  it('issues a token that authenticates its user, with an expiry when asked', async () => {
    const org = await t().fixtures.organisation();
    const user = (
      await post('users', {
        organisation_id: org.id,
        email: `${unique('t')}@x.test`,
        role: 'admin',
        super_admin: true,
      }).expect(200)
    ).body.data;
    const res = await post('tokens', { user_id: user.id, name: 'ci', expires_in_days: 30 }).expect(
      200,
    );
    expect(res.body).toEqual({
      data: {
        id: expect.any(Number),
        token: expect.stringMatching(/^af_/),
        expires_at: expect.any(String),
      },
      status: 200,
    });
    const days = (Date.parse(res.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    await t()
      .http()
      .post('/v1/admin/organisations')
      .set('Authorization', `Bearer ${res.body.data.token}`)
      .send({ name: unique('via-token ') })
      .expect(200);
  });

  it('answers 422 1030 for a token of an unknown user', async () => {
    const res = await post('tokens', { user_id: 999999 }).expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: 'user_id does not name a user',
    });
  });

  it('creates a hardware part and refuses a duplicate part number', async () => {
    const part_number = unique('AP-');
    const res = await post('hardware_parts', { part_number, wifi_uplink: true, usb: false }).expect(
      200,
    );
    expect(res.body).toEqual({
      data: { id: expect.any(Number), part_number, wifi_uplink: true, usb: false },
      status: 200,
    });
    const dup = await post('hardware_parts', {
      part_number,
      wifi_uplink: false,
      usb: false,
    }).expect(422);
    expect(dup.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: 'part_number has already been taken',
    });
  });

  it('upserts the master inventory by serial, normalising MACs', async () => {
    const part = await t().fixtures.hardwarePart();
    const other = await t().fixtures.hardwarePart();
    const [serialA, serialB] = [unique('S'), unique('S')];
    const [macA, macB] = [t().fixtures.mac(), t().fixtures.mac()];
    const devices = [
      {
        serial: serialA,
        mac_id: macA.replace(/:/g, '').toLowerCase(),
        part_number: part.part_number,
      },
      { serial: serialB, mac_id: macB.replace(/:/g, '-'), part_number: part.part_number },
    ];
    expect((await post('master_inventory', { devices }).expect(200)).body).toEqual({
      data: { count: 2 },
      status: 200,
    });
    // the same serial again updates its record
    await post('master_inventory', {
      devices: [{ ...devices[0], part_number: other.part_number }],
    }).expect(200);
    const rows = await t()
      .dataSource.getRepository(MasterInventory)
      .find({ where: [{ serial: serialA }, { serial: serialB }], order: { serial: 'ASC' } });
    expect(rows.map((r) => [r.serial, r.mac_id, r.hardware_part_id]).sort()).toEqual(
      [
        [serialA, macA, other.id],
        [serialB, macB, part.id],
      ].sort(),
    );
  });

  it('refuses master inventory rows with a bad MAC, an unknown part or a MAC of another serial, saving none', async () => {
    const part = await t().fixtures.hardwarePart();
    const [existing] = await t().fixtures.masterDevices(1, part);
    const fresh = unique('S');
    const res = await post('master_inventory', {
      devices: [
        { serial: fresh, mac_id: 'zz', part_number: part.part_number },
        { serial: unique('S'), mac_id: t().fixtures.mac(), part_number: 'NOPE' },
        { serial: unique('S'), mac_id: existing.mac_id, part_number: part.part_number },
      ],
    }).expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: `devices.0.mac_id zz is not a MAC address, devices.1.part_number NOPE does not exist, mac_id ${existing.mac_id} belongs to serial ${existing.serial}`,
    });
    expect(await t().dataSource.getRepository(MasterInventory).countBy({ serial: fresh })).toBe(0);
  });

  it('upserts 1 and 300 master inventory rows with the same number of statements', async () => {
    const part = await t().fixtures.hardwarePart();
    const rows = (n: number) =>
      Array.from({ length: n }, () => ({
        serial: unique('B'),
        mac_id: t().fixtures.mac(),
        part_number: part.part_number,
      }));
    const one = await t().statementsOf(() =>
      post('master_inventory', { devices: rows(1) }).expect(200),
    );
    const many = await t().statementsOf(() =>
      post('master_inventory', { devices: rows(300) }).expect(200),
    );
    expect(many.length).toBe(one.length);
  });

  it('publishes global and organisation firmware releases', async () => {
    const org = await t().fixtures.organisation();
    const global = await post('upgrade_data', {
      version: '2.0.1',
      url: { 'AP-1': 'https://fw/2.0.1.bin' },
      is_released: true,
    }).expect(200);
    expect(global.body).toEqual({
      data: {
        id: expect.any(Number),
        version: '2.0.1',
        url: { 'AP-1': 'https://fw/2.0.1.bin' },
        organisation_id: null,
        is_released: true,
      },
      status: 200,
    });
    const own = await post('upgrade_data', {
      version: '2.1.0',
      url: {},
      organisation_id: org.id,
      is_released: false,
    }).expect(200);
    expect(own.body.data).toMatchObject({ organisation_id: org.id, is_released: false });
  });

  it('answers 422 1030 for a firmware release with a bad version or organisation', async () => {
    const res = await post('upgrade_data', {
      version: 'latest',
      url: { a: '' },
      organisation_id: 999999,
      is_released: true,
    }).expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors:
        'version must be dotted numbers, e.g. 1.4.2, url.a must be a non-empty string, organisation_id does not name an organisation',
    });
  });

  it.each([
    'organisations',
    'users',
    'tokens',
    'hardware_parts',
    'master_inventory',
    'upgrade_data',
  ])('answers 403 1029 to an organisation admin on POST /v1/admin/%s', async (path) => {
    const admin = await t().fixtures.admin();
    const res = await t().http().post(`/v1/admin/${path}`).set(admin.auth).send({}).expect(403);
    expect(res.body).toEqual({
      msg: 'Only a platform super administrator may do this',
      error_code: 1029,
    });
  });
});
