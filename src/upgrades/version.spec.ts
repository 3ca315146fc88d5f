import { compareVersions, newestBy } from './version';

describe('compareVersions', () => {
  it.each([
    ['1.10.0', '1.9.2', 1],
    ['1.9.2', '1.10.0', -1],
    ['2.0', '1.99.99', 1],
    ['1.2', '1.2.0', 0],
    ['1.2.0.1', '1.2', 1],
    ['01.002', '1.2', 0],
    ['10', '9', 1],
    ['1.0.0', '1.0.0', 0],
    ['123456789012345678901.0', '123456789012345678902.0', -1],
    ['1.2.beta', '1.2.alpha', 1],
  ])('compares %s with %s as %i', (a, b, expected) => {
    expect(Math.sign(compareVersions(a, b))).toBe(expected);
  });

  it('sorts versions in dotted numeric order', () => {
    expect(['1.10', '1.2', '1.9.1', '0.9'].sort(compareVersions)).toEqual([
      '0.9',
      '1.2',
      '1.9.1',
      '1.10',
    ]);
  });
});

describe('newestBy', () => {
  it('picks the highest version and keeps the first of equal versions', () => {
    const items = [
      { id: 1, version: '1.9' },
      { id: 2, version: '1.10' },
      { id: 3, version: '1.10.0' },
    ];
    expect(newestBy(items, (i) => i.version)).toEqual({ id: 2, version: '1.10' });
    expect(newestBy([], (i: { version: string }) => i.version)).toBeUndefined();
  });
});
