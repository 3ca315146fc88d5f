/**
 * Compares two firmware versions segment by segment ("1.10.0" > "1.9.2"): numeric segments by
 * value, other segments as text; a missing segment counts as 0 ("1.2" equals "1.2.0").
 * Returns a negative number, 0 or a positive number like a sort comparator.
 */
export function compareVersions(a: string, b: string): number {
  const left = a.trim().split('.');
  const right = b.trim().split('.');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i] ?? '0';
    const y = right[i] ?? '0';
    const order =
      /^\d+$/.test(x) && /^\d+$/.test(y) ? compareDigits(x, y) : x.localeCompare(y, 'en');
    if (order !== 0) {
      return order;
    }
  }
  return 0;
}

/** Compares two digit strings by numeric value without overflowing on long ones. */
function compareDigits(x: string, y: string): number {
  const a = x.replace(/^0+(?=\d)/, '');
  const b = y.replace(/^0+(?=\d)/, '');
  if (a.length !== b.length) {
    return a.length - b.length;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The element with the highest version, or undefined for an empty list (the first of equals wins). */
export function newestBy<T>(items: T[], version: (item: T) => string): T | undefined {
  return items.reduce<T | undefined>(
    (best, item) =>
      best === undefined || compareVersions(version(item), version(best)) > 0 ? item : best,
    undefined,
  );
}
