import { zonedToInstant } from '../common/time-zones/zoned-time';
import { Upgrade } from '../firmware/upgrade.entity';
import { UpgradeData } from '../firmware/upgrade-data.entity';
import { UpgradeInputDto } from './dto/upgrade.dto';
import {
  invalidUpgrade,
  noReleasedUpgradeData,
  noUpgradeData,
  unknownVersion,
} from './upgrades.errors';
import { newestBy } from './version';

/**
 * What create and update take (the `upgrade` object of the request, already type-checked). A field
 * left out (undefined) keeps the existing upgrade's value on update; `null` clears it, which is
 * what an emptied field of the browser form means (the JSON API reads null as left out).
 */
export type UpgradeInput = Partial<
  Pick<UpgradeInputDto, 'upgrade_type' | 'schedule_type' | 'save_prev_config' | 'aps' | 'rollout'>
> & {
  version?: string | null;
  schedule_at?: string | null;
  time_zone?: string | null;
};

/** The input's value, or the existing one when the input leaves the field out (not when null). */
const given = (value: string | null | undefined, existing: string | null | undefined) =>
  value === undefined ? (existing ?? null) : value;

/**
 * Schedule rules: `now` (default) or `later`, which needs schedule_at and
 * time_zone. Fields the input leaves out keep the existing upgrade's values on update.
 */
export function resolveSchedule(input: UpgradeInput, existing: Upgrade | null) {
  const scheduleType = input.schedule_type ?? existing?.schedule_type ?? 'now';
  const timeZone = given(input.time_zone, existing?.time_zone);
  if (scheduleType !== 'later') {
    return { schedule_type: scheduleType, schedule_at: null, time_zone: timeZone };
  }
  const scheduleAt = input.schedule_at
    ? parseInstant(input.schedule_at, timeZone)
    : input.schedule_at === undefined
      ? existing?.schedule_at
      : null;
  const missing = [
    ...(scheduleAt ? [] : ['schedule_at is required when schedule_type is later']),
    ...(timeZone ? [] : ['time_zone is required when schedule_type is later']),
  ];
  if (missing.length > 0 || !scheduleAt) {
    throw invalidUpgrade(missing);
  }
  return { schedule_type: scheduleType, schedule_at: scheduleAt, time_zone: timeZone };
}

/** An ISO 8601 time; one without an offset is read as UTC. */
/**
 * `schedule_at`: with an offset, that instant; without one, a wall-clock time in
 * `time_zone` (UTC while no time zone is known: the missing time zone is reported anyway).
 */
function parseInstant(value: string, timeZone: string | null): Date {
  const hasOffset = /(Z|[+-]\d\d(:?\d\d)?)$/i.test(value) || !value.includes('T');
  if (hasOffset) {
    return new Date(value);
  }
  const zoned = timeZone ? zonedToInstant(value, timeZone) : null;
  return new Date(zoned ?? `${value}Z`);
}

/**
 * Which release an upgrade installs: no release visible to the organisation at all → 422;
 * unless manual, the newest released one (dotted numeric order); a manual version must be one
 * the caller can see. Among releases of the same version the organisation's own wins.
 */
export function resolveRelease(
  input: UpgradeInput,
  existing: Upgrade | null,
  all: UpgradeData[],
  includeUnreleased: boolean,
): { upgradeType: string; release: UpgradeData } {
  if (all.length === 0) {
    throw noUpgradeData();
  }
  const upgradeType = input.upgrade_type ?? existing?.upgrade_type ?? 'automatic';
  if (upgradeType !== 'manual') {
    const release = newestBy(
      preferOwn(all.filter((data) => data.is_released)),
      (data) => data.version,
    );
    if (!release) {
      throw noReleasedUpgradeData();
    }
    return { upgradeType, release };
  }
  const version = given(input.version, existing?.version);
  if (!version) {
    throw invalidUpgrade(['version is required for a manual upgrade']);
  }
  const release = releaseOfVersion(all, version, includeUnreleased);
  if (!release) {
    throw unknownVersion(version);
  }
  return { upgradeType, release };
}

/**
 * The release a manual upgrade to `version` takes: among the visible ones of that
 * version (released ones only unless `includeUnreleased`), the organisation's own first.
 */
export function releaseOfVersion(
  all: UpgradeData[],
  version: string,
  includeUnreleased: boolean,
): UpgradeData | undefined {
  return preferOwn(
    all.filter((data) => (includeUnreleased || data.is_released) && data.version === version),
  )[0];
}

/**
 * The versions a manual upgrade can take for devices of these hardware parts, one release per
 * version (the one `releaseOfVersion` takes), in no particular order: `every` keeps a version
 * with firmware for each part, as create demands of its targets; `some` one
 * with firmware for at least one (the organisation's hardware, before a target is chosen). The
 * firmware for a part is found as `releaseForPart` finds it.
 */
export function releasesWithFirmware(
  all: UpgradeData[],
  includeUnreleased: boolean,
  partNumbers: (string | null)[],
  cover: 'every' | 'some',
): UpgradeData[] {
  const parts = [...new Set(partNumbers)];
  const versions = [...new Set(all.map((data) => data.version))];
  const covers = (version: string, part: string | null) =>
    releaseForPart(all, version, part, includeUnreleased) !== undefined;
  return versions
    .map((version) => releaseOfVersion(all, version, includeUnreleased))
    .filter((release): release is UpgradeData => release !== undefined)
    .filter((release) =>
      cover === 'every'
        ? parts.every((part) => covers(release.version, part))
        : parts.some((part) => covers(release.version, part)),
    );
}

/**
 * THE rule of which release gives `version` to a device of this hardware part (create,
 * the hand-out and the auto-revert all ask it): among the visible records of that version
 * (released ones only unless `includeUnreleased`), the organisation's own first, then the newest,
 * the first with firmware for the part. Several records may share a version (a global release
 * posted again for another part); each part takes the one that has its firmware.
 */
export function releaseForPart(
  all: UpgradeData[],
  version: string,
  partNumber: string | null,
  includeUnreleased: boolean,
): UpgradeData | undefined {
  return preferOwn(
    all.filter((data) => (includeUnreleased || data.is_released) && data.version === version),
  ).find((data) => hasFirmwareFor(data, partNumber));
}

/** The organisation's own releases first, then global ones; the newer record first in each. */
function preferOwn(releases: UpgradeData[]): UpgradeData[] {
  return [...releases].sort(
    (a, b) =>
      Number(a.organisation_id === null) - Number(b.organisation_id === null) || b.id - a.id,
  );
}

/** Whether the release has firmware for the hardware part. */
export function hasFirmwareFor(release: UpgradeData, partNumber: string | null): boolean {
  const urls: unknown = release.url;
  return (
    partNumber !== null &&
    typeof urls === 'object' &&
    urls !== null &&
    Object.prototype.hasOwnProperty.call(urls, partNumber)
  );
}

/**
 * Where the device fetches `version` for its hardware part: the firmware of the
 * release `releaseForPart` takes among these (any state: the upgrade exists already); null when
 * none has any.
 */
export function firmwareLocation(
  releases: UpgradeData[],
  version: string,
  partNumber: string | null,
): string | null {
  const release = releaseForPart(releases, version, partNumber, true);
  return release && partNumber !== null ? release.url[partNumber] : null;
}
