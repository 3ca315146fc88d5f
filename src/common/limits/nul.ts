/** The NUL character, refused in every string of a request. */
const NUL = '\u0000';

/** Parsed JSON bodies whose text holds no `\u0000` escape, so no NUL anywhere (see markParsed). */
const NUL_FREE = new WeakSet<object>();

/**
 * Remembers a body parsed from JSON text that has no `\u0000` escape: JSON strings cannot hold
 * a raw NUL, so none of its strings or keys does, and findNul need not walk it (a check-in with
 * a thousand stations is a large tree to walk on every request).
 */
export function markParsed(text: string, value: unknown): void {
  if (value !== null && typeof value === 'object' && !text.includes('\\u0000')) {
    NUL_FREE.add(value);
  }
}

/**
 * The path of the first string (value or object key) containing NUL in `value`, searched
 * through nested objects and arrays without recursion; undefined when there is none. The path
 * names the field as validation messages do (`location_network.tag_list.0`); `''` is the value
 * itself.
 */
export function findNul(value: unknown): string | undefined {
  if (value !== null && typeof value === 'object' && NUL_FREE.has(value)) {
    return undefined;
  }
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) {
        return path;
      }
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push([item, join(path, String(index))]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes(NUL)) {
          return path;
        }
        pending.push([item, join(path, key)]);
      }
    }
  }
  return undefined;
}

const join = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

export const nulMessage = (path: string, where: string) =>
  `${path || where} must not contain the NUL character`;
