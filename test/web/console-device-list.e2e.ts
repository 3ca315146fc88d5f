import { Device } from '../../src/devices/device.entity';
import { ConsolePagesService } from '../../src/console/console-pages.service';
import { deviceListQuery } from '../../src/console/console-query';
import { onBothDatabases } from '../harness/app';
import { Caller } from '../harness/fixtures';
import { deviceFixtures } from '../harness/access-points.helpers';
import { consoleFleet, decodedHtml } from '../harness/console.helpers';
import { browserUser, csrfOf, signedIn } from '../harness/web-session';

/** The device list's tags (column, filter, search) and its bulk actions on every match. */
onBothDatabases('console: device list tags and selection', (t) => {
  const tag = (admin: Caller, macs: string[], tags: string[]) =>
    t()
      .http()
      .put('/v1/access_points/tags')
      .set(admin.auth)
      .send({ mac_ids: macs.join(','), tag_list: tags })
      .expect(200);
  const macsOf = (html: string) =>
    [
      ...html.matchAll(
        /<tr data-device-id="\d+">\s*(?:<td[^>]*>.*?<\/td>\s*)?<td class="mono" data-label="MAC"><a href="\/devices\/\d+">([^<]+)</g,
      ),
    ].map((m) => m[1]);

  it("shows each device's tags as links to the list filtered by the tag, filters and searches by tag", async () => {
    const { admin, lobby, up, down, roofUp } = await consoleFleet(t());
    await tag(admin, [up.mac_id, roofUp.mac_id], ['floor-2', 'lobby']);
    await tag(admin, [down.mac_id], ['spare parts']);
    const browser = await signedIn(t(), admin);

    const list = decodedHtml((await browser.get('/devices').expect(200)).text);
    expect(list).toContain('<th scope="col">Tags</th>');
    expect(list).toContain(
      `<td data-label="Tags"><a class="tag" href="/devices?tag=floor-2">floor-2</a><a class="tag" href="/devices?tag=lobby">lobby</a></td>`,
    );
    expect(list).toContain(
      '<td data-label="Tags"><a class="tag" href="/devices?tag=spare+parts">spare parts</a></td>',
    );
    expect(list).toContain('<td data-label="Tags"><span class="hint">None</span></td>');
    // The filter offers the organisation's tags that its devices carry, by name.
    expect(list).toMatch(
      /<select id="tag" name="tag">\s*<option value="">Any tag<\/option>\s*<option value="floor-2">floor-2<\/option>\s*<option value="lobby">lobby<\/option>\s*<option value="spare parts">spare parts<\/option>\s*<\/select>/,
    );

    const byTag = (await browser.get('/devices?tag=lobby').expect(200)).text;
    expect(macsOf(byTag)).toEqual([up.mac_id, roofUp.mac_id]);
    expect(byTag).toContain('<option value="lobby" selected>lobby</option>');
    expect(byTag).toContain('Devices 1 to 2 of 2');
    // With the other filters, and no device for a tag nobody carries.
    expect(
      macsOf((await browser.get(`/devices?tag=lobby&network=${lobby.id}`).expect(200)).text),
    ).toEqual([up.mac_id]);
    expect((await browser.get('/devices?tag=nobody').expect(200)).text).toContain(
      'No devices match.',
    );
    // The search matches a tag's name too (any case, part of it), besides name and MAC.
    expect(macsOf((await browser.get('/devices?q=PARTS').expect(200)).text)).toEqual([down.mac_id]);
    expect(macsOf((await browser.get('/devices?q=floor').expect(200)).text)).toEqual([
      up.mac_id,
      roofUp.mac_id,
    ]);
  });

  it('offers a member only the tags of the devices of their networks, and lists only those', async () => {
    const { admin, lobby, up, roofUp } = await consoleFleet(t());
    await tag(admin, [up.mac_id], ['lobby']);
    await tag(admin, [roofUp.mac_id], ['roof-only']);
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'read_only');
    const browser = await signedIn(t(), member);
    const list = (await browser.get('/devices').expect(200)).text;
    expect(list).toContain('<option value="lobby">lobby</option>');
    expect(list).not.toContain('roof-only');
    expect(macsOf((await browser.get('/devices?tag=roof-only').expect(200)).text)).toEqual([]);
    expect(macsOf((await browser.get('/devices?tag=lobby').expect(200)).text)).toEqual([up.mac_id]);
    // No bulk actions nor selection for a member.
    expect(list).not.toContain('Select all');
  });

  it('reads a page with its tags in as many statements for 100 devices as for 2', async () => {
    const service = t().app.get(ConsolePagesService);
    const f = deviceFixtures(t);
    const counts = async (devices: number) => {
      const { admin, lobby } = await consoleFleet(t());
      const made = [];
      for (let i = 0; i < devices; i++) {
        made.push(await f.device(admin.orgId, { networkId: lobby.id, part: null }));
      }
      await tag(
        admin,
        made.map((d) => d.mac_id),
        ['a', 'b'],
      );
      const user = {
        id: admin.userId,
        organisation_id: admin.orgId,
        email: admin.email,
        role: 'admin' as const,
        super_admin: false,
      };
      const query = deviceListQuery({ size: '100', network: String(lobby.id) });
      return (await t().statementsOf(() => service.devices(user, query))).length;
    };
    const two = await counts(2);
    expect(two).toBeGreaterThan(0);
    expect(await counts(30)).toBe(two);
  });

  it('selects every device the filters match, asks naming their number, then acts on all of them', async () => {
    const { admin, roof, up, down, loose } = await consoleFleet(t());
    await tag(admin, [up.mac_id, down.mac_id, loose.mac_id], ['move-me']);
    const browser = await signedIn(t(), admin);

    const list = decodedHtml((await browser.get('/devices?tag=move-me&size=25').expect(200)).text);
    expect(list).toContain(
      '<a class="select-matching" id="select-matching" href="/devices?tag=move-me&size=25&select=all">Select all 3 devices that match</a>',
    );
    expect(list).toContain('<output id="selected-count" form="bulk-actions">0 selected</output>');
    expect(list).toContain(
      '<input type="checkbox" id="tick-page" class="with-script" aria-label="Select every device of this page">',
    );

    const selectedHtml = (await browser.get('/devices?tag=move-me&size=25&select=all').expect(200))
      .text;
    const selected = decodedHtml(selectedHtml);
    expect(selected).toContain('<input type="hidden" name="scope" value="matching">');
    expect(selected).toContain('<input type="hidden" name="filter" value="tag=move-me">');
    expect(selected).toContain(
      '<output id="selected-count" form="bulk-actions">3 selected</output>',
    );
    expect(selected).toContain('<a href="/devices?tag=move-me&size=25">Clear selection</a>');
    expect(selected).not.toContain('name="devices" value=');
    const csrf = csrfOf(selectedHtml);
    const fields = {
      _csrf: csrf,
      scope: 'matching',
      filter: 'tag=move-me',
      return: '/devices?tag=move-me&size=25',
      action: 'move',
      network_id: String(roof.id),
    };

    // First the question, naming the count and the network; nothing moved yet.
    const asked = await browser.post('/devices/actions').type('form').send(fields).expect(200);
    const question = decodedHtml(asked.text);
    expect(question).toContain(
      `<p id="bulk-question">Move the 3 devices that match the filters to ${roof.network_name}?</p>`,
    );
    expect(question).toContain('<input type="hidden" name="filter" value="tag=move-me">');
    expect(question).toContain('<button type="submit">Yes, move 3 devices</button>');
    const stored = () =>
      t()
        .dataSource.getRepository(Device)
        .find({ where: { organisation_id: admin.orgId }, order: { id: 'ASC' } });
    expect((await stored()).filter((d) => d.location_network_id === roof.id)).toHaveLength(2);

    // Confirmed: every match moves, the others stay.
    const done = await browser
      .post('/devices/actions')
      .type('form')
      .send({ ...fields, _csrf: csrfOf(asked.text), confirmed: 'yes' })
      .expect(303);
    expect(done.headers.location).toBe('/devices?tag=move-me&size=25');
    const after = await stored();
    expect(
      after
        .filter((d) => d.location_network_id === roof.id)
        .map((d) => d.mac_id)
        .sort(),
    ).toEqual(
      [
        ...after
          .filter(
            (d) =>
              d.location_network_id === roof.id &&
              ![up.mac_id, down.mac_id, loose.mac_id].includes(d.mac_id),
          )
          .map((d) => d.mac_id),
        up.mac_id,
        down.mac_id,
        loose.mac_id,
      ].sort(),
    );
    expect(after.filter((d) => d.location_network_id === roof.id)).toHaveLength(5);
    const flash = decodedHtml((await browser.get(done.headers.location).expect(200)).text);
    expect(flash).toContain(`Devices moved to network ${roof.network_name}: 3 devices.`);

    // Removing every match asks as a danger, and a filter matching nothing is refused.
    const remove = await browser
      .post('/devices/actions')
      .type('form')
      .send({ ...fields, action: 'remove' })
      .expect(200);
    expect(decodedHtml(remove.text)).toContain(
      'Remove the 3 devices that match the filters from the organisation, with their tags, heartbeat and pending upgrade?',
    );
    expect(remove.text).toContain(
      '<button type="submit" class="danger">Yes, remove 3 devices</button>',
    );
    const none = await browser
      .post('/devices/actions')
      .type('form')
      .send({ ...fields, filter: 'tag=nobody', confirmed: 'yes' })
      .expect(303);
    expect(none.headers.location).toBe('/devices?tag=move-me&size=25');
    expect((await browser.get(none.headers.location).expect(200)).text).toContain(
      '<div class="flash flash-error" role="alert">No device matches the filters.</div>',
    );
    expect((await stored()).map((d) => d.location_network_id)).toEqual(
      after.map((d) => d.location_network_id),
    );
  });
});
