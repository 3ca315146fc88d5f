import { configSync, storedRevision } from './config-sync';

const report = (
  applied: string | null,
  errorRevision: string | null = null,
  message: string | null = null,
) => ({
  applied_revision: applied,
  config_error_revision: errorRevision,
  config_error_message: message,
});

describe('configSync', () => {
  it('is out of sync with nothing applied before the first report', () => {
    expect(configSync('r2', null)).toEqual({
      revision: 'r2',
      applied_revision: null,
      in_sync: false,
      error: null,
    });
  });

  it('is in sync when the device runs the current revision, whatever it reported before', () => {
    expect(configSync('r2', report('r2', 'r2', 'failed once'))).toEqual({
      revision: 'r2',
      applied_revision: 'r2',
      in_sync: true,
      error: null,
    });
  });

  it('shows the error reported for the current revision while the device does not run it', () => {
    expect(configSync('r2', report('r1', 'r2', 'bad key'))).toEqual({
      revision: 'r2',
      applied_revision: 'r1',
      in_sync: false,
      error: 'bad key',
    });
  });

  it('hides an error about another revision', () => {
    expect(configSync('r3', report('r1', 'r2', 'bad key'))).toEqual({
      revision: 'r3',
      applied_revision: 'r1',
      in_sync: false,
      error: null,
    });
  });
});

describe('storedRevision', () => {
  it('is the revision stored for the device, and refuses none rather than answer one', () => {
    expect(storedRevision(4, 'r1')).toBe('r1');
    expect(() => storedRevision(4, null)).toThrow('device 4 has no stored configuration revision');
  });
});
