import { Upgrade } from '../firmware/upgrade.entity';
import { UpgradeData } from '../firmware/upgrade-data.entity';
import {
  firmwareLocation,
  hasFirmwareFor,
  releaseForPart,
  releasesWithFirmware,
  resolveRelease,
  resolveSchedule,
} from './upgrade-rules';

/** Which release an upgrade installs, and the schedule rules, without a database. */
let nextId = 1;
const release = (fields: Partial<UpgradeData>): UpgradeData =>
  ({
    id: nextId++,
    organisation_id: null,
    version: '1.0.0',
    is_released: true,
    url: {},
    ...fields,
  }) as UpgradeData;

const existing = (fields: Partial<Upgrade>): Upgrade => fields as Upgrade;

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { body(): unknown }).body();
  }
  throw new Error('expected a refusal');
};

describe('resolveSchedule', () => {
  it('defaults to now, with no time and the given time zone', () => {
    expect(resolveSchedule({ time_zone: 'Europe/Paris' }, null)).toEqual({
      schedule_type: 'now',
      schedule_at: null,
      time_zone: 'Europe/Paris',
    });
  });

  it('reads a later time without an offset in its time zone, and keeps an explicit offset', () => {
    const later = (schedule_at: string, time_zone = 'UTC') =>
      resolveSchedule({ schedule_type: 'later', schedule_at, time_zone }, null).schedule_at;
    expect(later('2030-01-02T03:04:05')).toEqual(new Date('2030-01-02T03:04:05Z'));
    expect(later('2030-01-02T03:04:05', 'Europe/Paris')).toEqual(new Date('2030-01-02T02:04:05Z'));
    expect(later('2030-07-02T03:04:05.250', 'Europe/Paris')).toEqual(
      new Date('2030-07-02T01:04:05.250Z'),
    );
    expect(later('2030-01-02T03:04:05', 'Asia/Tokyo')).toEqual(new Date('2030-01-01T18:04:05Z'));
    expect(later('2030-01-02T03:04:05+02:00', 'Asia/Tokyo')).toEqual(
      new Date('2030-01-02T01:04:05Z'),
    );
  });

  it('refuses later without schedule_at and time_zone, naming both', () => {
    expect(refusal(() => resolveSchedule({ schedule_type: 'later' }, null))).toEqual({
      message:
        'schedule_at is required when schedule_type is later, time_zone is required when schedule_type is later',
      status: 422,
    });
  });

  it('keeps the stored schedule and time zone for the fields an update leaves out', () => {
    const at = new Date('2031-05-06T07:08:09Z');
    const stored = existing({ schedule_type: 'later', schedule_at: at, time_zone: 'Asia/Tokyo' });
    expect(resolveSchedule({}, stored)).toEqual({
      schedule_type: 'later',
      schedule_at: at,
      time_zone: 'Asia/Tokyo',
    });
    expect(resolveSchedule({ schedule_type: 'now' }, stored)).toEqual({
      schedule_type: 'now',
      schedule_at: null,
      time_zone: 'Asia/Tokyo',
    });
  });

  it('clears what an update sets to null (an emptied form field) instead of keeping it', () => {
    const at = new Date('2031-05-06T07:08:09Z');
    const stored = existing({ schedule_type: 'later', schedule_at: at, time_zone: 'Asia/Tokyo' });
    expect(resolveSchedule({ schedule_type: 'now', time_zone: null }, stored)).toEqual({
      schedule_type: 'now',
      schedule_at: null,
      time_zone: null,
    });
    expect(refusal(() => resolveSchedule({ schedule_at: null }, stored))).toEqual({
      message: 'schedule_at is required when schedule_type is later',
      status: 422,
    });
    expect(refusal(() => resolveSchedule({ time_zone: null }, stored))).toEqual({
      message: 'time_zone is required when schedule_type is later',
      status: 422,
    });
  });
});

describe('resolveRelease', () => {
  it('refuses when no release is visible at all', () => {
    expect(refusal(() => resolveRelease({}, null, [], false))).toEqual({
      message: 'No upgrade data available',
      status: 422,
    });
  });

  it('takes the newest released version in dotted numeric order unless manual', () => {
    const all = [
      release({ version: '1.9.0' }),
      release({ version: '1.10.0' }),
      release({ version: '2.0.0', is_released: false }),
    ];
    expect(resolveRelease({}, null, all, true)).toEqual({
      upgradeType: 'automatic',
      release: all[1],
    });
  });

  it('refuses automatic when nothing is released', () => {
    expect(
      refusal(() => resolveRelease({}, null, [release({ is_released: false })], true)),
    ).toEqual({ message: 'No released upgrade data available', status: 422 });
  });

  it("prefers the organisation's own release of a version over the global one", () => {
    const global = release({ version: '3.0.0' });
    const own = release({ version: '3.0.0', organisation_id: 7 });
    expect(resolveRelease({}, null, [own, global], false).release).toBe(own);
    expect(resolveRelease({}, null, [global, own], false).release).toBe(own);
    expect(
      resolveRelease({ upgrade_type: 'manual', version: '3.0.0' }, null, [global, own], false)
        .release,
    ).toBe(own);
  });

  it('finds a manual version among what the caller may see', () => {
    const hidden = release({ version: '4.0.0', is_released: false });
    const input = { upgrade_type: 'manual' as const, version: '4.0.0' };
    expect(resolveRelease(input, null, [hidden], true)).toEqual({
      upgradeType: 'manual',
      release: hidden,
    });
    expect(refusal(() => resolveRelease(input, null, [hidden], false))).toEqual({
      message: 'Version 4.0.0 is not available',
      status: 422,
    });
  });

  it('needs a version for manual, from the input or the stored upgrade', () => {
    const all = [release({ version: '5.0.0' })];
    expect(refusal(() => resolveRelease({ upgrade_type: 'manual' }, null, all, false))).toEqual({
      message: 'version is required for a manual upgrade',
      status: 422,
    });
    const stored = existing({ upgrade_type: 'manual', version: '5.0.0' });
    expect(resolveRelease({}, stored, all, false)).toEqual({
      upgradeType: 'manual',
      release: all[0],
    });
    expect(refusal(() => resolveRelease({ version: null }, stored, all, false))).toEqual({
      message: 'version is required for a manual upgrade',
      status: 422,
    });
  });
});

