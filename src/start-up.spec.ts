import { ConfigurationError } from './config/app-config';
import { redactUrl } from './database/dialect/start-problem';
import {
  databaseStartFailure,
  listenStartFailure,
  startFailureText,
  StartFailure,
} from './start-up';

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
