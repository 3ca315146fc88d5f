import { ValidateBy, ValidationOptions } from 'class-validator';

/**
 * The one list of time zones: the IANA names the runtime knows, with `UTC`, sorted
 * alphabetically. list_network_timezone answers it, a network's `timezone` and an upgrade's
 * `time_zone` must be one of its names, and the upgrade form offers it.
 */
export const TIME_ZONES: readonly string[] = (() => {
  const names = new Set(Intl.supportedValuesOf('timeZone'));
  names.add('UTC');
  return [...names].sort();
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
