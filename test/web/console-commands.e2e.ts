import { decodedHtml, CSRF_PAGE } from '../harness/console.helpers';
import { Command } from '../../src/commands/command.entity';
import { onBothDatabases } from '../harness/app';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { browserUser, csrfOf, signedIn } from '../harness/web-session';

/** The ids of the command rows of a device page, newest first. */
const commandRows = (html: string) =>
  [...html.matchAll(/<tr data-command-id="(\d+)">/g)].map((match) => Number(match[1]));

/** The console's command buttons: device Reboot/Locate, cancel, a network's Reboot all. */
onBothDatabases('console: remote commands', (t) => {
  const g = gatewayFixtures(t);

  const commandsOf = (orgId: number) =>
    t()
      .dataSource.getRepository(Command)
      .find({ where: { organisation_id: orgId }, order: { id: 'ASC' } });

  it('reboots and locates a device from its page, lists its commands and cancels a queued one', async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const ap = await g.device(admin.orgId, { networkId: lobby.id, name: 'Hall AP' });
    const browser = await signedIn(t(), admin);
    const page = await browser.get(`/devices/${ap.device.id}`).expect(200);
    expect(page.text).toContain('<button type="submit" class="secondary">Locate</button>');
    expect(page.text).toContain('<summary class="button danger">Reboot</summary>');
    expect(page.text).toContain(
      'Reboot Hall AP? It goes offline for a minute or two after its next check-in',
    );
    expect(page.text).toContain('No commands for this device.');

    const csrf = csrfOf(page.text);
    const rebooted = await browser
      .post(`/devices/${ap.device.id}/commands`)
      .type('form')
      .send({ _csrf: csrf, type: 'reboot' })
      .expect(303);
    expect(rebooted.headers.location).toBe(`/devices/${ap.device.id}`);
    await browser
      .post(`/devices/${ap.device.id}/commands`)
      .type('form')
      .send({ _csrf: csrf, type: 'locate' })
      .expect(303);
    const [reboot, locate] = await commandsOf(admin.orgId);
    expect([reboot.type, reboot.state, reboot.device_id, reboot.created_by_id]).toEqual([
      'reboot',
      'queued',
      ap.device.id,
      admin.userId,
    ]);
    expect([locate.type, locate.params]).toEqual(['locate', { duration_seconds: 60 }]);

    const after = await browser.get(`/devices/${ap.device.id}`).expect(200);
    expect(decodedHtml(after.text)).toContain(
      `Locate queued (command ${locate.id}): the device blinks for 60 s after its next check-in.`,
    );
    expect(commandRows(after.text)).toEqual([locate.id, reboot.id]);
    expect(after.text).toContain(`action="/commands/${reboot.id}/cancel"`);
    expect(after.text).toContain(`<td class="command-queued">Queued</td>`);
    expect(after.text).toContain(`<td>${admin.email}</td>`);

    // The device takes the reboot and reports it: the row shows its state and output.
    const answer = await g.checkin(ap.auth, {}).expect(200);
    expect(answer.body.commands.map((c: { id: number }) => c.id)).toEqual([reboot.id, locate.id]);
    await g
      .checkin(ap.auth, {
        command_results: [{ id: locate.id, state: 'succeeded', output: 'LED blinking for 60 s' }],
      })
      .expect(200);
    await browser
      .post(`/commands/${reboot.id}/cancel`)
      .type('form')
      .send({ _csrf: csrf })
      .expect(303);
    const refused = await browser.get(`/devices/${ap.device.id}`).expect(200);
    expect(decodedHtml(refused.text)).toContain(
      '<div class="flash flash-error" role="alert">the command is sent, not queued</div>',
    );
    expect(refused.text).toContain('<td class="command-succeeded">Succeeded</td>');
    expect(refused.text).toContain('<span class="mono">LED blinking for 60 s</span>');
    expect(refused.text).not.toContain('/cancel"');
  });

  it('cancels a queued command and says so', async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId);
    const ap = await g.device(admin.orgId, { networkId: lobby.id });
    const browser = await signedIn(t(), admin);
    const csrf = csrfOf((await browser.get(`/devices/${ap.device.id}`).expect(200)).text);
    await browser
      .post(`/devices/${ap.device.id}/commands`)
      .type('form')
      .send({ _csrf: csrf, type: 'reboot' })
      .expect(303);
    const [reboot] = await commandsOf(admin.orgId);
    const res = await browser
      .post(`/commands/${reboot.id}/cancel`)
      .type('form')
      .send({ _csrf: csrf })
      .expect(303);
    expect(res.headers.location).toBe(`/devices/${ap.device.id}`);
    const page = await browser.get(`/devices/${ap.device.id}`).expect(200);
    expect(page.text).toContain(`Command ${reboot.id} cancelled.`);
    expect(page.text).toContain('<td class="command-cancelled">Cancelled</td>');
    expect((await commandsOf(admin.orgId)).map((c) => c.state)).toEqual(['cancelled']);
  });

  it('reboots every device of a network after a confirmation naming the count', async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const empty = await t().fixtures.network(admin.orgId, { network_name: 'Empty' });
    for (let i = 0; i < 3; i++) {
      await g.device(admin.orgId, { networkId: lobby.id });
    }
    const browser = await signedIn(t(), admin);
    const page = await browser.get(`/networks/${lobby.id}`).expect(200);
    expect(page.text).toContain('<summary class="button danger">Reboot all</summary>');
    expect(page.text).toContain('<p>Reboot all 3 devices of Lobby?');
    expect(page.text).toContain('Yes, reboot 3 devices</button>');
    const res = await browser
      .post(`/networks/${lobby.id}/reboot`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(303);
    expect(res.headers.location).toBe(`/networks/${lobby.id}`);
    const after = await browser.get(`/networks/${lobby.id}`).expect(200);
    expect(after.text).toContain('Reboot queued for 3 devices: each gets it at its next check-in.');
    const commands = await commandsOf(admin.orgId);
    expect(commands.map((c) => [c.type, c.state])).toEqual([
      ['reboot', 'queued'],
      ['reboot', 'queued'],
      ['reboot', 'queued'],
    ]);

    // A network without devices offers no button; a post anyway is refused with the reason.
    const none = await browser.get(`/networks/${empty.id}`).expect(200);
    expect(none.text).not.toContain('Reboot all');
    await browser
      .post(`/networks/${empty.id}/reboot`)
      .type('form')
      .send({ _csrf: csrfOf(none.text) })
      .expect(303);
    const refused = await browser.get(`/networks/${empty.id}`).expect(200);
    expect(refused.text).toContain(
      '<div class="flash flash-error" role="alert">No device of the organisation matches the targets</div>',
    );
    expect(await commandsOf(admin.orgId)).toHaveLength(3);
  });

  it('refuses a post without the CSRF token, and queues nothing', async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId);
    const ap = await g.device(admin.orgId, { networkId: lobby.id });
    const browser = await signedIn(t(), admin);
    for (const path of [`/devices/${ap.device.id}/commands`, `/networks/${lobby.id}/reboot`]) {
      const res = await browser.post(path).type('form').send({ type: 'reboot' }).expect(403);
      expect(res.text).toContain(CSRF_PAGE);
    }
    expect(await commandsOf(admin.orgId)).toEqual([]);
  });

  it('lets members with full access act; read-only members see no button and are refused; others find nothing', async () => {
    const admin = await browserUser(t());
    const full = await t().fixtures.network(admin.orgId, { network_name: 'Full' });
    const readOnly = await t().fixtures.network(admin.orgId, { network_name: 'Read' });
    const hidden = await t().fixtures.network(admin.orgId, { network_name: 'Hidden' });
    const mine = await g.device(admin.orgId, { networkId: full.id });
    const seen = await g.device(admin.orgId, { networkId: readOnly.id });
    const unseen = await g.device(admin.orgId, { networkId: hidden.id });
    const loose = await g.device(admin.orgId, { networkId: null });
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, full.id, 'full');
    await t().fixtures.grant(admin.orgId, member.userId, readOnly.id, 'read_only');
    const browser = await signedIn(t(), member);

    const own = await browser.get(`/devices/${mine.device.id}`).expect(200);
    expect(own.text).toContain('<summary class="button danger">Reboot</summary>');
    const csrf = csrfOf(own.text);
    await browser
      .post(`/devices/${mine.device.id}/commands`)
      .type('form')
      .send({ _csrf: csrf, type: 'reboot' })
      .expect(303);
    expect((await browser.get(`/networks/${full.id}`).expect(200)).text).toContain('Reboot all');

    const read = await browser.get(`/devices/${seen.device.id}`).expect(200);
    expect(read.text).not.toContain('Reboot');
    expect(read.text).not.toContain('Recent commands');
    expect((await browser.get(`/networks/${readOnly.id}`).expect(200)).text).not.toContain(
      'Reboot all',
    );
    await browser
      .post(`/devices/${seen.device.id}/commands`)
      .type('form')
      .send({ _csrf: csrf, type: 'reboot' })
      .expect(403);
    await browser
      .post(`/networks/${readOnly.id}/reboot`)
      .type('form')
      .send({ _csrf: csrf })
      .expect(403);
    const missingDevice = await browser
      .post('/devices/999999/commands')
      .type('form')
      .send({ _csrf: csrf, type: 'reboot' })
      .expect(404);
    for (const id of [unseen.device.id, loose.device.id]) {
      const res = await browser
        .post(`/devices/${id}/commands`)
        .type('form')
        .send({ _csrf: csrf, type: 'reboot' })
        .expect(404);
      expect(res.text).toBe(missingDevice.text);
    }
    const missingNetwork = await browser
      .post('/networks/999999/reboot')
      .type('form')
      .send({ _csrf: csrf })
      .expect(404);
    const hiddenNetwork = await browser
      .post(`/networks/${hidden.id}/reboot`)
      .type('form')
      .send({ _csrf: csrf })
      .expect(404);
    expect(hiddenNetwork.text).toBe(missingNetwork.text);
    const commands = await commandsOf(admin.orgId);
    expect(commands.map((c) => c.device_id)).toEqual([mine.device.id]);

    // Another organisation's admin finds neither the device nor the command.
    const stranger = await signedIn(t(), await browserUser(t()));
    const theirCsrf = csrfOf((await stranger.get('/overview').expect(200)).text);
    await stranger
      .post(`/devices/${mine.device.id}/commands`)
      .type('form')
      .send({ _csrf: theirCsrf, type: 'reboot' })
      .expect(404);
    await stranger
      .post(`/commands/${commands[0].id}/cancel`)
      .type('form')
      .send({ _csrf: theirCsrf })
      .expect(404);
    expect((await commandsOf(admin.orgId)).map((c) => c.state)).toEqual(['queued']);
  });
});
