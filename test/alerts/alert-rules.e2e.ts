import { User } from '../../src/users/user.entity';
import { onBothDatabases } from '../harness/app';
import { alertFixtures } from '../harness/alerts.helpers';
import { eventFixtures } from '../harness/events.helpers';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const NOT_FOUND = { msg: 'Alert rule not found', error_code: 1043 };

/** The alert rule routes: records, defaults, validation, limits, roles, events. */
onBothDatabases('alert rule routes', (t) => {
  const a = alertFixtures(t);
  const e = eventFixtures(t);

  it('creates a rule with its defaults, shows, lists, changes and deletes it, each with its event', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const res = await t()
      .http()
      .post('/v1/alert_rules')
      .set(admin.auth)
      .send({ alert_rule: { name: 'Site down', type: 'device_down', network_ids: [network.id] } })
      .expect(200);
    const record = {
      id: expect.any(Number),
      name: 'Site down',
      type: 'device_down',
      network_ids: [network.id],
      for_seconds: 300,
      threshold: null,
      emails: [],
      enabled: true,
      created_at: ISO,
      updated_at: ISO,
    };
    expect(res.body).toEqual({ data: { alert_rule: record }, status: 200 });
    const id = res.body.data.alert_rule.id as number;
    const get = (path: string) => t().http().get(path).set(admin.auth).expect(200);
    expect((await get(`/v1/alert_rules/${id}`)).body).toEqual(res.body);
    expect((await get('/v1/alert_rules')).body).toEqual({
      data: { alert_rules: [res.body.data.alert_rule] },
      status: 200,
    });
    const patched = await t()
      .http()
      .patch(`/v1/alert_rules/${id}`)
      .set(admin.auth)
      .send({ alert_rule: { for_seconds: 60, emails: ['noc@example.com'], enabled: false } })
      .expect(200);
    expect(patched.body.data.alert_rule).toEqual({
      ...record,
      id,
      for_seconds: 60,
      emails: ['noc@example.com'],
      enabled: false,
    });
    const deleted = await t().http().delete(`/v1/alert_rules/${id}`).set(admin.auth).expect(200);
    expect(deleted.body.data.alert_rule).toEqual(patched.body.data.alert_rule);
    expect(
      (await t().http().get(`/v1/alert_rules/${id}`).set(admin.auth).expect(404)).body,
    ).toEqual(NOT_FOUND);
    const events = await e.events(admin.auth, { after: 0, type: 'alert_rule.*' });
    expect(events.map((event) => [event.type, event.actor.type, event.data])).toEqual([
      ['alert_rule.created', 'user', { alert_rule_id: id }],
      [
        'alert_rule.updated',
        'user',
        {
          alert_rule_id: id,
          changes: {
            for_seconds: { from: 300, to: 60 },
            emails: { from: [], to: ['noc@example.com'] },
            enabled: { from: true, to: false },
          },
        },
      ],
      ['alert_rule.deleted', 'user', { alert_rule_id: id }],
    ]);
  });

  it('takes each type with its own fields: clients_above needs a threshold, the others refuse one', async () => {
    const admin = await t().fixtures.admin();
    const clients = await a.rule(admin, { type: 'clients_above', threshold: 40 });
    expect(clients).toMatchObject({ for_seconds: 0, threshold: 40 });
    for (const type of ['config_failed', 'upgrade_failed', 'rollout_halted']) {
      expect(await a.rule(admin, { type })).toMatchObject({
        type,
        for_seconds: 0,
        threshold: null,
      });
    }
  });

  it('answers 422 naming every bad value, and changes nothing', async () => {
    const admin = await t().fixtures.admin();
    const bad = async (alert_rule: object) =>
      (await t().http().post('/v1/alert_rules').set(admin.auth).send({ alert_rule }).expect(422))
        .body;
    expect(await bad({ type: 'device_down', for_seconds: 86401, emails: ['nope'] })).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors:
        'alert_rule.name must be 1 to 255 characters, ' +
        'alert_rule.for_seconds must be an integer from 0 to 86400, ' +
        'alert_rule.emails has invalid addresses: nope',
    });
    expect((await bad({ name: '', type: 'device_down', enabled: 'yes' })).errors).toEqual(
      'alert_rule.name must be 1 to 255 characters, alert_rule.enabled must be a boolean value',
    );
    expect((await bad({ name: 'x', type: 'clients_above' })).errors).toEqual(
      'alert_rule.threshold must be an integer of 0 or more (required by clients_above)',
    );
    expect((await bad({ name: 'x', type: 'sun_down' })).errors).toEqual(
      'alert_rule.type must be one of device_down, config_failed, upgrade_failed, rollout_halted, clients_above',
    );
    expect((await bad({ name: 'x', type: 'device_down', network_ids: [999999] })).errors).toEqual(
      'alert_rule.network_ids has unknown networks: 999999',
    );
    const many = Array.from({ length: 21 }, (_, i) => `a${i}@example.com`);
    expect((await bad({ name: 'x', type: 'config_failed', emails: many })).errors).toEqual(
      'alert_rule.emails must be a list of at most 20 addresses',
    );
    expect((await t().http().get('/v1/alert_rules').set(admin.auth).expect(200)).body.data).toEqual(
      { alert_rules: [] },
    );
  });

  it('answers an id or a threshold beyond 32 bits as an unknown network or a bad value, on create and PATCH, changing nothing', async () => {
    const admin = await t().fixtures.admin();
    const rule = await a.rule(admin, { type: 'clients_above', threshold: 5 });
    const invalid = (errors: string) => ({ msg: 'Invalid parameters', error_code: 1030, errors });
    const cases: [object, object][] = [
      [
        { network_ids: [2147483648] },
        invalid('alert_rule.network_ids has unknown networks: 2147483648'),
      ],
      [
        { network_ids: [-2147483649, 9007199254740992] },
        invalid('alert_rule.network_ids has unknown networks: -2147483649, 9007199254740992'),
      ],
      [{ threshold: 2147483648 }, invalid('alert_rule.threshold must be at most 2147483647')],
    ];
    for (const [fields, body] of cases) {
      const created = await t()
        .http()
        .post('/v1/alert_rules')
        .set(admin.auth)
        .send({ alert_rule: { name: 'big', type: 'clients_above', threshold: 1, ...fields } });
      expect([created.status, created.body]).toEqual([422, body]);
      const patched = await t()
        .http()
        .patch(`/v1/alert_rules/${rule.id}`)
        .set(admin.auth)
        .send({ alert_rule: fields });
      expect([patched.status, patched.body]).toEqual([422, body]);
    }
    const list = await t().http().get('/v1/alert_rules').set(admin.auth).expect(200);
    expect(list.body).toEqual({ data: { alert_rules: [rule] }, status: 200 });
  });

  it("answers another organisation's rule as missing, lets members read and not write", async () => {
    const admin = await t().fixtures.admin();
    const other = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const { id } = await a.rule(admin, { type: 'config_failed' });
    for (const [method, path] of [
      ['get', `/v1/alert_rules/${id}`],
      ['patch', `/v1/alert_rules/${id}`],
      ['delete', `/v1/alert_rules/${id}`],
    ] as const) {
      const res = await t().http()[method](path).set(other.auth).send({ alert_rule: {} });
      expect([res.status, res.body]).toEqual([404, NOT_FOUND]);
    }
    await t().http().get(`/v1/alert_rules/${id}`).set(member.auth).expect(200);
    await t()
      .http()
      .post('/v1/alert_rules')
      .set(member.auth)
      .send({ alert_rule: { name: 'x', type: 'config_failed' } })
      .expect(403);
  });

  it('shows a member the networks they may read and masks the addresses of others; admins see all', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const { email } = await t()
      .dataSource.getRepository(User)
      .findOneByOrFail({ id: member.userId });
    const seen = await t().fixtures.network(admin.orgId);
    const readOnly = await t().fixtures.network(admin.orgId);
    const hidden = await t().fixtures.network(admin.orgId);
    await t().fixtures.grant(admin.orgId, member.userId, seen.id, 'full');
    await t().fixtures.grant(admin.orgId, member.userId, readOnly.id, 'read_only');
    const everywhere = await a.rule(admin, {
      type: 'config_failed',
      emails: ['ops@example.com', email.toUpperCase()],
    });
    const mixed = await a.rule(admin, {
      type: 'device_down',
      network_ids: [hidden.id, seen.id, readOnly.id],
      emails: ['zoe.admin@corp.example'],
    });
    const secret = await a.rule(admin, {
      type: 'upgrade_failed',
      network_ids: [hidden.id],
      emails: ['ceo@corp.example'],
    });

    const asMember = [
      { ...everywhere, emails: ['o***@example.com', email.toUpperCase()] },
      { ...mixed, network_ids: [seen.id, readOnly.id], emails: ['z***@corp.example'] },
    ];
    const list = await t().http().get('/v1/alert_rules').set(member.auth).expect(200);
    expect(list.body).toEqual({ data: { alert_rules: asMember }, status: 200 });
    for (const rule of asMember) {
      const one = await t().http().get(`/v1/alert_rules/${rule.id}`).set(member.auth).expect(200);
      expect(one.body).toEqual({ data: { alert_rule: rule }, status: 200 });
    }
    // A rule on hidden networks alone answers as a missing one.
    for (const id of [secret.id, secret.id + 1000]) {
      const res = await t().http().get(`/v1/alert_rules/${id}`).set(member.auth);
      expect([res.status, res.body]).toEqual([404, NOT_FOUND]);
    }

    const all = await t().http().get('/v1/alert_rules').set(admin.auth).expect(200);
    expect(all.body).toEqual({ data: { alert_rules: [everywhere, mixed, secret] }, status: 200 });
    const full = await t().http().get(`/v1/alert_rules/${secret.id}`).set(admin.auth).expect(200);
    expect(full.body).toEqual({ data: { alert_rule: secret }, status: 200 });
  });

  it('refuses the 101st rule of an organisation with 422 1046', async () => {
    const admin = await t().fixtures.admin();
    for (let i = 0; i < 100; i++) {
      await a.rule(admin, { type: 'upgrade_failed' });
    }
    const res = await t()
      .http()
      .post('/v1/alert_rules')
      .set(admin.auth)
      .send({ alert_rule: { name: 'x', type: 'upgrade_failed' } })
      .expect(422);
    expect(res.body).toEqual({
      msg: 'Limit reached',
      error_code: 1046,
      errors: 'an organisation may have at most 100 alert rules',
    });
  });
});
