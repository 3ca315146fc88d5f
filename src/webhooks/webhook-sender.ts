import { Agent as HttpAgent, request as httpRequest, RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { LookupFunction } from 'node:net';
import { checkedAddress, CheckedAddress, RefusedAddressError } from './address-guard';
import { HostNotFoundError, ResolutionTimeoutError, resolverFor } from './host-resolver';
import { signatureHeader } from './webhook-rules';

/** One attempt to deliver one message. */
export interface AttemptRequest {
  url: string;
  messageId: string;
  body: string;
  /** The secrets that sign now, the new one first. */
  secrets: string[];
  /** The whole attempt's bound: resolving the host, connecting and the answer. */
  timeoutMs: number;
  allowPrivate: boolean;
  /** The name servers hosts are resolved through (WEBHOOK_DNS_SERVERS); none: the system's. */
  dnsServers: readonly string[];
  /** Aborts the attempt (the instance is stopping). */
  signal?: AbortSignal;
}

/** What an attempt gave: a 2xx, or why it failed (`gone` for 410). */
export type AttemptResult =
  { ok: true; status: number } | { ok: false; status: number | null; error: string; gone: boolean };

const USER_AGENT = 'Airfleet-Webhooks/1';
/** Idle keep-alive connections close after this, before a receiver's usual 5 s closes them. */
const IDLE_MS = 4000;
/** Connection pools kept at most (the least recently used one is closed beyond). */
const MAX_POOLS = 256;
/** Errors of a request sent on a kept connection the receiver had just closed. */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Keep-alive connections for the attempts (a new TCP connection per attempt cost more
 * than the rest of the attempt), one pool per URL origin AND checked address: a connection is
 * reused only for a request to the address that was checked for this very attempt (the pool's
 * `lookup` is that address; TLS names the URL's host), so reuse never bypasses the address
 * guard, and a host that resolves elsewhere gets another pool.
 */
export class WebhookConnections {
  private readonly pools = new Map<string, HttpAgent>();

  /** @param maxSockets connections one pool opens at most (the attempts one instance makes). */
  constructor(private readonly maxSockets: number) {}

  /** The pool for requests to `url` connected to `address`. */
  poolFor(url: URL, address: CheckedAddress): HttpAgent {
    const key = `${url.protocol}//${url.host} ${address.address}`;
    let pool = this.pools.get(key);
    if (pool) {
      this.pools.delete(key); // re-inserted below: the map stays in order of last use
    } else {
      const options = {
        keepAlive: true,
        maxSockets: this.maxSockets,
        maxFreeSockets: this.maxSockets,
        timeout: IDLE_MS,
        scheduling: 'lifo' as const,
      };
      pool = url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
      if (this.pools.size >= MAX_POOLS) {
        const [oldest, agent] = this.pools.entries().next().value as [string, HttpAgent];
        this.pools.delete(oldest);
        agent.destroy();
      }
    }
    this.pools.set(key, pool);
    return pool;
  }

  /** Closes every connection (the instance is stopping). */
  close(): void {
    this.pools.forEach((pool) => pool.destroy());
    this.pools.clear();
  }
}

/**
 * POSTs the message with the Standard Webhooks headers, to the address that was checked
 * (`lookup` hands the connection that address and no other), with the timeout over the whole
 * attempt (resolving the host included), and never follows a redirect. With `connections`, on a
 * kept connection to that address; else on a connection of its own. Never throws: every failure
 * is a result.
 */
export async function attemptDelivery(
  attempt: AttemptRequest,
  at = new Date(),
  connections?: WebhookConnections,
): Promise<AttemptResult> {
  const started = Date.now();
  const url = new URL(attempt.url);
  let address: CheckedAddress;
  try {
    const resolver = resolverFor(attempt.dnsServers, attempt.timeoutMs);
    address = await checkedAddress(url, attempt.allowPrivate, (host) =>
      resolver.resolve(host, attempt.timeoutMs, attempt.signal),
    );
  } catch (error) {
    return { ok: false, status: null, error: resolutionError(error), gone: false };
  }
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': attempt.messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatureHeader(attempt.secrets, attempt.messageId, at, attempt.body),
  };
  const agent = connections?.poolFor(url, address) ?? false;
  const left = Math.max(0, attempt.timeoutMs - (Date.now() - started));
  return post(url, address, agent, headers, attempt.body, left, attempt.signal);
}

/** What a failed resolution or check says: never the address a host name resolved to. */
function resolutionError(error: unknown): string {
  if (
    error instanceof RefusedAddressError ||
    error instanceof HostNotFoundError ||
    error instanceof ResolutionTimeoutError
  ) {
    return error.message;
  }
  if ((error as Error).name === 'AbortError') {
    return 'aborted';
  }
  return `host not found (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'})`;
}

function post(
  url: URL,
  address: CheckedAddress,
  agent: HttpAgent | false,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<AttemptResult> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: address.address, family: address.family },
      ]);
    } else {
      callback(null, address.address, address.family);
    }
  };
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    lookup: pinned,
    signal,
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    let req: ReturnType<typeof send>;
    const finish = (result: AttemptResult) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(result);
      }
    };
    const timer = setTimeout(() => {
      finish({ ok: false, status: null, error: 'timeout', gone: false });
      req.destroy();
    }, timeoutMs);
    // A kept connection the receiver closed as the request went out: sent once more, on a
    // connection of its own (the receiver may see it twice: delivery is at least once).
    const start = (via: HttpAgent | false) => {
      req = send(url, { ...options, agent: via }, (res) => {
        const status = res.statusCode ?? 0;
        res.resume(); // the answer's body is not read; it is drained so the socket is free
        res.on('end', () => finish(resultOf(status)));
        res.on('error', () => finish(resultOf(status)));
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (via && req.reusedSocket && STALE_CONNECTION.has(error.code ?? '') && !settled) {
          start(false);
        } else {
          finish({ ok: false, status: null, error: connectionError(error), gone: false });
        }
      });
      req.end(body);
    };
    start(agent);
  });
}

function resultOf(status: number): AttemptResult {
  if (status >= 200 && status < 300) {
    return { ok: true, status };
  }
  if (status >= 300 && status < 400) {
    return { ok: false, status, error: `redirect not followed (status ${status})`, gone: false };
  }
  return { ok: false, status, error: `status ${status}`, gone: status === 410 };
}

function connectionError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ABORT_ERR':
      return 'aborted';
    case 'ECONNRESET':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case undefined:
      return 'connection failed';
    default:
      return `connection failed (${error.code})`;
  }
}
