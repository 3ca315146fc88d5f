import { Device } from '../../src/devices/device.entity';
import { onBothDatabases } from '../harness/app';
import { consoleFleet } from '../harness/console.helpers';
import { browserUser, signedIn } from '../harness/web-session';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A CSV answer's lines, split into cells (the fixtures' values hold no comma or quote). */
const linesOf = (csv: string) =>
  csv
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

/** The console's CSV exports: the device and upgrade lists' filters, whole. */
onBothDatabases('console: CSV exports', (t) => {
  it('exports every device the filters match, with its status, network, firmware, serial and tags', async () => {
    const { admin, lobby, roof, up, down, never, roofUp, loose } = await consoleFleet(t());
    await t()
      .http()
      .put('/v1/access_points/tags')
      .set(admin.auth)
      .send({ mac_ids: up.mac_id, tag_list: ['lobby', 'floor 2'] })
      .expect(200);
    await t()
      .dataSource.getRepository(Device)
      .update(up.id, { serial: `SN-UP-${up.id}` });
    const serials = new Map(
      (await t().dataSource.getRepository(Device).findBy({ organisation_id: admin.orgId })).map(
        (d) => [d.mac_id, d.serial ?? ''],
      ),
    );
    const browser = await signedIn(t(), admin);
    const page = await browser.get('/devices?status=DOWN').expect(200);
    expect(page.text).toContain(
      '<a class="button secondary" href="/devices.csv?status&#x3D;DOWN" download>Export CSV</a>',
    );
    const res = await browser.get('/devices.csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="devices.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = linesOf(res.text);
    expect(header).toEqual([
      'mac_id',
      'name',
      'network',
      'status',
      'last_seen',
      'firmware_version',
      'clients',
      'uptime_seconds',
      'config_in_sync',
      'serial',
      'tags',
    ]);
    const byMac = new Map(rows.map((row) => [row[0], row]));
    expect(rows).toHaveLength(5);
    expect(byMac.get(up.mac_id)).toEqual([
      up.mac_id,
      'lobby-up',
      lobby.network_name,
      'Up',
      expect.stringMatching(ISO),
      '2.1.0',
      '',
      '',
      'no',
      `SN-UP-${up.id}`,
      'floor 2;lobby',
    ]);
    expect(byMac.get(never.mac_id)).toEqual([
      never.mac_id,
      'roof-never',
      roof.network_name,
      'Never seen',
      '',
      '',
      '',
      '',
      'no',
      serials.get(never.mac_id),
      '',
    ]);
    expect(byMac.get(loose.mac_id)?.slice(1, 4)).toEqual(['spare', '', 'Down']);

    const downOnly = linesOf((await browser.get('/devices.csv?status=DOWN').expect(200)).text);
    expect(downOnly.slice(1).map((row) => row[0])).toEqual([down.mac_id, loose.mac_id]);
    const searched = linesOf((await browser.get('/devices.csv?q=roof').expect(200)).text);
    expect(searched.slice(1).map((row) => row[0])).toEqual([never.mac_id, roofUp.mac_id]);
    const tagged = linesOf((await browser.get('/devices.csv?tag=lobby').expect(200)).text);
    expect(tagged.slice(1).map((row) => row[0])).toEqual([up.mac_id]);
  });

  it('defuses a device name a spreadsheet would run, and shows a member only readable networks', async () => {
    const { admin, lobby, up, down } = await consoleFleet(t());
    await t()
      .dataSource.getRepository(Device)
      .update(up.id, { name: '=HYPERLINK("http://evil.example")' });
    await t().fixtures.syncRevisions(admin.orgId);
    const csv = (await (await signedIn(t(), admin)).get('/devices.csv?q=HYPER').expect(200)).text;
    expect(csv).toContain(`${up.mac_id},"'=HYPERLINK(""http://evil.example"")",`);

    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'read_only');
    const theirs = linesOf(
      (await (await signedIn(t(), member)).get('/devices.csv').expect(200)).text,
    );
    expect(theirs.slice(1).map((row) => row[0])).toEqual([up.mac_id, down.mac_id]);
    const stranger = await signedIn(t(), await browserUser(t(), { role: 'admin' }));
    expect(linesOf((await stranger.get('/devices.csv').expect(200)).text)).toHaveLength(1);
    await t().http().get('/devices.csv').set('Accept', 'text/html').expect(303);
  });

  it('exports the upgrades of the list, newest first, of one status or all', async () => {
    const { admin, up, down } = await consoleFleet(t());
    const browser = await signedIn(t(), admin);
    const list = await browser.get('/upgrades?status=failed').expect(200);
    expect(list.text).toContain('href="/upgrades.csv?status&#x3D;failed" download>Export CSV</a>');
    const [header, ...rows] = linesOf((await browser.get('/upgrades.csv').expect(200)).text);
    expect(header).toEqual([
      'id',
      'mac_id',
      'version',
      'status',
      'progress',
      'previous_version',
      'rollout_id',
      'revert_of',
      'upgrade_type',
      'schedule_at',
      'created_at',
      'completed_at',
      'error',
    ]);
    // consoleFleet made the pending upgrade of `down`, then the failed one of `up`.
    expect(rows.map((row) => [row[1], row[2], row[3]])).toEqual([
      [up.mac_id, '2.2.0', 'failed'],
      [down.mac_id, '2.2.0', 'pending'],
    ]);
    expect(Number(rows[0][0])).toBeGreaterThan(Number(rows[1][0]));
    expect(rows[0][10]).toMatch(ISO);
    const failed = linesOf((await browser.get('/upgrades.csv?status=failed').expect(200)).text);
    expect(failed.slice(1).map((row) => row[1])).toEqual([up.mac_id]);
  });

  it('exports past the 1,000 devices of one read', async () => {
    const admin = await browserUser(t(), { role: 'admin' });
    const masters = await t().fixtures.masterDevices(1001);
    await t().fixtures.insertRows(
      Device,
      masters.map((m) => ({
        organisation_id: admin.orgId,
        mac_id: m.mac_id,
        serial: m.serial,
        hardware_part_id: m.hardware_part_id,
      })),
      500,
    );
    const csv = (await (await signedIn(t(), admin)).get('/devices.csv').expect(200)).text;
    const macs = linesOf(csv)
      .slice(1)
      .map((row) => row[0]);
    expect(new Set(macs)).toEqual(new Set(masters.map((m) => m.mac_id)));
    expect(macs).toHaveLength(1001);
  });
});
