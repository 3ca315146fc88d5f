import { request as httpRequest, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { LookupFunction } from 'node:net';
import { checkedAddress, CheckedAddress, RefusedAddressError } from './address-guard';
import { signatureHeader } from './webhook-rules';

/** One attempt to deliver one message (OPERATIONS 5). */
export interface AttemptRequest {
  url: string;
  messageId: string;
  body: string;
  /** The secrets that sign now, the new one first. */
  secrets: string[];
  timeoutMs: number;
  allowPrivate: boolean;
  /** Aborts the attempt (the instance is stopping). */
  signal?: AbortSignal;
}

/** What an attempt gave: a 2xx, or why it failed (`gone` for 410). */
export type AttemptResult =
  { ok: true; status: number } | { ok: false; status: number | null; error: string; gone: boolean };

const USER_AGENT = 'Airfleet-Webhooks/1';

/**
 * POSTs the message with the Standard Webhooks headers, to the address that was checked
 * (`lookup` hands the connection that address and no other), with the timeout over the whole
 * attempt, and never follows a redirect. Never throws: every failure is a result.
 */
export async function attemptDelivery(
  attempt: AttemptRequest,
  at = new Date(),
): Promise<AttemptResult> {
  const url = new URL(attempt.url);
  let address: CheckedAddress;
  try {
    address = await checkedAddress(url, attempt.allowPrivate);
  } catch (error) {
    const message =
      error instanceof RefusedAddressError
        ? error.message
        : `host not found (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'})`;
    return { ok: false, status: null, error: message, gone: false };
  }
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': attempt.messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatureHeader(attempt.secrets, attempt.messageId, at, attempt.body),
  };
  return post(url, address, headers, attempt.body, attempt.timeoutMs, attempt.signal);
}

function post(
  url: URL,
  address: CheckedAddress,
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
    agent: false,
    signal,
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(result);
      }
    };
    const req = send(url, options, (res) => {
      const status = res.statusCode ?? 0;
      res.resume(); // the answer's body is not read; it is drained so the socket can close
      res.on('end', () => finish(resultOf(status)));
      res.on('error', () => finish(resultOf(status)));
    });
    const timer = setTimeout(() => {
      finish({ ok: false, status: null, error: 'timeout', gone: false });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ ok: false, status: null, error: connectionError(error), gone: false }),
    );
    req.end(body);
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