describe('releasesWithFirmware (the versions the upgrade form offers)', () => {
  const ap100 = { 'AP-100': 'https://fw.test/100' };
  const both = { 'AP-100': 'https://fw.test/100', 'AP-200': 'https://fw.test/200' };
  const versions = (list: UpgradeData[]) => list.map((data) => data.version).sort();

  it('keeps a version whose release has firmware for every targeted part, or for some', () => {
    const all = [
      release({ version: '1.0.0', url: ap100 }),
      release({ version: '2.0.0', url: both }),
      release({ version: '3.0.0', url: { 'AP-300': 'https://fw.test/300' } }),
    ];
    expect(versions(releasesWithFirmware(all, false, ['AP-100', 'AP-200'], 'every'))).toEqual([
      '2.0.0',
    ]);
    expect(versions(releasesWithFirmware(all, false, ['AP-100', 'AP-100'], 'every'))).toEqual([
      '1.0.0',
      '2.0.0',
    ]);
    expect(versions(releasesWithFirmware(all, false, ['AP-200', 'AP-300'], 'some'))).toEqual([
      '2.0.0',
      '3.0.0',
    ]);
    // a device of unknown hardware has firmware in no release
    expect(releasesWithFirmware(all, false, ['AP-100', null], 'every')).toEqual([]);
    expect(releasesWithFirmware(all, false, [], 'some')).toEqual([]);
  });

  it('judges a version part by part as create does (releaseForPart), released unless allowed', () => {
    const global = release({ version: '4.0.0', url: both });
    const own = release({ version: '4.0.0', organisation_id: 7, url: ap100 });
    const unreleased = release({ version: '5.0.0', url: both, is_released: false });
    const all = [global, own, unreleased];
    // the organisation's own 4.0.0 has no AP-200 firmware, the global 4.0.0 has: an AP-200 takes it
    expect(releasesWithFirmware(all, false, ['AP-200'], 'every')).toEqual([own]);
    expect(releasesWithFirmware(all, false, ['AP-100'], 'every')).toEqual([own]);
    expect(releasesWithFirmware(all, true, ['AP-200'], 'every')).toEqual([own, unreleased]);
    expect(releasesWithFirmware(all, false, ['AP-300'], 'some')).toEqual([]);
  });
});

describe('releaseForPart (the one rule of which release gives a version to a part)', () => {
  it('takes, among the visible records of the version, own first then newest, one with the part', () => {
    const older = release({ version: '6.0.0', url: { 'AP-100': 'https://global/old' } });
    const newer = release({ version: '6.0.0', url: { 'AP-200': 'https://global/new' } });
    const own = release({ version: '6.0.0', organisation_id: 7, url: { 'AP-300': 'https://own' } });
    const hidden = release({
      version: '6.0.0',
      url: { 'AP-400': 'https://x' },
      is_released: false,
    });
    const all = [older, newer, own, hidden];
    expect(releaseForPart(all, '6.0.0', 'AP-100', false)).toBe(older);
    expect(releaseForPart(all, '6.0.0', 'AP-200', false)).toBe(newer);
    expect(releaseForPart(all, '6.0.0', 'AP-300', false)).toBe(own);
    expect(releaseForPart(all, '6.0.0', 'AP-400', false)).toBeUndefined();
    expect(releaseForPart(all, '6.0.0', 'AP-400', true)).toBe(hidden);
    expect(releaseForPart(all, '6.0.0', null, true)).toBeUndefined();
    expect(releaseForPart(all, '7.0.0', 'AP-100', true)).toBeUndefined();
  });
});

describe('hasFirmwareFor', () => {
  it('is true only for a part number the release has a url for', () => {
    const withUrls = release({ url: { 'AP-100': 'https://fw.test/ap100.bin' } });
    expect(hasFirmwareFor(withUrls, 'AP-100')).toBe(true);
    expect(hasFirmwareFor(withUrls, 'AP-200')).toBe(false);
    expect(hasFirmwareFor(withUrls, null)).toBe(false);
    expect(hasFirmwareFor(withUrls, 'toString')).toBe(false);
    expect(hasFirmwareFor(release({ url: null as never }), 'AP-100')).toBe(false);
  });
});

describe('firmwareLocation: where a device downloads its firmware', () => {
  const release = (id: number, organisation_id: number | null, url: Record<string, string>) =>
    ({ id, version: '2.0.0', organisation_id, url, is_released: true }) as UpgradeData;

  it("prefers the organisation's own release with firmware for the part", () => {
    const releases = [
      release(1, null, { 'PN-1': 'https://global/pn1', 'PN-2': 'https://global/pn2' }),
      release(2, 7, { 'PN-1': 'https://own/pn1' }),
    ];
    expect(firmwareLocation(releases, '2.0.0', 'PN-1')).toBe('https://own/pn1');
    expect(firmwareLocation(releases, '2.0.0', 'PN-2')).toBe('https://global/pn2');
    expect(firmwareLocation(releases, '2.0.0', 'PN-3')).toBeNull();
    expect(firmwareLocation(releases, '3.0.0', 'PN-1')).toBeNull();
    expect(firmwareLocation(releases, '2.0.0', null)).toBeNull();
  });
});
