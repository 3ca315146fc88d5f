/** A user-id/password pair from an `Authorization: Basic` header (RFC 7617). */
export interface BasicCredentials {
  user: string;
  password: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Parses `Basic <base64(user:password)>` (the scheme in any case). The password is everything
 * after the FIRST colon, so it may itself contain colons. Anything else (another scheme, bad
 * base64, no colon) is null.
 */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | null {
  const match = /^basic +(\S+) *$/i.exec(header ?? '');
  if (!match || !BASE64.test(match[1]) || match[1].length % 4 !== 0) {
    return null;
  }
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) {
    return null;
  }
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
