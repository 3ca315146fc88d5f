/**
 * The pages bench's pure parts (bench/lib/pages-bench.ts): how a size's organisation is laid out
 * so that one of its networks holds 10,000 devices at every size, the cookies a sign-in sets, and
 * each size's cost over the first size's.
 */

/** Devices of the network whose page is measured, at every size. */
export const NETWORK_PAGE_DEVICES = 10_000;

export interface PageLayout {
  /** Networks of the one organisation. */
  networks: number;
  /** One device in this many is in no network (0: every device is in one). */
  networklessEvery: number;
  /** The network whose page is measured (it holds NETWORK_PAGE_DEVICES devices). */
  networkId: number;
}

/**
 * One organisation of `devices` devices (a multiple of 10,000) in networks of 10,000: the seed
 * puts device i in network i mod networks + 1 and leaves every i divisible by 20 in none, so that
 * network 2 (i mod networks = 1: i is odd when the count of networks is even) keeps its 10,000
 * (an odd count leaves it a few hundred fewer; the report gives the count). With a single
 * network, every device is in it.
 */
export function pageLayout(devices: number): PageLayout {
  if (
    !Number.isInteger(devices) ||
    devices < NETWORK_PAGE_DEVICES ||
    devices % NETWORK_PAGE_DEVICES
  ) {
    throw new Error(
      `${devices} devices: expected a multiple of ${NETWORK_PAGE_DEVICES.toLocaleString('en')}`,
    );
  }
  const networks = devices / NETWORK_PAGE_DEVICES;
  if (networks === 1) {
    return { networks: 1, networklessEvery: 0, networkId: 1 };
  }
  return { networks, networklessEvery: 20, networkId: 2 };
}

/** The `Cookie` header that sends back what `Set-Cookie` headers set (name=value of each). */
export function cookieHeader(setCookies: string[], earlier = ''): string {
  const jar = new Map<string, string>();
  for (const pair of earlier
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  for (const header of setCookies) {
    const pair = header.split(';')[0].trim();
    const at = pair.indexOf('=');
    if (at > 0) {
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The `_csrf` value of the first form of a page. */
export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) {
    throw new Error('no CSRF token in the page');
  }
  return match[1];
}

/** `value` over the same page's value at the first size measured (undefined without one). */
export function overFirst(
  rows: { page: string; devices: number; value: number }[],
  page: string,
  devices: number,
): number | undefined {
  const mine = rows.filter((row) => row.page === page);
  const first = mine.reduce<(typeof mine)[number] | undefined>(
    (least, row) => (least === undefined || row.devices < least.devices ? row : least),
    undefined,
  );
  const row = mine.find((r) => r.devices === devices);
  return first && row && first.value > 0 ? row.value / first.value : undefined;
}
