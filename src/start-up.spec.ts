import { ConfigurationError } from './config/app-config';
import { redactUrl } from './database/dialect/start-problem';
import {
  BANNER_COLUMNS,
  databaseStartFailure,
  listenStartFailure,
  startFailureText,
  StartFailure,
  startBanner,
} from './start-up';

describe('the start banner', () => {
  // As long as the real ones: af_ + 32 random bytes, 20-character password, 32-character secret.
  const seed = {
    organisation_id: 1,
    user_id: 1,
    token: `af_${'T'.repeat(43)}`,
    email: 'demo@airfleet.local',
    password: 'p'.repeat(20),
    device: { mac_id: '0A:00:00:00:00:01', secret: 's'.repeat(32) },
  };
  const base = 'http://localhost:65535';

  it.each([
    ['the first start', seed],
    ['a later start', null],
  ])('fits an 80-column terminal on %s', (_, given) => {
    const lines = startBanner(base, given).split('\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(BANNER_COLUMNS);
    expect(BANNER_COLUMNS).toBe(80);
  });

  it('prints the token and the sign-in on lines of their own, between two rules', () => {
    const lines = startBanner(base, seed).trim().split('\n');
    expect(lines[0]).toMatch(/^=+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(lines).toContain(`  Access token (shown once): ${seed.token}`);
    expect(lines).toContain(`  Browser sign-in: demo@airfleet.local / ${seed.password}`);
    expect(lines).toContain(`  export AIRFLEET_TOKEN=${seed.token}`);
  });
});

describe('start-up messages', () => {
  it('masks the password of the database URL', () => {
    expect(redactUrl('postgres://app:s3cret@db.internal:5432/airfleet')).toBe(
      'postgres://app:***@db.internal:5432/airfleet',
    );
    expect(redactUrl('postgres://db/airfleet')).toBe('postgres://db/airfleet');
    expect(redactUrl('postgres://')).toBe('postgres://');
  });

  it('names DATABASE_URL for an unreachable PostgreSQL, and nothing for other errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const postgres = { type: 'postgres', url: 'postgres://u:p@127.0.0.1:5432/x' } as const;
    expect(databaseStartFailure(refused, postgres)?.message).toBe(
      'Airfleet cannot reach the database at DATABASE_URL=postgres://u:***@127.0.0.1:5432/x ' +
        '(connect ECONNREFUSED 127.0.0.1:5432): start PostgreSQL or correct DATABASE_URL.',
    );
    expect(databaseStartFailure(new Error('syntax error'), postgres)).toBeUndefined();
  });

  it('names DATABASE_PATH for a SQLite file that cannot be opened', () => {
    const cantOpen = Object.assign(new Error('unable to open database file'), {
      code: 'SQLITE_CANTOPEN',
    });
    const sqlite = { type: 'better-sqlite3', path: '/nope/db.sqlite' } as const;
    expect(databaseStartFailure(cantOpen, sqlite)?.message).toBe(
      'Airfleet cannot open the SQLite database at DATABASE_PATH=/nope/db.sqlite ' +
        '(unable to open database file): correct DATABASE_PATH or its permissions.',
    );
  });

  it('names PORT for a port in use', () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    expect(listenStartFailure(inUse, 3000)?.message).toBe(
      'Airfleet cannot listen on port 3000: it is already in use. ' +
        'Stop the other process or set PORT to a free port (e.g. PORT=3001).',
    );
    expect(listenStartFailure(new Error('other'), 3000)).toBeUndefined();
  });

  it('prints the one line of a known failure and the stack of an unexpected one', () => {
    expect(startFailureText(new StartFailure('one line'))).toBe('one line');
    expect(startFailureText(new ConfigurationError('Invalid configuration'))).toBe(
      'Invalid configuration',
    );
    expect(startFailureText(new Error('boom'))).toMatch(/^Airfleet failed to start: Error: boom\n/);
  });
});
