/**
 * The simulator's only way out: requests to the one base URL it was given, at most `concurrency`
 * in flight (Node's global fetch keeps connections alive), each counted for the progress line.
 */

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or null for an empty body (304) or a body that is not JSON. */
  body: unknown;
}

export interface RequestOptions {
  /** `Authorization` header value (`Bearer …` or `Basic …`). */
  auth?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Counts by route kind, so the summary can say where the load went. */
export type RouteKind = 'checkin' | 'config' | 'operator';

/** Limits how many promises run at once; waiters are served in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) {
        next();
      } else {
        this.active--;
      }
    }
  }
}

export class ApiClient {
  readonly base: URL;
  private readonly semaphore: Semaphore;
  /** Completed requests (any answer) by route kind. */
  readonly completed: Record<RouteKind, number> = { checkin: 0, config: 0, operator: 0 };

  /** A request that has no answer after this long fails (a slow service does not wedge a device). */
  static readonly TIMEOUT_MS = 30_000;

  constructor(baseUrl: string, concurrency: number) {
    this.base = new URL(baseUrl);
    this.semaphore = new Semaphore(concurrency);
  }

  get total(): number {
    return this.completed.checkin + this.completed.config + this.completed.operator;
  }

  /** Resolves `path` against the base URL; null when it names another origin. */
  resolve(path: string): URL | null {
    const url = new URL(path, this.base);
    return url.origin === this.base.origin ? url : null;
  }

  async request(
    kind: RouteKind,
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse> {
    const url = this.resolve(path);
    if (!url) {
      throw new Error(
        `refusing to follow ${path}: the simulator talks only to ${this.base.origin}`,
      );
    }
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.auth) {
      headers.Authorization = options.auth;
    }
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    return this.semaphore.run(async () => {
      try {
        const response = await fetch(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(ApiClient.TIMEOUT_MS),
        });
        const text = await response.text();
        return { status: response.status, headers: response.headers, body: parseJson(text) };
      } finally {
        this.completed[kind]++;
      }
    });
  }
}

function parseJson(text: string): unknown {
  if (text === '') {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** `Basic …` for a device: user = the MAC as 12 hex digits, password = its factory secret. */
export function basicAuth(mac: string, secret: string): string {
  const user = mac.replace(/[:-]/g, '');
  return `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
}
