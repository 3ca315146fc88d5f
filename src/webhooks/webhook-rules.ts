import { randomBytes } from 'node:crypto';
import { Webhook as Signer } from 'standardwebhooks';
import { hasUriHost, uriOf } from '../common/urls/uri';
import { EVENT_FAMILIES, EVENT_TYPES } from '../event-log/event-types';

/** The longest URL a webhook may have. */
export const MAX_URL_LENGTH = 2048;
/** Webhooks per organisation. */
export const MAX_WEBHOOKS = 20;
/** Attempts to one webhook in flight at once, over every instance. */
export const MAX_IN_FLIGHT = 4;
/** How long the previous secret still signs after a rotation. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

/** A new secret: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Whether an event of `type` is one the webhook's `event_types` ask for. */
export function subscribes(eventTypes: readonly string[], type: string): boolean {
  return eventTypes.some(
    (pattern) =>
      pattern === '*' ||
      pattern === type ||
      (pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1))),
  );
}

/** The problems of an `event_types` value (422 1030 names each), none when it is usable. */
export function eventTypesProblems(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    return ['event_types must be a non-empty list of event types'];
  }
  const unknown = value.filter(
    (entry) =>
      typeof entry !== 'string' ||
      !(
        entry === '*' ||
        (EVENT_TYPES as readonly string[]).includes(entry) ||
        (entry.endsWith('.*') && EVENT_FAMILIES.includes(entry.slice(0, -2)))
      ),
  );
  return unknown.length > 0
    ? [`event_types has unknown event types: ${unknown.map((e) => String(e)).join(', ')}`]
    : [];
}

/** The longest description a webhook may have. */
export const MAX_DESCRIPTION_LENGTH = 255;

/** A webhook's fields as a create or an update gives them (undefined: not given). */
export interface WebhookInput {
  url?: unknown;
  event_types?: unknown;
  description?: unknown;
  enabled?: unknown;
}

/**
 * Every problem of the fields a create (`creating`: url and event_types required) or an update
 * gives, each naming its field, so that one answer names every bad value.
 */
export function webhookProblems(input: WebhookInput, creating: boolean): string[] {
  const given = (value: unknown) => creating || value !== undefined;
  const problems = [
    ...(given(input.url) ? urlProblems(input.url) : []),
    ...(given(input.event_types) ? eventTypesProblems(input.event_types) : []),
  ];
  const { description, enabled } = input;
  if (description !== undefined && description !== null) {
    if (typeof description !== 'string') {
      problems.push('description must be a string');
    } else if (description.length > MAX_DESCRIPTION_LENGTH) {
      problems.push(
        `description must be shorter than or equal to ${MAX_DESCRIPTION_LENGTH} characters`,
      );
    }
  }
  if (enabled !== undefined && typeof enabled !== 'boolean') {
    problems.push('enabled must be a boolean value');
  }
  return problems;
}

/**
 * The problems of a `url` value: http or https, at most 2,048 characters as sent and as stored
 * (`storedUrl`), no user info (not even an empty one: `http://@host/`), and a host name made of
 * the characters a URI's host may hold.
 */
export function urlProblems(value: unknown): string[] {
  if (typeof value !== 'string' || value.length === 0) {
    return ['url must be an http or https URL'];
  }
  if (value.length > MAX_URL_LENGTH) {
    return [`url must be at most ${MAX_URL_LENGTH} characters`];
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return ['url must be an http or https URL'];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return ['url must be an http or https URL'];
  }
  if (url.username !== '' || url.password !== '' || authorityOf(value).includes('@')) {
    return ['url must not include user info'];
  }
  if (!hasUriHost(url)) {
    return ['url must have a valid host name'];
  }
  if (storedUrl(value).length > MAX_URL_LENGTH) {
    return [`url must be at most ${MAX_URL_LENGTH} characters once percent-encoded`];
  }
  return [];
}

/**
 * The authority of a URL as the WHATWG URL parser delimits it for http and https: after the
 * scheme and any slashes or backslashes, up to the next one, `?` or `#` (tabs and newlines
 * removed, as the parser does), so that an empty user info (`http://@host/`, `http://:@host/`),
 * which the parsed URL does not keep, is seen.
 */
function authorityOf(value: string): string {
  // The parser's first steps: C0 controls and spaces at either end dropped, tabs and newlines.
  // eslint-disable-next-line no-control-regex
  const trimmed = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const cleaned = trimmed.replace(/[\t\n\r]/g, '');
  return /^[a-z][a-z0-9+.-]*:[\\/]*([^\\/?#]*)/i.exec(cleaned)?.[1] ?? '';
}

/**
 * The URL as stored and answered: the URI form of its WHATWG serialisation (`uriOf`), so that
 * every stored URL is a URI (OpenAPI's `format: uri`) and parses back to itself. `value` has no
 * problems (`urlProblems`).
 */
export function storedUrl(value: string): string {
  return uriOf(new URL(value));
}

/**
 * `webhook-signature`: the Standard Webhooks signature with each secret that signs now (the new
 * one first), space-separated, made by the specification's reference implementation.
 */
export function signatureHeader(
  secrets: readonly string[],
  messageId: string,
  at: Date,
  body: string,
): string {
  return secrets.map((secret) => signerOf(secret).sign(messageId, at, body)).join(' ');
}

/** Signers kept at most: a few per organisation's webhooks; all dropped beyond. */
const MAX_SIGNERS = 1000;
const signers = new Map<string, Signer>();

/** The signer of a secret, made once (its constructor decodes the key). */
function signerOf(secret: string): Signer {
  let signer = signers.get(secret);
  if (!signer) {
    if (signers.size >= MAX_SIGNERS) {
      signers.clear();
    }
    signer = new Signer(secret);
    signers.set(secret, signer);
  }
  return signer;
}

/** The secrets that sign at `now`: the current one, and the previous one for 24 h after a rotation. */
export function signingSecrets(
  webhook: { secret: string; previous_secret: string | null; previous_secret_until: Date | null },
  now: Date,
): string[] {
  const previous =
    webhook.previous_secret && webhook.previous_secret_until && webhook.previous_secret_until > now
      ? [webhook.previous_secret]
      : [];
  return [webhook.secret, ...previous];
}
