import { deviceCountChanges, OUTSIDE } from './device-count-changes';

describe('deviceCountChanges', () => {
  it('counts created devices in the organisation and in their networks', () => {
    expect(
      deviceCountChanges([
        { from: OUTSIDE, to: 7 },
        { from: OUTSIDE, to: 7 },
        { from: OUTSIDE, to: null },
      ]),
    ).toEqual({ organisation: 3, networks: new Map([[7, 2]]) });
  });

  it('takes removed devices out of the organisation and of their networks', () => {
    expect(
      deviceCountChanges([
        { from: 7, to: OUTSIDE },
        { from: null, to: OUTSIDE },
      ]),
    ).toEqual({ organisation: -2, networks: new Map([[7, -1]]) });
  });

  it('moves devices between networks without changing the organisation', () => {
    expect(
      deviceCountChanges([
        { from: 1, to: 2 },
        { from: 3, to: 2 },
        { from: null, to: 2 },
        { from: 2, to: null },
      ]),
    ).toEqual({
      organisation: 0,
      networks: new Map([
        [1, -1],
        [3, -1],
        [2, 2],
      ]),
    });
  });

  it('leaves out devices that stay where they are and networks whose changes cancel out', () => {
    expect(
      deviceCountChanges([
        { from: 4, to: 4 },
        { from: null, to: null },
        { from: 5, to: 6 },
        { from: 6, to: 5 },
      ]),
    ).toEqual({ organisation: 0, networks: new Map() });
  });
});
