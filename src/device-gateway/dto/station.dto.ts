import { ApiProperty } from '@nestjs/swagger';
import {
  IsIn,
  IsInt,
  IsIP,
  IsOptional,
  IsString,
  isIn,
  isIP,
  isString,
  Length,
  length,
  Max,
  MaxLength,
  maxLength,
  Min,
  ValidateBy,
  ValidationOptions,
} from 'class-validator';
import { normaliseMac } from '../../common/mac/mac';

/** The most stations one check-in lists. */
export const MAX_STATIONS = 1024;
export const BANDS = ['2.4', '5', '6'] as const;
/** The largest byte count (2^53 − 1: exact in JSON numbers). */
const MAX_COUNTER = Number.MAX_SAFE_INTEGER;

/** A MAC in any of the accepted forms (12 hex digits, with `:` or `-` between pairs or not). */
export function IsMac(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isMac',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && normaliseMac(value) !== null,
        defaultMessage: (args) => `${args?.property ?? 'mac'} must be a MAC address`,
      },
    },
    options,
  );
}

/** No two entries of the list name the same MAC, in whatever form. */
export function DistinctMacs(options?: ValidationOptions): PropertyDecorator {
  const duplicates = (value: unknown): string[] => {
    if (!Array.isArray(value)) {
      return [];
    }
    const seen = new Set<string>();
    const twice = new Set<string>();
    for (const entry of value as unknown[]) {
      const raw = (entry as { mac?: unknown } | null)?.mac;
      const mac = typeof raw === 'string' ? normaliseMac(raw) : null;
      if (mac !== null) {
        (seen.has(mac) ? twice : seen).add(mac);
      }
    }
    return [...twice];
  };
  return ValidateBy(
    {
      name: 'distinctMacs',
      validator: {
        validate: (value: unknown) => duplicates(value).length === 0,
        defaultMessage: (args) =>
          `${args?.property ?? 'stations'} lists a mac more than once: ${duplicates(args?.value).join(', ')}`,
      },
    },
    options,
  );
}

/** One Wi-Fi client associated with the device at the check-in. */
export class StationDto {
  /** The client's MAC, in any form the device MACs take (12 hex digits, `:` or `-`). */
  @ApiProperty({ example: 'a4:83:e7:12:34:56' })
  @IsMac()
  mac: string;

  /** The SSID it is associated with, 1 to 32 characters. */
  @IsString()
  @Length(1, 32)
  ssid: string;

  /** The band, in GHz. */
  @ApiProperty({ enum: BANDS })
  @IsIn(BANDS, { message: 'band must be one of: 2.4, 5, 6' })
  band: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(233)
  channel?: number;

  /** Signal in dBm, −120 to 0. */
  @IsOptional()
  @IsInt()
  @Min(-120)
  @Max(0)
  rssi?: number;

  /** Last transmit rate, kbit/s. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_COUNTER)
  tx_rate_kbps?: number;

  /** Last receive rate, kbit/s. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_COUNTER)
  rx_rate_kbps?: number;

  /** Bytes sent to it since it associated with this device (at most 2^53 − 1). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_COUNTER)
  tx_bytes?: number;

  /** Bytes received from it since it associated with this device (at most 2^53 − 1). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_COUNTER)
  rx_bytes?: number;

  /**
   * Seconds since it associated with this device. Validated, not recorded: a session starts at
   * the first check-in that lists the client.
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_COUNTER)
  connected_seconds?: number;

  /** Its IPv4 or IPv6 address. */
  @IsOptional()
  @IsIP()
  ip?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  hostname?: string;
}

/** The integer fields of a station with their bounds, as its decorators state them. */
const INTEGERS: [keyof StationDto, number, number][] = [
  ['channel', 1, 233],
  ['rssi', -120, 0],
  ['tx_rate_kbps', 0, MAX_COUNTER],
  ['rx_rate_kbps', 0, MAX_COUNTER],
  ['tx_bytes', 0, MAX_COUNTER],
  ['rx_bytes', 0, MAX_COUNTER],
  ['connected_seconds', 0, MAX_COUNTER],
];
const FIELDS: (keyof StationDto)[] = [
  'mac',
  'ssid',
  'band',
  ...INTEGERS.map(([field]) => field),
  'ip',
  'hostname',
];

/** Absent, as `@IsOptional` reads it. */
const absent = (value: unknown) => value === undefined || value === null;

/**
 * `length(value, least, most)` for a string, without its two regular expressions where the
 * answer is plain: class-validator counts a surrogate pair, or a character with its
 * presentation selector (U+FE0E, U+FE0F), as one character, so a string counts no more
 * characters than UTF-16 units, and at least one when it is not empty (what it leaves out is
 * always a unit after the first). A string of 1 to `most` units therefore holds when `least`
 * is at most 1; any other goes through `length`.
 */
function lengthWithin(value: string, least: number, most: number): boolean {
  const units = value.length;
  return (least <= 1 && units >= 1 && units <= most) || length(value, least, most);
}

/** `isInt(value) && min(value, least) && max(value, most)`, as class-validator reads them. */
const intWithin = (value: unknown, least: number, most: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= least && value <= most;

/**
 * The stored form of a station entry's MAC when the entry is valid under StationDto's
 * decorators (the same class-validator functions, or their plain equivalents): a plain object
 * whose fields all hold; null otherwise. A check-in lists up to 1,024 of them, and checked one
 * decorator at a time they cost it more than the rest of its validation.
 */
export function validStationMac(entry: unknown): string | null {
  if (
    typeof entry !== 'object' ||
    entry === null ||
    Object.getPrototypeOf(entry) !== Object.prototype
  ) {
    return null;
  }
  const e = entry as Record<string, unknown>;
  const mac = typeof e.mac === 'string' ? normaliseMac(e.mac) : null;
  if (mac === null || !isString(e.ssid) || !lengthWithin(e.ssid, 1, 32) || !isIn(e.band, BANDS)) {
    return null;
  }
  for (const [field, least, most] of INTEGERS) {
    const value = e[field];
    if (!absent(value) && !intWithin(value, least, most)) {
      return null;
    }
  }
  const valid =
    (absent(e.ip) || isIP(e.ip)) &&
    (absent(e.hostname) ||
      (isString(e.hostname) && (e.hostname.length <= 255 || maxLength(e.hostname, 255))));
  return valid ? mac : null;
}

/**
 * The stations of a check-in as StationDto instances (only its fields) when the list is valid
 * as the check-in's decorators state it: at most MAX_STATIONS entries, each valid, each MAC
 * once, and `clients`, when given, their number. Undefined otherwise (the decorators then say
 * what is wrong).
 */
export function checkedStations(
  list: unknown[],
  body: Record<string, unknown>,
): StationDto[] | undefined {
  if (list.length > MAX_STATIONS || (!absent(body.clients) && body.clients !== list.length)) {
    return undefined;
  }
  const macs = new Set<string>();
  const stations: StationDto[] = [];
  for (const entry of list) {
    const mac = validStationMac(entry);
    if (mac === null) {
      return undefined;
    }
    macs.add(mac);
    const station = new StationDto();
    const given = entry as Record<string, unknown>;
    for (const field of FIELDS) {
      if (Object.prototype.hasOwnProperty.call(given, field)) {
        (station as unknown as Record<string, unknown>)[field] = given[field];
      }
    }
    stations.push(station);
  }
  return macs.size === list.length ? stations : undefined;
}
