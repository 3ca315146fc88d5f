import { onDatabase } from '../harness/app';
import { eventFixtures } from '../harness/events.helpers';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { NetworkSsid } from '../../src/network-ssids/network-ssid.entity';

/** Row locks only matter where requests really run at once: PostgreSQL. */
onDatabase('postgres', 'configuration drafts: concurrent publishes and SSID writes', (t) => {
  const { events } = eventFixtures(t);

  const setup = async () => {
    const admin = await t().fixtures.admin();
    const net = await t().fixtures.network(admin.orgId);
    const staff = await t().fixtures.save(NetworkSsid, {
      organisation_id: admin.orgId,
      location_network_id: net.id,
      ssid_name: 'Staff',
      settings: {},
    });
    await t()
      .http()
      .put(`/v1/location_networks/${net.id}/draft`)
      .set(admin.auth)
      .send({ draft: { ssids: [{ id: staff.id, ssid_name: 'Team' }, { ssid_name: 'Cafe' }] } })
      .expect(200);
    const publish = () =>
      t().http().post(`/v1/location_networks/${net.id}/draft/publish`).set(admin.auth).send({});
    return { admin, net, staff, publish };
  };

  const versionOf = async (networkId: number) =>
    (await t().dataSource.getRepository(LocationNetwork).findOneByOrFail({ id: networkId }))
      .config_version;

  it('publishes a draft once when several publishes race: the others find no draft', async () => {
    const { admin, net, publish } = await setup();
    const answers = await Promise.all(Array.from({ length: 6 }, () => publish()));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    for (const res of answers.filter((r) => r.status === 404)) {
      expect(res.body).toEqual({ msg: 'Draft not found', error_code: 1049 });
    }
    expect(await versionOf(net.id)).toBe(2);
    const feed = await events(admin.auth, { network_id: net.id });
    expect(feed.filter((e) => e.type === 'config.published')).toHaveLength(1);
    expect(feed.filter((e) => e.type === 'ssid.created')).toHaveLength(1);
  });

  it('never publishes over an SSID write that races it: the publish answers 409 1050 or the write comes after', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { admin, net, staff, publish } = await setup();
      const [published, written] = await Promise.all([
        publish(),
        t()
          .http()
          .post('/v1/network_ssids')
          .set(admin.auth)
          .send({ network_id: net.id, network_ssid: { ssid_name: `Late-${round}` } }),
      ]);
      expect(written.status).toBe(200);
      const names = (
        await t()
          .dataSource.getRepository(NetworkSsid)
          .find({ where: { location_network_id: net.id }, order: { id: 'ASC' } })
      ).map((s) => s.ssid_name);
      if (published.status === 200) {
        // The publish committed first; the create came after it, on top of the draft's SSIDs.
        expect(names).toEqual(['Team', 'Cafe', `Late-${round}`]);
        expect(await versionOf(net.id)).toBe(3);
      } else {
        expect(published.status).toBe(409);
        expect(published.body.error_code).toBe(1050);
        expect(names).toEqual(['Staff', `Late-${round}`]);
        expect(await versionOf(net.id)).toBe(2);
      }
      void staff;
    }
  });

  const RUNNING = {
    msg: 'A configuration rollout is running on this network: halt it or wait for it to complete',
    error_code: 1051,
  };
  const stagedPublish = (admin: Awaited<ReturnType<typeof setup>>['admin'], networkId: number) =>
    t()
      .http()
      .post(`/v1/location_networks/${networkId}/draft/publish`)
      .set(admin.auth)
      .send({ publish: { stages: [50, 100] } });
  const networkRow = (networkId: number) =>
    t().dataSource.getRepository(LocationNetwork).findOneBy({ id: networkId });

  it('never deletes a network that a racing staged publish starts a rollout on: the delete answers 409 1051 or the publish 404 1001', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { admin, net } = await setup();
      const [published, deleted] = await Promise.all([
        stagedPublish(admin, net.id),
        t().http().delete(`/v1/location_networks/${net.id}`).set(admin.auth),
      ]);
      const row = await networkRow(net.id);
      if (published.status === 200) {
        expect(deleted.status).toBe(409);
        expect(deleted.body).toEqual(RUNNING);
        expect(row?.config_rollout_id).toBe(published.body.data.config_rollout.id);
      } else {
        expect(published.status).toBe(404);
        expect(published.body).toEqual({ msg: 'Network not found', error_code: 1001 });
        expect(deleted.status).toBe(200);
        expect(row).toBeNull();
      }
    }
  });

  it('never writes an SSID under a rollout that a racing staged publish started: the write answers 409 1051 or the publish 409 1050', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { admin, net } = await setup();
      const [published, written] = await Promise.all([
        stagedPublish(admin, net.id),
        t()
          .http()
          .post('/v1/network_ssids')
          .set(admin.auth)
          .send({ network_id: net.id, network_ssid: { ssid_name: `Late-${round}` } }),
      ]);
      const names = (
        await t()
          .dataSource.getRepository(NetworkSsid)
          .find({ where: { location_network_id: net.id }, order: { id: 'ASC' } })
      ).map((s) => s.ssid_name);
      if (published.status === 200) {
        expect(written.status).toBe(409);
        expect(written.body).toEqual(RUNNING);
        expect(names).toEqual(['Staff']);
        expect(await versionOf(net.id)).toBe(1);
      } else {
        expect(published.status).toBe(409);
        expect(published.body).toEqual({
          msg: 'The network changed since the draft was made: read the diff and write the draft again',
          error_code: 1050,
        });
        expect(written.status).toBe(200);
        expect(names).toEqual(['Staff', `Late-${round}`]);
        expect(await versionOf(net.id)).toBe(2);
      }
    }
  });

  it('never updates an SSID that a racing publish deleted: the update answers 404 1021 or the publish 409 1050', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { admin, net, staff } = await setup();
      // A draft that deletes Staff.
      await t()
        .http()
        .put(`/v1/location_networks/${net.id}/draft`)
        .set(admin.auth)
        .send({ draft: { ssids: [{ ssid_name: 'Cafe' }] } })
        .expect(200);
      const [published, updated] = await Promise.all([
        t().http().post(`/v1/location_networks/${net.id}/draft/publish`).set(admin.auth).send({}),
        t()
          .http()
          .patch(`/v1/network_ssids/${staff.id}`)
          .set(admin.auth)
          .send({ network_ssid: { is_hidden: true } }),
      ]);
      const names = (
        await t()
          .dataSource.getRepository(NetworkSsid)
          .find({ where: { location_network_id: net.id }, order: { id: 'ASC' } })
      ).map((s) => s.ssid_name);
      const feed = await events(admin.auth, { network_id: net.id });
      if (published.status === 200) {
        expect(updated.status).toBe(404);
        expect(updated.body).toEqual({ msg: 'SSID not found', error_code: 1021 });
        expect(names).toEqual(['Cafe']);
        expect(await versionOf(net.id)).toBe(2);
        expect(feed.filter((e) => e.type === 'ssid.updated')).toEqual([]);
      } else {
        expect(published.status).toBe(409);
        expect(updated.status).toBe(200);
        expect(names).toEqual(['Staff']);
        expect(await versionOf(net.id)).toBe(2);
      }
    }
  });
});
