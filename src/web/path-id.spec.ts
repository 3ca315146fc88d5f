import { MAX_ID } from '../common/ids/id';
import { deviceNotFound } from '../access-points/access-points.errors';
import { pathId } from './path-id';

describe('pathId', () => {
  it('reads the digits of an id of 1 to MAX_ID', () => {
    expect(pathId('12', deviceNotFound)).toBe(12);
    expect(pathId('007', deviceNotFound)).toBe(7);
    expect(pathId(String(MAX_ID), deviceNotFound)).toBe(MAX_ID);
  });

  it("answers anything else with the page's own error", () => {
    for (const value of [
      '0',
      String(MAX_ID + 1),
      '99999999999999999999',
      'abc',
      '1e3',
      '12.0',
      '-1',
      '',
      ' 1',
    ]) {
      expect(() => pathId(value, deviceNotFound)).toThrow(deviceNotFound());
    }
    expect(() => pathId(undefined, deviceNotFound)).toThrow(deviceNotFound());
  });
});
