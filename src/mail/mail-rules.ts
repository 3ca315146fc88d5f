import { Verdict } from '../background/retry-schedule';

/** The longest `last_error` kept. */
const MAX_ERROR_LENGTH = 255;
/** Anything shaped like an e-mail address (a bare one, or between angle brackets). */
const ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g;

/** How a send ended, as the outbox row records it. */
export type SendOutcome =
  | { state: 'sent'; error: null; next: null }
  | { state: 'pending'; error: string; next: Date }
  | { state: 'failed'; error: string; next: null };

/**
 * What the outbox row records of a send attempt, from the lease queue's verdict (failed
 * sends are retried on the webhook schedule): sent; or, after a failure (`error`), the
 * next attempt, or `failed` once the schedule is exhausted.
 */
export function sendOutcome(verdict: Verdict, error: string | null): SendOutcome {
  if (verdict.state === 'done' || error === null) {
    return { state: 'sent', error: null, next: null };
  }
  return verdict.state === 'retry'
    ? { state: 'pending', error, next: verdict.next }
    : { state: 'failed', error, next: null };
}

/**
 * A send failure as the log and `last_error` say it: the error's code and text (the SMTP reply
 * included) with every address and the SMTP password taken out, so that neither the recipients
 * nor the credentials reach a log line or an answer.
 */
export function failureText(error: unknown, secrets: { password?: string }): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  let text = typeof message === 'string' && message !== '' ? message : String(error);
  if (secrets.password) {
    for (const form of new Set([secrets.password, decoded(secrets.password)])) {
      text = text.split(form).join('[hidden]');
    }
  }
  text = text.replace(ADDRESS, '[address]').replace(/\s+/g, ' ').trim();
  const coded = typeof code === 'string' && !text.startsWith(code) ? `${code}: ${text}` : text;
  return coded.length > MAX_ERROR_LENGTH ? `${coded.slice(0, MAX_ERROR_LENGTH - 1)}…` : coded;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The password of an SMTP_URL (as written, percent-encoded), if it has one. */
export function smtpPassword(smtpUrl: string): string | undefined {
  try {
    return new URL(smtpUrl).password || undefined;
  } catch {
    return undefined;
  }
}
