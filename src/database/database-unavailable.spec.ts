import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';

function withCode(code: string, message = 'failure'): Error {
  return Object.assign(new Error(message), { code });
}

function queryFailed(driverError: Error): QueryFailedError {
  return new QueryFailedError('SELECT 1', [], driverError);
}

describe('isDatabaseUnavailable', () => {
  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    'EHOSTUNREACH',
    '08000',
    '08001',
    '08003',
    '08006',
    '08P01',
    '57P01',
    '57P02',
    '57P03',
    '53300',
    'SQLITE_BUSY',
    'SQLITE_BUSY_SNAPSHOT',
    'SQLITE_IOERR_READ',
    'SQLITE_CANTOPEN',
  ])('recognises the code %s, bare or wrapped by TypeORM', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    expect(isDatabaseUnavailable(queryFailed(withCode(code)))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Query read timeout',
    'Client has encountered a connection error and is not queryable',
    'The database connection is not open',
    'Driver not Connected',
    'Query runner already released. Cannot run queries anymore.',
    'Database connection provided by a query runner was already released, cannot continue to use its querying methods anymore.',
  ])('recognises the driver message "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    expect(isDatabaseUnavailable(queryFailed(new Error(message)))).toBe(true);
  });

  it('follows cause chains and aggregate errors (a host with several addresses)', () => {
    const refused = withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1');
    expect(isDatabaseUnavailable(new Error('outer', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, refused]))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a statement timeout', withCode('57014')],
    ['a value out of range', withCode('22003')],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain error', new Error('boom')],
  ])('does not mistake %s for an outage', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(queryFailed(error))).toBe(false);
  });

  it('answers false for non-errors', () => {
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
