/** The console's first page: where sign-in leads when no `next` is given. */
export const CONSOLE_HOME = '/overview';

/** Where sign-in leads when `next` is not a path of this site. */
export const HOME_PATH = '/upgrades';

const MAX_LENGTH = 2048;
/** Printable ASCII without space: what a browser sends for a path and a header may carry. */
const PRINTABLE = /^[\x21-\x7e]*$/;
const MAX_DECODING_ROUNDS = 3;

/**
 * The console's home without a `next`; `next` when it is a path of this site, else HOME_PATH (no
 * open redirect): one leading `/`, no second `/` or `\` after it (`//host` and `/\host` leave the
 * site), no control character or anything a header may not carry (CR/LF would inject headers), and
 * the same rules for its percent-decoded forms (`/%09/evil.example`, `/%2f%2fevil`).
 */
export function safeReturnPath(next: unknown): string {
  if (next === undefined || next === null || next === '') {
    return CONSOLE_HOME;
  }
  if (typeof next !== 'string' || next.length > MAX_LENGTH || !PRINTABLE.test(next)) {
    return HOME_PATH;
  }
  let form = next;
  for (let round = 0; round <= MAX_DECODING_ROUNDS; round += 1) {
    if (!isLocalPath(form)) {
      return HOME_PATH;
    }
    const decoded = decodeOnce(form);
    if (decoded === null) {
      return HOME_PATH;
    }
    if (decoded === form) {
      return next;
    }
    form = decoded;
  }
  return HOME_PATH;
}

function isLocalPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^\/(?![/\\])/.test(path) && !/[\x00-\x1f\x7f]/.test(path);
}

function decodeOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
