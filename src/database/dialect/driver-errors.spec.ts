import { QueryFailedError } from 'typeorm';
import { DRIVER_ERRORS, isUniqueViolation, POSTGRES_ERRORS, SQLITE_ERRORS } from './driver-errors';

function failed(code: string): QueryFailedError {
  return new QueryFailedError('INSERT', [], Object.assign(new Error('failed'), { code }));
}

describe('isUniqueViolation', () => {
  it.each([
    [POSTGRES_ERRORS, '23505'],
    [SQLITE_ERRORS, 'SQLITE_CONSTRAINT_UNIQUE'],
    [SQLITE_ERRORS, 'SQLITE_CONSTRAINT_PRIMARYKEY'],
  ])('recognises the code %#', (errors, code) => {
    expect(errors.isUniqueViolation(failed(code))).toBe(true);
    expect(isUniqueViolation(failed(code))).toBe(true);
  });

  it('recognises only its own database’s code', () => {
    expect(POSTGRES_ERRORS.isUniqueViolation(failed('SQLITE_CONSTRAINT_UNIQUE'))).toBe(false);
    expect(SQLITE_ERRORS.isUniqueViolation(failed('23505'))).toBe(false);
  });

  it.each([
    ['a foreign key violation', failed('23503')],
    ['a SQLite foreign key violation', failed('SQLITE_CONSTRAINT_FOREIGNKEY')],
    ['a bare driver error', Object.assign(new Error('dup'), { code: '23505' })],
    ['a non-error', '23505'],
  ])('does not mistake %s for one', (_, error) => {
    expect(isUniqueViolation(error)).toBe(false);
  });
});

describe('isErrorCode', () => {
  it('recognises each database’s own error codes and no socket code', () => {
    expect(POSTGRES_ERRORS.isErrorCode('23505')).toBe(true);
    expect(POSTGRES_ERRORS.isErrorCode('08P01')).toBe(true);
    expect(POSTGRES_ERRORS.isErrorCode('SQLITE_BUSY')).toBe(false);
    expect(SQLITE_ERRORS.isErrorCode('SQLITE_CONSTRAINT_UNIQUE')).toBe(true);
    expect(SQLITE_ERRORS.isErrorCode('23505')).toBe(false);
    for (const errors of DRIVER_ERRORS) {
      expect(errors.isErrorCode('ECONNREFUSED')).toBe(false);
    }
  });
});

describe('isUnavailableCode', () => {
  it('knows PostgreSQL’s connection exceptions and "not now" codes', () => {
    for (const code of ['08000', '08006', '08P01', '57P01', '57P03', '53300']) {
      expect(POSTGRES_ERRORS.isUnavailableCode(code)).toBe(true);
    }
    expect(POSTGRES_ERRORS.isUnavailableCode('23505')).toBe(false);
    expect(POSTGRES_ERRORS.isUnavailableCode('SQLITE_BUSY')).toBe(false);
  });

  it('knows SQLite’s busy, cannot-open and I/O codes with their extended forms', () => {
    for (const code of [
      'SQLITE_BUSY',
      'SQLITE_BUSY_SNAPSHOT',
      'SQLITE_IOERR_READ',
      'SQLITE_CANTOPEN',
    ]) {
      expect(SQLITE_ERRORS.isUnavailableCode(code)).toBe(true);
    }
    expect(SQLITE_ERRORS.isUnavailableCode('SQLITE_CONSTRAINT_UNIQUE')).toBe(false);
    expect(SQLITE_ERRORS.isUnavailableCode('08006')).toBe(false);
  });
});
