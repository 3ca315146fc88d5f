import { Alert } from '../../src/alerts/alert.entity';
import { User } from '../../src/users/user.entity';
import { onBothDatabases, onDatabase, TestApp } from '../harness/app';
import { Caller } from '../harness/fixtures';

/**
 * Yesterday's date (UTC): the alerts' times fall inside the retention that deletes alerts resolved
 * long ago, whatever day the suite runs on.
 */
const DAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

let subjects = 0;

/** An open config_failed alert of the organisation, as the evaluation writes it. */
async function openAlert(
  t: TestApp,
  orgId: number,
  network: { id: number; network_name: string } | null,
  fields: Partial<Alert> = {},
) {
  subjects += 1;
  return t.fixtures.save(Alert, {
    organisation_id: orgId,
    alert_rule_id: 1,
    type: 'config_failed',
    state: 'open',
    subject_id: 5000 + subjects,
    device_id: 5000 + subjects,
    device_mac: '0A:1B:2C:3D:4E:5F',
    device_name: 'HQ',
    network_id: network?.id ?? null,
    network_name: network?.network_name ?? null,
    opened_at: new Date(`${DAY}T22:03:17.000Z`),
    resolved_at: null,
    data: { message: 'rejected' },
    ...fields,
  });
}

const emailOf = async (t: TestApp, caller: Caller) =>
  (await t.dataSource.getRepository(User).findOneByOrFail({ id: caller.userId })).email;

/** The alert record as the API answers it, with its acknowledgement. */
const record = (
  alert: Alert,
  acknowledgement: { by: { id: number; email: string }; at: string } | null,
) => ({
  id: alert.id,
  alert_rule_id: 1,
  type: 'config_failed',
  state: alert.state,
  device: { id: alert.device_id, mac_id: '0A:1B:2C:3D:4E:5F', name: 'HQ' },
  network:
    alert.network_id === null ? null : { id: alert.network_id, network_name: alert.network_name },
  opened_at: `${DAY}T22:03:17.000Z`,
  resolved_at: alert.resolved_at ? alert.resolved_at.toISOString() : null,
  data: { message: 'rejected' },
  acknowledged_by: acknowledgement?.by ?? null,
  acknowledged_at: acknowledgement?.at ?? null,
});

const NOT_FOUND = { error_code: 1043, msg: 'Alert not found' };

