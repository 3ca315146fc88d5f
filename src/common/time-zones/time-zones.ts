import { ValidateBy, ValidationOptions } from 'class-validator';
import { IANA_TIME_ZONE_NAMES } from './iana-names';

/** Whether this runtime's time zone data can compute times in the zone spelled exactly so. */
function runtimeKnows(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name, hour: 'numeric' }); // the cheapest formatter
    return true;
  } catch {
    return false;
  }
}

/**
 * The one list of time zones, sorted alphabetically: every name of the IANA tz database, zones
 * and their aliases alike (Asia/Kolkata and Asia/Calcutta, Europe/Kyiv and Europe/Kiev), with
 * `UTC` and every name the runtime lists itself (what networks were given before), less the few
 * the runtime cannot compute (the tz database's `Factory`). The runtime's own list is no
 * authority on names: it gives one name a zone, often the old one, and leaves out the current
 * name; and the aliases the runtime accepts besides the tz database's (IST, PST, AET,
 * SystemV/...) are no IANA names and stay refused, as do other spellings (asia/kolkata).
 * list_network_timezone answers this list, a network's `timezone` and an upgrade's `time_zone`
 * must be one of its names, stored as sent, and the console's forms offer it.
 */
export const TIME_ZONES: readonly string[] = (() => {
  const listed = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  // Only the names the runtime does not list itself are tried (some 180, a few ms).
  const more = IANA_TIME_ZONE_NAMES.filter((name) => !listed.has(name) && runtimeKnows(name));
  return [...listed, ...more].sort();
})();

const KNOWN = new Set(TIME_ZONES);

/** Whether the value is one of TIME_ZONES. */
export const isTimeZone = (value: unknown): value is string =>
  typeof value === 'string' && KNOWN.has(value);

/** A DTO field holding one of TIME_ZONES; each operation words its own `message`. */
export function IsTimeZone(message: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isTimeZone', validator: { validate: isTimeZone, defaultMessage: () => message } },
    options,
  );
}
