/**
 * A URI's host and port (RFC 3986) as the WHATWG parser serialises them: a bracketed IPv6
 * address, or the characters of a registered name. The WHATWG parser lets through a few more
 * (`{`, `"`, `` ` ``) that no DNS name holds and that a URI may not.
 */
const URI_HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9\-._~!$&'()*+,;=]+)(:\d+)?$/i;

/** Characters a URI's path may hold as they are (RFC 3986), `%` where it starts a `%XX`. */
const PATH_KEEPS = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2}/y;
/** The same for a query or a fragment, which may also hold `?`. */
const QUERY_KEEPS = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2}/y;

/** Whether the http or https URL's host is one a URI may hold. */
export function hasUriHost(url: URL): boolean {
  return URI_HOST.test(url.host);
}

/**
 * An http or https URL as a URI: its WHATWG serialisation (`href`: the scheme and host in lower
 * case, the default port dropped, dot segments resolved, non-ASCII percent-encoded) with the
 * characters that serialisation still leaves in the path, query or fragment and a URI may not
 * hold (`{ } | ^ [ ] \ \``, a `#` in the fragment, a `%` that starts no `%XX`) percent-encoded
 * too. It parses back to itself, and servers decode it to the same request as the URL. User info
 * is not kept. The host must be a URI's (`hasUriHost`).
 */
export function uriOf(url: URL): string {
  const bare = new URL(url.href);
  bare.username = '';
  bare.password = '';
  const origin = `${bare.protocol}//${bare.host}`;
  const rest = bare.href.slice(origin.length);
  const queryAt = rest.search(/[?#]/);
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const after = queryAt === -1 ? '' : rest.slice(queryAt);
  const hashAt = after.indexOf('#');
  const query = hashAt === -1 ? after : after.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : after.slice(hashAt + 1);
  return (
    origin +
    percentEncoded(path, PATH_KEEPS) +
    (query === '' ? '' : `?${percentEncoded(query.slice(1), QUERY_KEEPS)}`) +
    (hashAt === -1 ? '' : `#${percentEncoded(fragment, QUERY_KEEPS)}`)
  );
}

/** `text` (ASCII, as a serialised URL is) with each character `keeps` does not match encoded. */
function percentEncoded(text: string, keeps: RegExp): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    keeps.lastIndex = at;
    const kept = keeps.exec(text);
    if (kept) {
      out += kept[0];
      at += kept[0].length;
    } else {
      out += `%${text.charCodeAt(at).toString(16).toUpperCase().padStart(2, '0')}`;
      at += 1;
    }
  }
  return out;
}
