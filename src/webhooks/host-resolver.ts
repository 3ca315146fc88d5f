import { Resolver } from 'node:dns/promises';
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { CheckedAddress } from './address-guard';

/** The host has no address (or its name servers failed), `code` says how. */
export class HostNotFoundError extends Error {
  constructor(readonly code: string) {
    super(
      code === 'ENOTFOUND' || code === 'ENODATA' ? 'host not found' : `host not found (${code})`,
    );
  }
}

/** Resolving the host took longer than the attempt's time. */
export class ResolutionTimeoutError extends Error {
  constructor() {
    super('timeout (resolving the host)');
  }
}

/** The system's hosts file. */
export const SYSTEM_HOSTS_FILE =
  process.platform === 'win32'
    ? `${process.env.SystemRoot ?? 'C:\\Windows'}\\System32\\drivers\\etc\\hosts`
    : '/etc/hosts';
/** The hosts file is read again at most this often. */
const HOSTS_FILE_MS = 5000;

/**
 * The addresses a hosts file gives each name (lower case, without a final dot), in the file's
 * order. Comments and lines whose first field is not an address are skipped.
 */
export function parseHostsFile(text: string): Map<string, CheckedAddress[]> {
  const names = new Map<string, CheckedAddress[]>();
  for (const line of text.split(/\r?\n/)) {
    const [address, ...aliases] = line.replace(/#.*/, '').trim().split(/\s+/);
    const family = isIP(address ?? '');
    if (family === 0) {
      continue;
    }
    for (const alias of aliases) {
      const name = alias.toLowerCase().replace(/\.$/, '');
      const listed = names.get(name) ?? [];
      if (!listed.some((entry) => entry.address === address)) {
        listed.push({ address, family: family === 6 ? 6 : 4 });
      }
      names.set(name, listed);
    }
  }
  return names;
}

/** IPv4 first: the family a server is surest to reach. */
const ipv4First = (addresses: CheckedAddress[]) =>
  [...addresses].sort((a, b) => a.family - b.family);

/**
 * Resolves webhook hosts as the system would, the hosts file first and then DNS, without the
 * system's `getaddrinfo`: that runs on libuv's small thread pool, shared by the whole process
 * (file reads, password hashing), so a slow name server would hold up every other webhook's
 * deliveries and every sign-in. DNS goes through c-ares (node:dns's Resolver), whose queries wait
 * on sockets, not threads, to the system's name servers (/etc/resolv.conf) or to `servers`
 * (WEBHOOK_DNS_SERVERS). Names are looked up as written (no search domains of resolv.conf).
 */
export class HostResolver {
  private readonly resolver: Resolver;
  private hosts?: { readAt: number; names: Promise<Map<string, CheckedAddress[]>> };

  /**
   * @param servers name servers (`address` or `address:port`); none: the system's
   * @param timeoutMs the whole resolution's bound; a query waits at most half of it before it
   *   is sent again (to the next server, if several: c-ares shortens the wait for a server that
   *   answered quickly before), so that a lost datagram costs no whole attempt
   */
  constructor(
    servers: readonly string[],
    timeoutMs: number,
    private readonly hostsFile = SYSTEM_HOSTS_FILE,
  ) {
    this.resolver = new Resolver({ timeout: Math.max(100, Math.floor(timeoutMs / 2)), tries: 3 });
    if (servers.length > 0) {
      this.resolver.setServers([...servers]);
    }
  }

  /**
   * The host's addresses (IPv4 first), within `timeoutMs` (ResolutionTimeoutError after it, the
   * query left to end on its own); HostNotFoundError when it has none.
   */
  resolve(host: string, timeoutMs: number, signal?: AbortSignal): Promise<CheckedAddress[]> {
    return deadline(this.lookup(host, Date.now() + timeoutMs), timeoutMs, signal);
  }

  private async lookup(host: string, until: number): Promise<CheckedAddress[]> {
    const listed = (await this.hostsFileNames()).get(host.toLowerCase().replace(/\.$/, ''));
    if (listed) {
      return ipv4First(listed);
    }
    // c-ares gives up after its tries, each as long as a few times the server's usual answer
    // (a cached name's): a name whose recursion takes longer is asked again until `until`.
    for (;;) {
      try {
        return await this.query(host);
      } catch (error) {
        if (!(error instanceof ResolutionTimeoutError) || Date.now() >= until) {
          throw error;
        }
      }
    }
  }

  /** A and AAAA at once: the addresses of either, IPv4 first. */
  private async query(host: string): Promise<CheckedAddress[]> {
    const [a, aaaa] = await Promise.allSettled([
      this.resolver.resolve4(host),
      this.resolver.resolve6(host),
    ]);
    const found: CheckedAddress[] = [
      ...(a.status === 'fulfilled'
        ? a.value.map((address) => ({ address, family: 4 as const }))
        : []),
      ...(aaaa.status === 'fulfilled'
        ? aaaa.value.map((address) => ({ address, family: 6 as const }))
        : []),
    ];
    if (found.length > 0) {
      return found;
    }
    // A name that does not exist says so; else a failure of a server, else no address of either.
    const codes = [a, aaaa].flatMap((r) => (r.status === 'rejected' ? [errorCode(r.reason)] : []));
    const code = codes.includes('ENOTFOUND')
      ? 'ENOTFOUND'
      : (codes.find((c) => c !== 'ENODATA') ?? 'ENODATA');
    throw code === 'ETIMEOUT' ? new ResolutionTimeoutError() : new HostNotFoundError(code);
  }

  /** The hosts file's names, read again when the last read is older than HOSTS_FILE_MS. */
  private hostsFileNames(): Promise<Map<string, CheckedAddress[]>> {
    const now = Date.now();
    if (!this.hosts || now - this.hosts.readAt > HOSTS_FILE_MS) {
      const names = readFile(this.hostsFile, 'utf8').then(parseHostsFile, () => new Map());
      this.hosts = { readAt: now, names };
    }
    return this.hosts.names;
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? 'EFAIL';

/** `work`, or ResolutionTimeoutError after `ms`, or an AbortError once `signal` aborts. */
function deadline<T>(work: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () =>
      finish(() => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    const timer = setTimeout(() => finish(() => reject(new ResolutionTimeoutError())), ms);
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => finish(() => resolve(value)),
      (error: Error) => finish(() => reject(error)),
    );
  });
}

/**
 * A resolver of the system's name servers is made again after this long, so that a change of
 * /etc/resolv.conf is seen without a restart, as the system's own resolver sees it.
 */
const SYSTEM_RESOLVER_MS = 60_000;
/** Resolvers kept per configuration (name servers and timeout). */
const resolvers = new Map<string, { resolver: HostResolver; madeAt: number }>();

/** The resolver for these name servers (none: the system's) and this attempt timeout. */
export function resolverFor(servers: readonly string[], timeoutMs: number): HostResolver {
  const key = `${servers.join(',')} ${timeoutMs}`;
  const now = Date.now();
  let kept = resolvers.get(key);
  if (!kept || (servers.length === 0 && now - kept.madeAt > SYSTEM_RESOLVER_MS)) {
    kept = { resolver: new HostResolver(servers, timeoutMs), madeAt: now };
    resolvers.set(key, kept);
  }
  return kept.resolver;
}
