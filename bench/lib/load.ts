/**
 * The load generator: autocannon in the runner's own process (it shares the machine's cores with
 * the server and PostgreSQL, as the measurements did), 50 connections.
 */
import autocannon from 'autocannon';

export const CONNECTIONS = 50;

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, connection errors and timeouts. */
  failed: number;
  /** How the failures split, e.g. `503: 12, timeouts: 3` (empty when none). */
  failures: string;
}

export async function load(
  url: string,
  requests: autocannon.Request[],
  seconds: number,
  /** Requests a second over all connections (autocannon's overallRate); unset: as fast as it can. */
  rate?: number,
  connections = CONNECTIONS,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests,
    ...(rate === undefined ? {} : { overallRate: rate }),
  });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors, // errors include timeouts
    failures: [
      ...Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, stats]) => `${code}: ${stats.count ?? 0}`),
      ...(result.timeouts ? [`timeouts: ${result.timeouts}`] : []),
      ...(result.errors > result.timeouts ? [`errors: ${result.errors - result.timeouts}`] : []),
    ].join(', '),
  };
}
