import { Membership } from '../../src/users/membership.entity';
import { migratedPostgresDatabase, startApp, TestApp } from '../harness/app';
import { Caller } from '../harness/fixtures';

const NO_ADMIN_LEFT = { msg: 'The organisation would have no admin left', error_code: 1053 };
const ROUNDS = 10;

/**
 * The last admin under concurrency: two instances on one PostgreSQL database, each taking one of
 * two admins' requests to demote or remove the other (or themselves) at the same moment. Of every
 * pair one change wins and the other answers 422 1053: the organisation always keeps an admin.
 */
describe('members: the last admin under concurrent changes on two instances [postgres]', () => {
  let database: { url: string; release: () => Promise<void> };
  let apps: TestApp[] = [];

  beforeAll(async () => {
    database = await migratedPostgresDatabase();
    const env = { DATABASE_URL: database.url };
    apps = [await startApp('postgres', env), await startApp('postgres', env)];
  }, 120_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.release();
  });

  const admins = (orgId: number) =>
    apps[0].dataSource.getRepository(Membership).countBy({ organisation_id: orgId, role: 'admin' });

  /** Two admins of a fresh organisation. */
  const pair = async (): Promise<[Caller, Caller]> => {
    const first = await apps[0].fixtures.admin();
    return [first, await apps[0].fixtures.admin(first.orgId)];
  };

  type Move = (
    app: TestApp,
    by: Caller,
    target: Caller,
  ) => Promise<{ status: number; body: unknown }>;
  const demote: Move = (app, by, target) =>
    app
      .http()
      .patch(`/v1/members/${target.userId}`)
      .set(by.auth)
      .send({ member: { role: 'member' } })
      .then((res) => ({ status: res.status, body: res.body }));
  const remove: Move = (app, by, target) =>
    app
      .http()
      .delete(`/v1/members/${target.userId}`)
      .set(by.auth)
      .then((res) => ({ status: res.status, body: res.body }));

  const cases: [string, (a: Caller, b: Caller) => Promise<{ status: number; body: unknown }>[]][] =
    [
      ['demote each other', (a, b) => [demote(apps[0], a, b), demote(apps[1], b, a)]],
      ['remove each other', (a, b) => [remove(apps[0], a, b), remove(apps[1], b, a)]],
      ['step down and leave', (a, b) => [demote(apps[0], a, a), remove(apps[1], b, b)]],
      ['demote one, remove the other', (a, b) => [demote(apps[0], a, b), remove(apps[1], b, a)]],
    ];

  for (const [name, moves] of cases) {
    it(`${name}: one change wins, the other answers 422 1053, one admin stays`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const [a, b] = await pair();
        const answers = await Promise.all(moves(a, b));
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
        expect(answers.find((answer) => answer.status === 422)!.body).toEqual(NO_ADMIN_LEFT);
        expect(await admins(a.orgId)).toBe(1);
      }
    });
  }
});
