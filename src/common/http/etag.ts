/** The strong validator of a representation: its tag in double quotes (RFC 9110 8.8.3). */
export const etagOf = (tag: string) => `"${tag}"`;

/**
 * Whether an `If-None-Match` header names the current tag (RFC 9110 13.1.2): `*`, or a
 * comma-separated list of entity tags where the weak comparison applies (`W/"tag"` matches `"tag"`).
 * An absent or empty header names nothing.
 */
export function ifNoneMatchNames(header: string | string[] | undefined, tag: string): boolean {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) {
    return false;
  }
  const current = etagOf(tag);
  return text
    .split(',')
    .map((entry) => entry.trim())
    .some((entry) => entry === '*' || entry === current || entry === `W/${current}`);
}