/** POST /v1/alerts/:id/acknowledge: who took an open alert, which stays open. */
onBothDatabases('alert acknowledgement', (t) => {
  const acknowledge = (caller: Caller, id: number | string) =>
    t().http().post(`/v1/alerts/${id}/acknowledge`).set(caller.auth);

  it('records the admin and the time, keeps the alert open, and lists them', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const alert = await openAlert(t(), admin.orgId, network);
    const before = Date.now();
    const res = await acknowledge(admin, alert.id).expect(200);
    const at = res.body.data.alert.acknowledged_at as string;
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(at)).toBeLessThanOrEqual(Date.now() + 1000);
    const by = { id: admin.userId, email: await emailOf(t(), admin) };
    expect(res.body).toEqual({ data: { alert: record(alert, { by, at }) }, status: 200 });

    const listed = await t().http().get('/v1/alerts').query({ state: 'open' }).set(admin.auth);
    expect(listed.body.data.alerts).toEqual([record(alert, { by, at })]);
  });

  it('lists an unacknowledged alert with null acknowledged_by and acknowledged_at', async () => {
    const admin = await t().fixtures.admin();
    const alert = await openAlert(t(), admin.orgId, null);
    const listed = await t().http().get('/v1/alerts').set(admin.auth).expect(200);
    expect(listed.body.data.alerts).toEqual([record(alert, null)]);
  });

  it('keeps the first acknowledger: a repeat, by anyone, answers the alert unchanged', async () => {
    const admin = await t().fixtures.admin();
    const other = await t().fixtures.admin(admin.orgId);
    const alert = await openAlert(t(), admin.orgId, null);
    const first = await acknowledge(admin, alert.id).expect(200);
    const again = await acknowledge(admin, alert.id).expect(200);
    const byOther = await acknowledge(other, alert.id).expect(200);
    expect(again.body).toEqual(first.body);
    expect(byOther.body).toEqual(first.body);
    expect(first.body.data.alert.acknowledged_by).toEqual({
      id: admin.userId,
      email: await emailOf(t(), admin),
    });
  });

  it('lets a member with full access acknowledge; read-only is 403, no grant is 404', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const full = await t().fixtures.member(admin.orgId);
    const readOnly = await t().fixtures.member(admin.orgId);
    const none = await t().fixtures.member(admin.orgId);
    await t().fixtures.grant(admin.orgId, full.userId, network.id, 'full');
    await t().fixtures.grant(admin.orgId, readOnly.userId, network.id, 'read_only');
    const alert = await openAlert(t(), admin.orgId, network);
    const noNetwork = await openAlert(t(), admin.orgId, null);

    const refused = await acknowledge(readOnly, alert.id);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { error_code: 1029, msg: 'Your access to this network is read-only' },
    });
    const hidden = await acknowledge(none, alert.id);
    expect({ status: hidden.status, body: hidden.body }).toEqual({ status: 404, body: NOT_FOUND });
    // an alert of no network is for admins only, as members do not read it
    const orphan = await acknowledge(full, noNetwork.id);
    expect({ status: orphan.status, body: orphan.body }).toEqual({ status: 404, body: NOT_FOUND });
    // the refusals changed nothing
    expect((await t().http().get('/v1/alerts').set(admin.auth)).body.data.alerts).toEqual([
      record(noNetwork, null),
      record(alert, null),
    ]);

    const res = await acknowledge(full, alert.id).expect(200);
    expect(res.body.data.alert.acknowledged_by).toEqual({
      id: full.userId,
      email: await emailOf(t(), full),
    });
    expect(res.body.data.alert.state).toBe('open');
  });

  it("answers another organisation's alert and a missing one 404 1043", async () => {
    const admin = await t().fixtures.admin();
    const stranger = await t().fixtures.admin();
    const alert = await openAlert(t(), admin.orgId, null);
    const theirs = await acknowledge(stranger, alert.id);
    expect({ status: theirs.status, body: theirs.body }).toEqual({ status: 404, body: NOT_FOUND });
    const missing = await acknowledge(admin, 2147483647);
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 404,
      body: NOT_FOUND,
    });
    expect((await t().http().get('/v1/alerts').set(admin.auth)).body.data.alerts).toEqual([
      record(alert, null),
    ]);
  });

  it('refuses a resolved alert nobody acknowledged (422 1030); one acknowledged stays 200', async () => {
    const admin = await t().fixtures.admin();
    const resolvedAt = new Date(`${DAY}T22:05:00.000Z`);
    const resolved = await openAlert(t(), admin.orgId, null, {
      state: 'resolved',
      resolved_at: resolvedAt,
    });
    const res = await acknowledge(admin, resolved.id);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 422,
      body: {
        error_code: 1030,
        msg: 'Invalid parameters',
        errors: 'the alert is resolved: only an open alert can be acknowledged',
      },
    });
    const open = await openAlert(t(), admin.orgId, null);
    const first = await acknowledge(admin, open.id).expect(200);
    await t()
      .dataSource.getRepository(Alert)
      .update({ id: open.id }, { state: 'resolved', resolved_at: resolvedAt });
    const after = await acknowledge(admin, open.id).expect(200);
    expect(after.body.data.alert).toEqual({
      ...first.body.data.alert,
      state: 'resolved',
      resolved_at: resolvedAt.toISOString(),
    });
  });

  it('answers a bad id 422 1030', async () => {
    const admin = await t().fixtures.admin();
    const res = await acknowledge(admin, 'abc');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 422,
      body: { error_code: 1030, msg: 'Invalid parameters', errors: 'id must be an integer number' },
    });
  });
});

/** Two acknowledgements at once record one acknowledger, whichever came first. */
onDatabase('postgres', 'alert acknowledgement under concurrency', (t) => {
  it('records one acknowledger of two requests at once, and both answer it', async () => {
    const admin = await t().fixtures.admin();
    const other = await t().fixtures.admin(admin.orgId);
    for (let round = 0; round < 5; round += 1) {
      const alert = await openAlert(t(), admin.orgId, null);
      const [a, b] = await Promise.all(
        [admin, other].map((caller) =>
          t().http().post(`/v1/alerts/${alert.id}/acknowledge`).set(caller.auth),
        ),
      );
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.body).toEqual(a.body);
      const stored = await t().dataSource.getRepository(Alert).findOneByOrFail({ id: alert.id });
      expect([admin.userId, other.userId]).toContain(stored.acknowledged_by);
      expect(a.body.data.alert.acknowledged_by.id).toBe(stored.acknowledged_by);
      expect(a.body.data.alert.acknowledged_at).toBe(stored.acknowledged_at?.toISOString());
    }
  });
});
