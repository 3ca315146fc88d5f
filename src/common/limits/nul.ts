/** The NUL character, refused in every string of a request. */
const NUL = '\u0000';

/**
 * The path of the first string (value or object key) containing NUL in `value`, searched
 * through nested objects and arrays without recursion; undefined when there is none. The path
 * names the field as validation messages do (`location_network.tag_list.0`); `''` is the value
 * itself.
 */
export function findNul(value: unknown): string | undefined {
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
