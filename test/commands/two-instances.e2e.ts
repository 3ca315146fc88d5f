import { startApp, TestApp } from '../harness/app';
import { commandFixtures } from '../harness/commands.helpers';
import { eventFixtures } from '../harness/events.helpers';
import { migratedPostgresDatabase } from '../harness/postgres-databases';

/** Commands on PostgreSQL: two instances hand out and close one command: one of each. */
describe('commands on two instances (PostgreSQL)', () => {
  const apps: TestApp[] = [];
  let release: () => Promise<unknown> = () => Promise.resolve();
  const c = commandFixtures(() => apps[0]);
  const e = eventFixtures(() => apps[0]);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await release();
  });

  it('marks a command sent once and closes it once however many check-ins race', async () => {
    const database = await migratedPostgresDatabase();
    release = database.release;
    const env = { DATABASE_URL: database.url };
    apps.push(await startApp('postgres', env), await startApp('postgres', env));
    const { admin, devices } = await c.fleet(1);
    const [ap] = devices;
    await c.checkin(ap);
    const [command] = await c.queue(admin, { type: 'reboot', aps: [`AP:${ap.device.id}`] });
    const checkin = (app: TestApp, body: object) =>
      app.http().post('/device/v1/checkin').set(ap.auth).send(body);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => checkin(apps[i % 2], {}).expect(200)),
    );
    for (const answer of answers) {
      expect(answer.body.commands).toEqual([{ id: command.id, type: 'reboot', params: {} }]);
    }
    const sent = await c.show(admin, command.id);
    expect(sent.state).toBe('sent');
    const result = {
      command_results: [{ id: command.id, state: 'succeeded', output: 'rebooting' }],
    };
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => checkin(apps[i % 2], result).expect(200)),
    );
    expect(await c.show(admin, command.id)).toMatchObject({
      state: 'succeeded',
      sent_at: sent.sent_at,
    });
    const closed = await e.events(admin.auth, { after: 0, type: 'command.succeeded' });
    expect(closed).toHaveLength(1);
  });
});
