/**
 * A schedule is given as a wall-clock time in a time zone (the upgrade form's
 * `<input type="datetime-local">`, `2030-05-01T02:30`, and an API `schedule_at` without an
 * offset); the database stores an instant. These convert between the two with the
 * runtime's time zone database.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** Offset of `timeZone` from UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The ISO instant (UTC, `Z`) of a wall-clock time in a time zone, or null when the text is not a
 * `YYYY-MM-DDTHH:mm[:ss[.SSS]]` time. A time skipped by a DST change moves forward by the gap.
 */
export function zonedToInstant(local: string, timeZone: string): string | null {
  const match = LOCAL.exec(local);
  if (!match) {
    return null;
  }
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((v) => Number(v ?? 0));
  const millis = Number((match[7] ?? '0').padEnd(3, '0'));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23) {
    return null;
  }
  const first = wall - offsetAt(wall, timeZone);
  const instant = wall - offsetAt(first, timeZone);
  return new Date(instant).toISOString();
}

/** The wall-clock time (`YYYY-MM-DDTHH:mm`) of an ISO instant in a time zone. */
export function instantToZoned(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  const local = new Date(instant + offsetAt(instant, timeZone));
  return local.toISOString().slice(0, 16);
}

/** The wall-clock time of an instant in a time zone, to the second: `YYYY-MM-DD HH:mm:ss`. */
export function zonedDateTime(instant: Date, timeZone: string): string {
  const local = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
  return local.toISOString().slice(0, 19).replace('T', ' ');
}
