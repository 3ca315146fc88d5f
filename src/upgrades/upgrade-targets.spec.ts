import { parseTargets } from '../firmware/upgrade-targets';
import { parseUpgradeId } from './upgrade-id.param';
import { UNMATCHED_ID } from '../common/ids/id';
import { StatusMessageError } from '../common/errors';

describe('parseTargets', () => {
  it('groups ids by kind, case-insensitively, without duplicates', () => {
    expect(parseTargets(['AP:1', 'ap:1', ' network:2 ', 'TAG:3'])).toEqual({
      deviceIds: [1],
      networkIds: [2],
      tagIds: [3],
      unmatched: { devices: [], groups: [] },
      malformed: [],
    });
  });

  it('keeps ids outside 1..2147483647 apart, as entries that match no record', () => {
    expect(
      parseTargets(['AP:2147483648', 'network:9223372036854775808', 'tag:0', 'AP:1e21']),
    ).toEqual({
      deviceIds: [],
      networkIds: [],
      tagIds: [],
      unmatched: {
        devices: ['AP:2147483648', 'AP:1e21'],
        groups: ['network:9223372036854775808', 'tag:0'],
      },
      malformed: [],
    });
  });

  it('reports entries without a kind or an integer id as malformed', () => {
    expect(parseTargets(['bogus', 'AP:', 'network:abc', 'tag:1.5']).malformed).toEqual([
      'bogus',
      'AP:',
      'network:abc',
      'tag:1.5',
    ]);
  });
});

describe('parseUpgradeId', () => {
  it('reads an id with or without .json and maps an out-of-range one to UNMATCHED_ID', () => {
    expect(parseUpgradeId('12')).toBe(12);
    expect(parseUpgradeId('12.json')).toBe(12);
    expect(parseUpgradeId('2147483648.json')).toBe(UNMATCHED_ID);
    expect(parseUpgradeId('1e21')).toBe(UNMATCHED_ID);
  });

  it('answers a non-integer as a 422 {message, status}', () => {
    expect(() => parseUpgradeId('abc')).toThrow(StatusMessageError);
    try {
      parseUpgradeId('abc');
    } catch (error) {
      expect((error as StatusMessageError).body()).toEqual({
        message: 'id must be an integer number',
        status: 422,
      });
    }
  });
});
