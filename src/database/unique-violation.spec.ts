import { QueryFailedError } from 'typeorm';
import { alreadyTaken, guardUnique, isUniqueViolation } from './unique-violation';

const driverError = (code: string) =>
  new QueryFailedError('INSERT', [], Object.assign(new Error('constraint'), { code }));

describe('the uniqueness rule', () => {
  it('words a taken value once', () => {
    expect(alreadyTaken('network_name')).toBe('network_name has already been taken');
  });

  it.each(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'])(
    'recognises the unique violation %s',
    (code) => {
      expect(isUniqueViolation(driverError(code))).toBe(true);
    },
  );

  it('does not take other failures for a unique violation', () => {
    expect(isUniqueViolation(driverError('23503'))).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
  });

  it('answers the write when it succeeds', async () => {
    await expect(
      guardUnique(
        () => Promise.resolve(7),
        () => new Error('taken'),
      ),
    ).resolves.toBe(7);
  });

  it('answers the operation error when a concurrent request took the value', async () => {
    const taken = new Error('name has already been taken');
    await expect(
      guardUnique(
        () => Promise.reject(driverError('23505')),
        () => taken,
      ),
    ).rejects.toBe(taken);
  });

  it('lets any other failure through unchanged', async () => {
    const other = driverError('23503');
    await expect(
      guardUnique(
        () => Promise.reject(other),
        () => new Error('taken'),
      ),
    ).rejects.toBe(other);
  });
});
