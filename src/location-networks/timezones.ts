/** IANA zone names the service accepts, sorted (CONTRACT 6); `UTC` is always among them. */
export const TIMEZONES: readonly string[] = (() => {
  const names = new Set(Intl.supportedValuesOf('timeZone'));
  names.add('UTC');
  return [...names].sort();
})();

const KNOWN = new Set(TIMEZONES);

export const isKnownTimezone = (name: unknown): name is string =>
  typeof name === 'string' && KNOWN.has(name);
