import { startApp, TestApp } from '../harness/app';
import { clientMac, station } from '../harness/clients.helpers';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { migratedPostgresDatabase } from '../harness/postgres-databases';

/** Two instances on one PostgreSQL database take check-ins of two devices listing one client. */
describe('client sessions on two instances (PostgreSQL)', () => {
  const apps: TestApp[] = [];
  let release: () => Promise<unknown> = () => Promise.resolve();
  const one = gatewayFixtures(() => apps[0]);
  const two = gatewayFixtures(() => apps[1]);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await release();
  });

  it('keeps exactly one open session per client when two devices list it at the same moment', async () => {
    const database = await migratedPostgresDatabase();
    release = database.release;
    const env = { DATABASE_URL: database.url };
    apps.push(await startApp('postgres', env), await startApp('postgres', env));
    const admin = await apps[0].fixtures.admin();
    const a = await one.device(admin.orgId);
    const b = await one.device(admin.orgId);
    await one.checkin(a.auth).expect(200);
    await one.checkin(b.auth).expect(200);
    const seen: string[] = [];
    for (let round = 0; round < 12; round++) {
      seen.push(clientMac(), clientMac(), clientMac());
      const macs = [...seen];
      // The same clients in opposite orders, each device on its own instance, at once: the new
      // ones start on both, the earlier ones roam between them.
      const answers = await Promise.all([
        one.checkin(a.auth, { stations: macs.map((mac) => station(mac)) }),
        two.checkin(b.auth, { stations: [...macs].reverse().map((mac) => station(mac)) }),
      ]);
      expect(answers.map((res) => res.status)).toEqual([200, 200]);
    }
    const rows: { client_mac: string; open: string; total: string; ended_ok: string }[] =
      await apps[0].dataSource.query(
        `SELECT "client_mac",
           COUNT(*) FILTER (WHERE "ended_at" IS NULL) AS "open",
           COUNT(*) AS "total",
           COUNT(*) FILTER (WHERE "ended_at" IS NOT NULL AND "ended_at" >= "started_at") AS "ended_ok"
         FROM "client_sessions" WHERE "organisation_id" = $1 GROUP BY "client_mac"`,
        [admin.orgId],
      );
    expect(rows.map((row) => row.client_mac).sort()).toEqual([...seen].sort());
    for (const row of rows) {
      // One open session; the other device's, if it started, ended at the later check-in.
      expect([row.client_mac, Number(row.open)]).toEqual([row.client_mac, 1]);
      expect(Number(row.total) - 1).toBe(Number(row.ended_ok));
    }
    // Both instances answer the same client record.
    const shown = await Promise.all(
      apps.map((app) => app.http().get(`/v1/clients/${seen[0]}`).set(admin.auth).expect(200)),
    );
    expect(shown[0].body).toEqual(shown[1].body);
  });
});
