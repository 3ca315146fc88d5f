import { fullFormats } from 'ajv-formats/dist/formats';
import { onBothDatabases } from '../harness/app';
import { eventFixtures } from '../harness/events.helpers';
import { webhookFixtures } from '../harness/webhooks.helpers';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const SECRET = expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/);
const NOT_FOUND = { msg: 'Webhook not found', error_code: 1042 };
/** The `format: uri` check of OpenAPI validators (ajv-formats' full mode, as Prism runs it). */
const isUri = fullFormats.uri as (value: string) => boolean;

/** The webhook routes: records, secrets, validation, limits, roles. */
onBothDatabases(
  'webhook routes',
  (t) => {
    const w = webhookFixtures(t);
    const e = eventFixtures(t);
    const url = 'http://127.0.0.1:9/hook';

    it('creates a webhook with its secret once, then shows, lists, changes and deletes it without it', async () => {
      const admin = await t().fixtures.admin();
      const res = await t()
        .http()
        .post('/v1/webhooks')
        .set(admin.auth)
        .send({ webhook: { url, event_types: ['device.*', 'upgrade.failed'] } })
        .expect(200);
      const record = {
        id: expect.any(Number),
        url,
        event_types: ['device.*', 'upgrade.failed'],
        description: null,
        enabled: true,
        disabled_reason: null,
        created_at: ISO,
        updated_at: ISO,
      };
      expect(res.body).toEqual({ data: { webhook: { ...record, secret: SECRET } }, status: 200 });
      const { secret, ...shown } = res.body.data.webhook;
      const id = shown.id as number;
      const get = (path: string) => t().http().get(path).set(admin.auth).expect(200);
      expect((await get(`/v1/webhooks/${id}`)).body).toEqual({
        data: { webhook: shown },
        status: 200,
      });
      expect((await get('/v1/webhooks')).body).toEqual({
        data: { webhooks: [shown] },
        status: 200,
      });
      expect(JSON.stringify((await get('/v1/webhooks')).body)).not.toContain(secret);

      const patched = await t()
        .http()
        .patch(`/v1/webhooks/${id}`)
        .set(admin.auth)
        .send({ webhook: { description: 'PagerDuty', enabled: false } })
        .expect(200);
      expect(patched.body.data.webhook).toEqual({
        ...record,
        id,
        description: 'PagerDuty',
        enabled: false,
      });
      const deleted = await t().http().delete(`/v1/webhooks/${id}`).set(admin.auth).expect(200);
      expect(deleted.body.data.webhook).toMatchObject({ id, description: 'PagerDuty' });
      expect((await t().http().get(`/v1/webhooks/${id}`).set(admin.auth).expect(404)).body).toEqual(
        NOT_FOUND,
      );

      const events = await e.events(admin.auth, { after: 0, type: 'webhook.*' });
      expect(events.map((event) => [event.type, event.actor.type, event.data])).toEqual([
        ['webhook.created', 'user', { webhook_id: id }],
        [
          'webhook.updated',
          'user',
          {
            webhook_id: id,
            changes: {
              description: { from: null, to: 'PagerDuty' },
              enabled: { from: true, to: false },
            },
          },
        ],
        ['webhook.deleted', 'user', { webhook_id: id }],
      ]);
      expect(JSON.stringify(events)).not.toContain(secret);
    });

    it('rotates the secret: a new one answered once, the change masked in the event', async () => {
      const admin = await t().fixtures.admin();
      const created = await w.register(admin, { url, event_types: ['*'] });
      const res = await t()
        .http()
        .post(`/v1/webhooks/${created.id}/rotate_secret`)
        .set(admin.auth)
        .expect(200);
      expect(res.body.data.webhook).toMatchObject({ id: created.id, secret: SECRET });
      expect(res.body.data.webhook.secret).not.toBe(created.secret);
      const [event] = await e.events(admin.auth, { type: 'webhook.updated' });
      expect(event.data).toEqual({
        webhook_id: created.id,
        changes: { secret: { from: '********', to: '********' } },
      });
    });

    it('refuses bad values with 422 1030 naming each, changing nothing', async () => {
      const admin = await t().fixtures.admin();
      const cases: [object, string][] = [
        [
          { url: 'ftp://example.com/', event_types: ['*'] },
          'webhook.url must be an http or https URL',
        ],
        [
          { url: 'https://u:p@example.com/', event_types: ['*'] },
          'webhook.url must not include user info',
        ],
        [
          { url: 'http://@example.com/a', event_types: ['*'] },
          'webhook.url must not include user info',
        ],
        [
          { url: 'http://:@example.com/a', event_types: ['*'] },
          'webhook.url must not include user info',
        ],
        [
          { url: 'http://a{b}.example.com/', event_types: ['*'] },
          'webhook.url must have a valid host name',
        ],
        [{ event_types: ['*'] }, 'webhook.url must be an http or https URL'],
        [
          { url, event_types: ['device.up', 'device.melted'] },
          'webhook.event_types has unknown event types: device.melted',
        ],
        [{ url, event_types: [] }, 'webhook.event_types must be a non-empty list of event types'],
        [
          { url: 'nope', event_types: 'device.up' },
          'webhook.url must be an http or https URL, webhook.event_types must be a non-empty list of event types',
        ],
        [
          { url, event_types: ['*'], description: 'd'.repeat(256) },
          'webhook.description must be shorter than or equal to 255 characters',
        ],
        [{ url, event_types: ['*'], enabled: 'yes' }, 'webhook.enabled must be a boolean value'],
        [{ url, event_types: ['*'], description: 5 }, 'webhook.description must be a string'],
        [
          { url, event_types: [], description: 'd'.repeat(256) },
          'webhook.event_types must be a non-empty list of event types, webhook.description must be shorter than or equal to 255 characters',
        ],
        [
          { description: 'd'.repeat(256), enabled: 'yes' },
          'webhook.url must be an http or https URL, webhook.event_types must be a non-empty list of event types, webhook.description must be shorter than or equal to 255 characters, webhook.enabled must be a boolean value',
        ],
      ];
      for (const [webhook, errors] of cases) {
        const res = await t().http().post('/v1/webhooks').set(admin.auth).send({ webhook });
        expect([res.status, res.body]).toEqual([
          422,
          { msg: 'Invalid parameters', error_code: 1030, errors },
        ]);
      }
      expect((await t().http().get('/v1/webhooks').set(admin.auth)).body.data.webhooks).toEqual([]);
    });

    it('refuses an empty user info at update too, changing nothing', async () => {
      const admin = await t().fixtures.admin();
      const created = await w.register(admin, { url, event_types: ['*'] });
      for (const bad of ['http://@example.com/a', 'http://:@example.com/a']) {
        const res = await t()
          .http()
          .patch(`/v1/webhooks/${created.id}`)
          .set(admin.auth)
          .send({ webhook: { url: bad } });
        expect([res.status, res.body]).toEqual([
          422,
          {
            msg: 'Invalid parameters',
            error_code: 1030,
            errors: 'webhook.url must not include user info',
          },
        ]);
      }
      const shown = await t().http().get(`/v1/webhooks/${created.id}`).set(admin.auth);
      expect(shown.body.data.webhook.url).toBe(url);
    });

    it('names every bad value at update too, changing nothing', async () => {
      const admin = await t().fixtures.admin();
      const created = await w.register(admin, { url, event_types: ['*'] });
      const res = await t()
        .http()
        .patch(`/v1/webhooks/${created.id}`)
        .set(admin.auth)
        .send({
          webhook: {
            url: 'ftp://example.com/',
            event_types: [],
            description: 'd'.repeat(256),
            enabled: 'no',
          },
        });
      expect([res.status, res.body]).toEqual([
        422,
        {
          msg: 'Invalid parameters',
          error_code: 1030,
          errors:
            'webhook.url must be an http or https URL, webhook.event_types must be a non-empty list of event types, webhook.description must be shorter than or equal to 255 characters, webhook.enabled must be a boolean value',
        },
      ]);
      const shown = await t().http().get(`/v1/webhooks/${created.id}`).set(admin.auth);
      expect(shown.body.data.webhook).toMatchObject({
        url,
        event_types: ['*'],
        description: null,
        enabled: true,
      });
    });

    it('stores and answers the URL serialised, percent-encoded where a URI needs it', async () => {
      const admin = await t().fixtures.admin();
      const sent = 'HTTP://127.0.0.1:9/a/./b/../{x}"<q>|^?k={v}|^`"<>#f{}';
      const stored =
        'http://127.0.0.1:9/a/%7Bx%7D%22%3Cq%3E%7C%5E?k=%7Bv%7D%7C%5E%60%22%3C%3E#f%7B%7D';
      const created = await w.register(admin, { url: sent, event_types: ['*'] });
      expect(created.url).toBe(stored);
      const patchedTo = 'http://127.0.0.1:9/c?d="e"&f={g}';
      const patchedAs = 'http://127.0.0.1:9/c?d=%22e%22&f=%7Bg%7D';
      const other = await w.register(admin, { url, event_types: ['*'] });
      const patched = await t()
        .http()
        .patch(`/v1/webhooks/${other.id}`)
        .set(admin.auth)
        .send({ webhook: { url: patchedTo } })
        .expect(200);
      expect(patched.body.data.webhook.url).toBe(patchedAs);
      const shown = await t().http().get(`/v1/webhooks/${created.id}`).set(admin.auth).expect(200);
      expect(shown.body.data.webhook.url).toBe(stored);
      const listed = await t().http().get('/v1/webhooks').set(admin.auth).expect(200);
      const urls = listed.body.data.webhooks.map((hook: { url: string }) => hook.url);
      expect(urls).toEqual([stored, patchedAs]);
      expect(urls.map(isUri)).toEqual([true, true]);
      const [updated] = await e.events(admin.auth, { type: 'webhook.updated' });
      expect(updated.data.changes).toEqual({ url: { from: url, to: patchedAs } });
    });

    it('allows 20 webhooks per organisation: the 21st answers 422 1046', async () => {
      const admin = await t().fixtures.admin();
      for (let i = 0; i < 20; i++) {
        await w.register(admin, { url, event_types: ['*'] });
      }
      const res = await t()
        .http()
        .post('/v1/webhooks')
        .set(admin.auth)
        .send({ webhook: { url, event_types: ['*'] } });
      expect([res.status, res.body]).toEqual([
        422,
        {
          msg: 'Limit reached',
          error_code: 1046,
          errors: 'an organisation may have at most 20 webhooks',
        },
      ]);
    });

    it("answers another organisation's webhook and deliveries as missing, and members 403", async () => {
      const admin = await t().fixtures.admin();
      const created = await w.register(admin, { url, event_types: ['*'] });
      const other = await t().fixtures.admin();
      const requests = [
        t().http().get(`/v1/webhooks/${created.id}`),
        t()
          .http()
          .patch(`/v1/webhooks/${created.id}`)
          .send({ webhook: { enabled: false } }),
        t().http().delete(`/v1/webhooks/${created.id}`),
        t().http().post(`/v1/webhooks/${created.id}/rotate_secret`),
        t().http().post(`/v1/webhooks/${created.id}/test`),
        t().http().get(`/v1/webhooks/${created.id}/deliveries`),
        t().http().post(`/v1/webhooks/${created.id}/deliveries/1/redeliver`),
      ];
      for (const request of requests) {
        expect((await request.set(other.auth).expect(404)).body).toEqual(NOT_FOUND);
      }
      const missing = await t()
        .http()
        .post(`/v1/webhooks/${created.id}/deliveries/2147483647/redeliver`)
        .set(admin.auth)
        .expect(404);
      expect(missing.body).toEqual({ msg: 'Delivery not found', error_code: 1042 });
      const member = await t().fixtures.member(admin.orgId);
      const forbidden = await t().http().get('/v1/webhooks').set(member.auth).expect(403);
      expect(forbidden.body.error_code).toBe(1029);
      expect((await t().http().get(`/v1/webhooks/${created.id}`).set(admin.auth)).status).toBe(200);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' },
);
