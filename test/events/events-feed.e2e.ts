import { DeviceTransitionsService } from '../../src/device-state/device-transitions.service';
import { NewEvent } from '../../src/event-log/events.repository';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { ChangeRunner } from '../../src/fleet-change/change-runner.service';
import {
  DATABASES,
  migratedPostgresDatabase,
  onBothDatabases,
  startApp,
  TestApp,
} from '../harness/app';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { eventFixtures, ShownEvent } from '../harness/events.helpers';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const INVALID = (errors: string) => ({
  msg: 'Invalid parameters',
  error_code: 1030,
  errors,
});

/** Writes events of the organisation directly, in one transaction (as a change would). */
async function write(t: TestApp, orgId: number, events: Partial<NewEvent>[]): Promise<void> {
  await t.app.get(UnitOfWork).run(() =>
    t.app.get(ChangeRunner).record(
      orgId,
      events.map((event) => ({
        type: 'device.up',
        occurred_at: new Date(),
        network: null,
        device: null,
        actor: { type: 'system' },
        data: {},
        ...event,
      })),
    ),
  );
}

onBothDatabases('GET /v1/events', (t) => {
  const e = eventFixtures(t);

  it('lists newest first, the feed after an id ascending, below `before`, and `limit`', async () => {
    const admin = await t().fixtures.admin();
    await write(t(), admin.orgId, [
      { type: 'device.up' },
      { type: 'device.down' },
      { type: 'upgrade.created' },
      { type: 'rollout.halted' },
    ]);
    const newest = await e.events(admin.auth);
    expect(newest.map((event) => event.type)).toEqual([
      'rollout.halted',
      'upgrade.created',
      'device.down',
      'device.up',
    ]);
    const ids = newest.map((event) => event.id).reverse();
    expect((await e.events(admin.auth, { after: 0 })).map((event) => event.id)).toEqual(ids);
    expect((await e.events(admin.auth, { after: ids[1], limit: 1 })).map((x) => x.id)).toEqual([
      ids[2],
    ]);
    expect((await e.events(admin.auth, { before: ids[2] })).map((x) => x.id)).toEqual([
      ids[1],
      ids[0],
    ]);
  });

  it('filters by type (exact and family), MAC, network and time', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const device = { id: 7, mac_id: '0A:00:00:00:00:07', name: 'ap' };
    const at = (iso: string) => new Date(iso);
    await write(t(), admin.orgId, [
      { type: 'device.up', device, occurred_at: at('2030-01-01T00:00:00Z') },
      {
        type: 'device.down',
        network: { id: network.id, network_name: network.network_name },
        occurred_at: at('2030-01-02T00:00:00Z'),
      },
      { type: 'rollout.created', occurred_at: at('2030-01-03T00:00:00Z') },
    ]);
    const types = async (query: Record<string, string | number>) =>
      (await e.events(admin.auth, query)).map((event) => event.type);
    expect(await types({ type: 'device.*' })).toEqual(['device.down', 'device.up']);
    expect(await types({ type: 'rollout.created,device.up' })).toEqual([
      'rollout.created',
      'device.up',
    ]);
    expect(await types({ mac_id: '0a-00-00-00-00-07' })).toEqual(['device.up']);
    expect(await types({ network_id: network.id })).toEqual(['device.down']);
    expect(await types({ since: '2030-01-02T00:00:00Z', until: '2030-01-03T00:00:00Z' })).toEqual([
      'device.down',
    ]);
  });

  it('answers bad parameters 422 1030 naming each, and an unknown network 404 1001', async () => {
    const admin = await t().fixtures.admin();
    const bad = (query: Record<string, string>) =>
      t().http().get('/v1/events').query(query).set(admin.auth).expect(422);
    expect((await bad({ type: 'device.nope,upgrade.*' })).body).toEqual(
      INVALID('type has unknown event types: device.nope'),
    );
    expect((await bad({ limit: '0', since: 'yesterday' })).body).toEqual({
      ...INVALID(expect.any(String) as unknown as string),
    });
    const both = (await bad({ limit: '1001', since: 'yesterday' })).body.errors as string;
    expect(both).toMatch(/since/);
    expect(both).toMatch(/limit/);
    expect((await bad({ mac_id: 'not-a-mac' })).body).toEqual(
      INVALID('mac_id must be a MAC address'),
    );
    const other = await t().fixtures.admin();
    const foreign = await t().fixtures.network(other.orgId);
    const res = await t()
      .http()
      .get('/v1/events')
      .query({ network_id: foreign.id })
      .set(admin.auth)
      .expect(404);
    expect(res.body).toMatchObject({ error_code: 1001 });
  });

  it('shows members the events of networks they may read, and nothing of another organisation', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const [readable, hidden] = [
      await t().fixtures.network(admin.orgId),
      await t().fixtures.network(admin.orgId),
    ];
    await t().fixtures.grant(admin.orgId, member.userId, readable.id, 'read_only');
    const on = (network: typeof readable) => ({
      network: { id: network.id, network_name: network.network_name },
    });
    await write(t(), admin.orgId, [
      { type: 'device.up', ...on(readable) },
      { type: 'device.up', ...on(hidden) },
      { type: 'rollout.created' },
    ]);
    expect((await e.events(member.auth)).map((x) => x.network?.id)).toEqual([readable.id]);
    expect(await e.events(admin.auth)).toHaveLength(3);
    const stranger = await t().fixtures.admin();
    expect(await e.events(stranger.auth)).toEqual([]);
  });
});

