import { ConfigSync, configInSync } from './config-sync';

describe('config in sync', () => {
  it('holds only when the applied revision equals the current one', () => {
    expect(configInSync('abc', 'abc')).toBe(true);
    expect(configInSync('abc', 'abd')).toBe(false);
  });

  it('never holds for a device that reported no revision, or without a current one', () => {
    expect(configInSync(null, 'abc')).toBe(false);
    expect(configInSync('abc', null)).toBe(false);
    expect(configInSync(null, null)).toBe(false);
  });

  it('reports no device in sync while no current revision is known', async () => {
    const result = await new ConfigSync().inSync(1, [
      { id: 1, applied_revision: null },
      { id: 2, applied_revision: 'abc' },
    ]);
    expect([...result]).toEqual([
      [1, false],
      [2, false],
    ]);
  });
});
