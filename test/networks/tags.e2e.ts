process.env.TZ = 'UTC';
import { onBothDatabases } from '../harness/app';
import { bare, deviceFixtures } from '../harness/access-points.helpers';

onBothDatabases('device tags', (t) => {
  const f = deviceFixtures(t);
  const setTags = (auth: Record<string, string>, body: object) =>
    t().http().put('/v1/access_points/tags').set(auth).send(body);

  it("replaces the devices' tags, creating the organisation's tags on demand", async () => {
    const admin = await t().fixtures.admin();
    const part = await t().fixtures.hardwarePart();
    const a = await f.device(admin.orgId, { part });
    const b = await f.device(admin.orgId, { part });
    await setTags(admin.auth, {
      mac_ids: `${a.mac_id},${bare(b.mac_id)}`,
      tag_list: ['lobby', 'floor-1'],
    }).expect(200);
    const res = await setTags(admin.auth, {
      mac_ids: bare(a.mac_id),
      tag_list: ['roof', ' lobby ', 'roof'],
    }).expect(200);
    expect(res.body).toEqual({
      data: { devices: [f.record(a, part, { tag_list: ['lobby', 'roof'] })] },
      status: 200,
    });
    const list = await t()
      .http()
      .get('/v1/access_points/list_inventory')
      .set(admin.auth)
      .expect(200);
    expect(list.body.data.devices.map((d: { tag_list: string[] }) => d.tag_list)).toEqual([
      ['lobby', 'roof'],
      ['floor-1', 'lobby'],
    ]);
    const tags = await t().http().get('/v1/tags').set(admin.auth).expect(200);
    expect(tags.body).toEqual({
      data: {
        tags: [
          { id: expect.any(Number), name: 'floor-1' },
          { id: expect.any(Number), name: 'lobby' },
          { id: expect.any(Number), name: 'roof' },
        ],
      },
      status: 200,
    });
    await setTags(admin.auth, { mac_ids: a.mac_id, tag_list: [] }).expect(200);
    const cleared = await t()
      .http()
      .get('/v1/access_points/list_inventory')
      .query({ mac_id: a.mac_id })
      .set(admin.auth);
    expect(cleared.body.data.devices[0].tag_list).toEqual([]);
  });

  it("neither shows nor changes another organisation's tags and devices", async () => {
    const admin = await t().fixtures.admin();
    const other = await t().fixtures.admin();
    const foreign = await f.device(other.orgId);
    await setTags(other.auth, { mac_ids: foreign.mac_id, tag_list: ['secret'] }).expect(200);
    const res = await setTags(admin.auth, { mac_ids: foreign.mac_id, tag_list: ['mine'] }).expect(
      404,
    );
    expect(res.body).toEqual({
      msg: 'No device of the organisation matches mac_ids',
      error_code: 1011,
    });
    const tags = await t().http().get('/v1/tags').set(admin.auth).expect(200);
    expect(tags.body).toEqual({ data: { tags: [] }, status: 200 });
    const theirs = await t()
      .http()
      .get('/v1/access_points/list_inventory')
      .set(other.auth)
      .expect(200);
    expect(theirs.body.data.devices[0].tag_list).toEqual(['secret']);
  });

  it('answers 422 1030 for a missing mac_ids or a tag_list that is not a list of strings', async () => {
    const admin = await t().fixtures.admin();
    for (const body of [
      { tag_list: [] },
      { mac_ids: 'AA', tag_list: 'x' },
      { mac_ids: 'AA', tag_list: [1] },
    ]) {
      const res = await setTags(admin.auth, body).expect(422);
      expect(res.body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: expect.any(String),
      });
    }
  });

  it('answers 401 1028 without a token and 403 1029 for a member', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    expect((await t().http().get('/v1/tags').expect(401)).body.error_code).toBe(1028);
    expect((await t().http().get('/v1/tags').set(member.auth).expect(403)).body.error_code).toBe(
      1029,
    );
  });
});