/**
 * The feed has no gaps: writers commit events concurrently (devices' first
 * check-ins, each a transaction of its own, on every instance) while a poller follows `after`;
 * what it collected equals the final listing, each id once, ascending.
 */
async function followWhileWriting(apps: TestApp[]): Promise<void> {
  const [first] = apps;
  const admin = await first.fixtures.admin();
  const devices = await Promise.all(
    Array.from({ length: 60 }, () => gatewayFixtures(() => first).device(admin.orgId)),
  );
  const seen: ShownEvent[] = [];
  let done = false;
  const poll = async () => {
    let after = 0;
    for (let k = 0; ; k++) {
      const app = apps[k % apps.length];
      const page = await eventFixtures(() => app).events(admin.auth, { after, limit: 7 });
      seen.push(...page);
      after = page.at(-1)?.id ?? after;
      if (done && page.length === 0) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const writers = (async () => {
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        devices.map((ap, k) =>
          gatewayFixtures(() => apps[k % apps.length])
            .checkin(ap.auth)
            .expect(200),
        ),
      );
      for (const ap of devices) {
        await eventFixtures(() => first).age(ap.device.id, 400);
      }
      await Promise.all(apps.map((app) => app.app.get(DeviceTransitionsService).sweep()));
    }
    done = true;
  })();
  await Promise.all([writers, poll()]);
  const all = await eventFixtures(() => first).events(admin.auth, { after: 0, limit: 1000 });
  expect(all).toHaveLength(devices.length * 6);
  expect(seen.map((event) => event.id)).toEqual(all.map((event) => event.id));
  expect(new Set(seen.map((event) => event.id)).size).toBe(seen.length);
}

describe.each(DATABASES)('the feed without gaps [%s]', (db) => {
  it('gives a poller every event once, in ascending id order, while writers commit', async () => {
    const postgres = db === 'postgres' ? await migratedPostgresDatabase() : null;
    const env: Record<string, string> = postgres
      ? { DATABASE_URL: postgres.url }
      : { DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'airfleet-feed-')), 'db.sqlite') };
    const apps: TestApp[] = [];
    try {
      apps.push(await startApp(db, env));
      if (postgres) {
        apps.push(await startApp(db, env)); // two instances on one database
      }
      await followWhileWriting(apps);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await postgres?.release();
    }
  }, 180_000);
});
