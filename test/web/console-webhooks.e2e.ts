import { decodedHtml } from '../harness/console.helpers';
import { onBothDatabases } from '../harness/app';
import { browserUser, csrfOf, signedIn } from '../harness/web-session';
import { webhookFixtures } from '../harness/webhooks.helpers';

/** The console's webhook pages: add, edit, test, rotate, delete, the delivery log. */
onBothDatabases(
  'console: webhooks',
  (t) => {
    const w = webhookFixtures(t);

    it('adds a webhook, shows its secret once, sends a test and lists the delivery', async () => {
      const admin = await browserUser(t());
      const receiver = await w.receiver();
      const browser = await signedIn(t(), admin);
      const list = await browser.get('/webhooks').expect(200);
      expect(list.text).toContain('<a href="/webhooks" aria-current="page">Webhooks</a>');
      expect(list.text).toContain('No webhooks yet.');
      const form = await browser.get('/webhooks/new').expect(200);

      const refused = await browser
        .post('/webhooks')
        .type('form')
        .send({ _csrf: csrfOf(form.text), url: 'ftp://x', event_types: 'device.melted' });
      expect(refused.status).toBe(422);
      expect(decodedHtml(refused.text)).toContain(
        'webhook.url must be an http or https URL, webhook.event_types has unknown event types: device.melted',
      );
      // each message beside its field too, the field marked invalid
      expect(refused.text).toContain(
        '<p class="error" id="url-error">webhook.url must be an http or https URL</p>',
      );
      expect(refused.text).toContain(
        'value="ftp://x" required aria-describedby="url-hint url-error" aria-invalid="true"',
      );
      expect(refused.text).toContain(
        '<p class="error" id="event_types-error">webhook.event_types has unknown event types: device.melted</p>',
      );

      const created = await browser
        .post('/webhooks')
        .type('form')
        .send({
          _csrf: csrfOf(form.text),
          url: receiver.url(),
          event_types: 'network.*, device.down',
          description: 'NOC',
          enabled: 'true',
        })
        .expect(200);
      const secret = /<code class="mono">(whsec_[^<]+)<\/code>/.exec(
        decodedHtml(created.text),
      )?.[1];
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const id = Number(/<h1>Webhook (\d+)/.exec(created.text)?.[1]);
      const shown = await browser.get(`/webhooks/${id}`).expect(200);
      expect(decodedHtml(shown.text)).not.toContain(secret!);
      expect(shown.text).toContain('No deliveries yet.');

      const tested = await browser
        .post(`/webhooks/${id}/test`)
        .type('form')
        .send({ _csrf: csrfOf(shown.text) })
        .expect(303);
      expect(tested.headers.location).toBe(`/webhooks/${id}`);
      await w.settled(admin, id, (l) => l[0]?.state === 'succeeded');
      const log = await browser.get(`/webhooks/${id}`).expect(200);
      expect(log.text).toMatch(
        /<td>webhook\.test<\/td>\s*<td class="state-succeeded">succeeded<\/td>\s*<td>1<\/td>\s*<td>200<\/td>/,
      );
      expect(w.verify(secret!, receiver.received[0])).toMatchObject({ type: 'webhook.test' });
      const [event] = (
        await t().http().get('/v1/events').query({ type: 'webhook.created' }).set(admin.auth)
      ).body.data.events;
      expect(event.actor).toMatchObject({ type: 'user', id: admin.userId, via: 'console' });
    });

    it('refuses a description over 255 characters beside its field, storing nothing', async () => {
      const admin = await browserUser(t());
      const browser = await signedIn(t(), admin);
      const form = await browser.get('/webhooks/new').expect(200);
      const refused = await browser
        .post('/webhooks')
        .type('form')
        .send({
          _csrf: csrfOf(form.text),
          url: 'http://127.0.0.1:9/hook',
          event_types: '*',
          description: 'd'.repeat(256),
        });
      expect(refused.status).toBe(422);
      expect(refused.text).toContain(
        '<p class="error" id="description-error">webhook.description must be shorter than or equal to 255 characters</p>',
      );
      const listed = await t().http().get('/v1/webhooks').set(admin.auth).expect(200);
      expect(listed.body).toEqual({ data: { webhooks: [] }, status: 200 });
    });

    it('edits, redelivers, rotates and deletes', async () => {
      const admin = await browserUser(t());
      const receiver = await w.receiver();
      receiver.answer = () => ({ status: 500 });
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['network.*'] });
      const browser = await signedIn(t(), admin);
      const edit = await browser.get(`/webhooks/${hook.id}/edit`).expect(200);
      expect(edit.text).toContain('value="network.*"');
      const saved = await browser
        .post(`/webhooks/${hook.id}`)
        .type('form')
        .send({
          _csrf: csrfOf(edit.text),
          url: receiver.url(),
          event_types: 'network.created',
          enabled: 'true',
        })
        .expect(303);
      expect(saved.headers.location).toBe(`/webhooks/${hook.id}`);
      await w.networkCreated(admin);
      const [failed] = await w.settled(admin, hook.id, (l) => l[0]?.state === 'failed');
      receiver.answer = () => ({ status: 200 });
      const page = await browser.get(`/webhooks/${hook.id}`).expect(200);
      expect(page.text).toContain(`aria-label="Redeliver delivery ${failed.id}"`);
      await browser
        .post(`/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`)
        .type('form')
        .send({ _csrf: csrfOf(page.text) })
        .expect(303);
      await w.settled(admin, hook.id, (l) => l[0]?.state === 'succeeded');

      const rotated = await browser
        .post(`/webhooks/${hook.id}/rotate_secret`)
        .type('form')
        .send({ _csrf: csrfOf(page.text) })
        .expect(200);
      const secret = /<code class="mono">(whsec_[^<]+)<\/code>/.exec(
        decodedHtml(rotated.text),
      )?.[1];
      expect(secret).toMatch(/^whsec_/);
      expect(secret).not.toBe(hook.secret);
      const deleted = await browser
        .post(`/webhooks/${hook.id}/delete`)
        .type('form')
        .send({ _csrf: csrfOf(page.text) })
        .expect(303);
      expect(deleted.headers.location).toBe('/webhooks');
      await browser.get(`/webhooks/${hook.id}`).expect(404);
    });

    it('is for admins: a member gets 403 and no Webhooks link', async () => {
      const admin = await browserUser(t());
      const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
      const browser = await signedIn(t(), member);
      expect((await browser.get('/overview').expect(200)).text).not.toContain('href="/webhooks"');
      await browser.get('/webhooks').expect(403);
      const other = await browserUser(t());
      const hook = await w.register(admin, { url: 'https://93.184.216.34/x', event_types: ['*'] });
      await (await signedIn(t(), other)).get(`/webhooks/${hook.id}`).expect(404);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RETRY_SCHEDULE_SECONDS: '1' },
);
