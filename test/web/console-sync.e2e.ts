process.env.TZ = 'UTC';
import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { Device } from '../../src/devices/device.entity';
import { browserUser, signedIn } from '../harness/web-session';
import { consoleFleet, htmlOf } from '../harness/console.helpers';
import { onBothDatabases, TestApp } from '../harness/app';
import { Caller } from '../harness/fixtures';

/** The device's current configuration revision, as its record in the API names it. */
async function revisionOf(t: TestApp, admin: Caller, mac: string): Promise<string> {
  const res = await t
    .http()
    .get('/v1/access_points/list_inventory')
    .query({ mac_id: mac })
    .set(admin.auth)
    .expect(200);
  return (res.body as { data: { devices: { config: { revision: string } }[] } }).data.devices[0]
    .config.revision;
}

/** The device reports running its current revision (as a check-in's applied_revision does). */
async function applyCurrent(t: TestApp, admin: Caller, device: { id: number; mac_id: string }) {
  const revision = await revisionOf(t, admin, device.mac_id);
  await t.dataSource
    .getRepository(Heartbeat)
    .update({ device_id: device.id }, { applied_revision: revision });
}

// How many devices run their current configuration, counted over the whole
// fleet (not a listed page), on the overview and the network page, and a sync filter on Devices.
onBothDatabases('console configuration sync', (t) => {
  it('counts devices in and out of sync on the overview, linked to the filtered device list', async () => {
    const { admin, up, roofUp } = await consoleFleet(t());
    await applyCurrent(t(), admin, up);
    const page = htmlOf(await (await signedIn(t(), admin)).get('/overview').expect(200));
    // Heard from: up and roofUp, down and loose; up runs its current revision. The never-seen
    // device is counted under Never seen only.
    expect(page).toContain('<a href="/devices?sync=out" id="out-of-sync">3</a>');
    expect(page).toContain(
      '<a href="/devices?sync=in"><span class="count" data-count="In sync">1</span> in sync</a>',
    );

    const list = htmlOf(await (await signedIn(t(), admin)).get('/devices?sync=out').expect(200));
    const macs = [...list.matchAll(/<a href="\/devices\/\d+">([0-9A-F:]+)<\/a>/g)].map((m) => m[1]);
    expect(macs).not.toContain(up.mac_id);
    expect(macs).toContain(roofUp.mac_id);
    expect(list).toContain('Devices 1 to 3 of 3');
    expect(list).toContain('<option value="out" selected>Out of sync</option>');
    const inSync = htmlOf(await (await signedIn(t(), admin)).get('/devices?sync=in').expect(200));
    expect(inSync).toContain('Devices 1 to 1 of 1');
    expect(inSync).toContain(`<a href="/devices/${up.id}">${up.mac_id}</a>`);
  });

  it("reads the overview's devices once for every count it shows", async () => {
    const { admin, lobby } = await consoleFleet(t());
    /** The caller's overview page, and how many of its statements read the devices. */
    const overview = async (caller: Parameters<typeof signedIn>[1]) => {
      const agent = await signedIn(t(), caller);
      let page = '';
      const statements = await t().statementsOf(async () => {
        page = htmlOf(await agent.get('/overview').expect(200));
      });
      return { page, deviceReads: statements.filter((s) => /FROM "devices" d/.test(s)).length };
    };
    // Never seen, the sync tally, the firmware versions and each network's line: one read of
    // the devices with their heartbeats (the UP count is the heartbeats' own index range).
    const mine = await overview(admin);
    expect(mine.deviceReads).toBe(1);
    expect(mine.page).toContain('<a href="/devices?sync=out" id="out-of-sync">4</a>');
    expect(mine.page).toContain('data-count="Never seen">1</span>');

    // A member's: the devices of the networks it may read (lobby: one UP, one DOWN), read once.
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'read_only');
    const theirs = await overview(member);
    expect(theirs.deviceReads).toBe(1);
    expect(theirs.page).toContain('data-count="Up">1</span>');
    expect(theirs.page).toContain('data-count="Down">1</span>');
    expect(theirs.page).toContain('data-count="Never seen">0</span>');
    expect(theirs.page).toContain('<a href="/devices?sync=out" id="out-of-sync">2</a>');
  });

  it('combines the sync filter with network and status, and keeps it in page links', async () => {
    const { admin, lobby, up, down } = await consoleFleet(t());
    await applyCurrent(t(), admin, down);
    const agent = await signedIn(t(), admin);
    const out = htmlOf(await agent.get(`/devices?network=${lobby.id}&sync=out`).expect(200));
    expect(out).toContain('Devices 1 to 1 of 1');
    expect(out).toContain(`<a href="/devices/${up.id}">${up.mac_id}</a>`);
    const downIn = htmlOf(await agent.get(`/devices?status=DOWN&sync=in`).expect(200));
    expect(downIn).toContain('Devices 1 to 1 of 1');
    expect(downIn).toContain(`<a href="/devices/${down.id}">${down.mac_id}</a>`);
    const upIn = htmlOf(await agent.get(`/devices?status=UP&sync=in`).expect(200));
    expect(upIn).toContain('No devices match.');
    // The CSV export asks the same filters as the list.
    expect(out).toContain(`href="/devices.csv?network=${lobby.id}&amp;sync=out"`);
    // A value that is not a filter is no filter.
    const any = htmlOf(await agent.get('/devices?sync=maybe').expect(200));
    expect(any).toContain('Devices 1 to 5 of 5');
  });

  it('counts every device of a network, not only the listed ones', async () => {
    const { admin, lobby, up, down } = await consoleFleet(t());
    await applyCurrent(t(), admin, up);
    const agent = await signedIn(t(), admin);
    const page = htmlOf(await agent.get(`/networks/${lobby.id}`).expect(200));
    expect(page).toContain(
      `<dd id="config-sync">1 of 2 devices run the current revision; <a href="/devices?network=${lobby.id}&amp;sync=out">1 out of sync</a></dd>`,
    );
    await applyCurrent(t(), admin, down);
    const synced = htmlOf(await agent.get(`/networks/${lobby.id}`).expect(200));
    expect(synced).toContain('<dd id="config-sync">2 of 2 devices run the current revision</dd>');
  });

  it('counts 130 devices of one network beyond the 100 the page lists', async () => {
    const { admin, lobby } = await consoleFleet(t());
    const f = t().fixtures;
    const rows = Array.from({ length: 128 }, (_, i) => ({
      mac_id: f.mac(),
      organisation_id: admin.orgId,
      location_network_id: lobby.id,
      serial: `SYNC-${admin.orgId}-${i}`,
    }));
    await f.insertRows(Device, rows, 500);
    await f.recountDevices();
    const devices = await t()
      .dataSource.getRepository(Device)
      .find({ where: { location_network_id: lobby.id } });
    const heard = devices
      .filter((d) => d.serial?.startsWith('SYNC-'))
      .map((d) => ({ device_id: d.id, organisation_id: admin.orgId, received_at: new Date() }));
    expect(heard).toHaveLength(128);
    await f.insertRows(Heartbeat, heard, 500);
    const page = htmlOf(
      await (await signedIn(t(), admin)).get(`/networks/${lobby.id}`).expect(200),
    );
    expect(page).toContain(
      `<dd id="config-sync">0 of 130 devices run the current revision; <a href="/devices?network=${lobby.id}&amp;sync=out">130 out of sync</a></dd>`,
    );
  });

  it('counts for a member only the devices of granted networks', async () => {
    const { admin, lobby, roofUp } = await consoleFleet(t());
    await applyCurrent(t(), admin, roofUp);
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'read_only');
    const agent = await signedIn(t(), member);
    const page = htmlOf(await agent.get('/overview').expect(200));
    expect(page).toContain('<a href="/devices?sync=out" id="out-of-sync">2</a>');
    expect(page).toContain('data-count="In sync">0</span>');
    const list = htmlOf(await agent.get('/devices?sync=in').expect(200));
    expect(list).toContain('No devices match.');
  });
});
