import { Membership } from '../../src/users/membership.entity';
import { migratedPostgresDatabase, startApp, TestApp } from '../harness/app';
import { Caller } from '../harness/fixtures';

const NO_ADMIN_LEFT = { msg: 'The organisation would have no admin left', error_code: 1053 };
const FORBIDDEN = { msg: 'Only an organisation admin may do this', error_code: 1029 };
const UNAUTHENTICATED = {
  msg: 'Missing, invalid, expired or revoked access token',
  error_code: 1028,
};
type Answer = { status: number; body: unknown };
const ROUNDS = 10;

/**
 * The last admin under concurrency: two instances on one PostgreSQL database, each taking one of
 * two admins' requests to demote or remove the other (or themselves) at the same moment. Of every
 * pair one change wins and the organisation always keeps an admin. The other answers 422 1053 when
 * its caller was still an admin as it was heard; when the winner had already committed by then and
 * had demoted its caller, it answers 403 1029, and when it had removed its caller (whose token it
 * revokes), 401 1028. Which of the two a round gives depends on the timing, and both are right.
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

  type Move = (app: TestApp, by: Caller, target: Caller) => Promise<Answer>;
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

  const NO_ADMIN: Answer = { status: 422, body: NO_ADMIN_LEFT };
  const DEMOTED: Answer = { status: 403, body: FORBIDDEN };
  const REMOVED: Answer = { status: 401, body: UNAUTHENTICATED };

  /**
   * Each case: the two moves, and the answers the losing move may give when the first or the
   * second move wins.
   */
  const cases: [string, (a: Caller, b: Caller) => Promise<Answer>[], Answer[], Answer[]][] = [
    [
      'demote each other',
      (a, b) => [demote(apps[0], a, b), demote(apps[1], b, a)],
      [NO_ADMIN, DEMOTED],
      [NO_ADMIN, DEMOTED],
    ],
    [
      'remove each other',
      (a, b) => [remove(apps[0], a, b), remove(apps[1], b, a)],
      [NO_ADMIN, REMOVED],
      [NO_ADMIN, REMOVED],
    ],
    [
      'step down and leave',
      (a, b) => [demote(apps[0], a, a), remove(apps[1], b, b)],
      [NO_ADMIN],
      [NO_ADMIN],
    ],
    [
      'demote one, remove the other',
      (a, b) => [demote(apps[0], a, b), remove(apps[1], b, a)],
      [NO_ADMIN, DEMOTED],
      [NO_ADMIN, REMOVED],
    ],
  ];

  for (const [name, moves, whenFirstWins, whenSecondWins] of cases) {
    it(`${name}: one change wins, the other is refused, one admin stays`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const [a, b] = await pair();
        const answers = await Promise.all(moves(a, b));
        const winner = answers.findIndex((answer) => answer.status === 200);
        expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
        const loser = answers[1 - winner];
        expect(winner === 0 ? whenFirstWins : whenSecondWins).toContainEqual(loser);
        expect(await admins(a.orgId)).toBe(1);
      }
    });
  }
});
