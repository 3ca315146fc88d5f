import { DomainError, ValidationFailedError } from '../common/errors';
import { PageModel, PageOutcome, Redirect, refusedTo, Shown, show, View } from './page-outcome';

/** A posted form's fields (an urlencoded body; anything else reads as no field). */
export const formFields = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};

/** A text field as typed, trimmed; empty when not sent. */
export const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A text field exactly as typed (SSID names and keys: a space may belong to them). */
export const exact = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A checkbox: on when sent with its value, `true`. */
export const ticked = (value: unknown): boolean => value === 'true';

/** The values of a field sent once (a string), several times (a list) or not at all, trimmed. */
export const every = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(trimmed);

/**
 * What a form shows of a refusal: every message above it (the `form-refused` partial), and
 * the messages of each input beside it (`field-error`).
 */
export interface FormErrors {
  messages: string[];
  byField: Record<string, string[]>;
}

export const NO_ERRORS: FormErrors = { messages: [], byField: {} };

/** A form's page: 422 when it shows a refusal, else 200. */
export const showForm = <M extends PageModel & { errors: FormErrors }>(
  view: View<M>,
  model: NoInfer<M>,
): Shown<M> => show(view, model, model.errors.messages.length > 0 ? 422 : 200);

/**
 * A refusal's messages sorted to the inputs of a form. The services' messages begin with the
 * field they are about (`wpa_key must be 8 to 63 printable ASCII characters`,
 * `v_lan_attributes.v_lan_id must be between 1 and 4094`); `fields` maps those paths to the
 * form's inputs. A message about no input stays above the form only, or goes beside `rest`.
 */
export function formErrors(
  messages: readonly string[],
  fields: Readonly<Record<string, string>>,
  rest?: string,
): FormErrors {
  const byField: Record<string, string[]> = {};
  for (const message of messages) {
    const path = message.split(' ', 1)[0];
    const input = Object.prototype.hasOwnProperty.call(fields, path) ? fields[path] : rest;
    if (input !== undefined) {
      (byField[input] ??= []).push(message);
    }
  }
  return { messages: [...messages], byField };
}

/** A form's input for a field path of the services' messages, and the words people know it by. */
export interface FieldLabel {
  input: string;
  label: string;
}

/**
 * Words people know some parts of a field path by; any other part is a lower-case word
 * (`walled_garden_range` reads "Walled garden range").
 */
const PATH_WORDS: Readonly<Record<string, string>> = {
  acl: 'ACL',
  dhcp: 'DHCP',
  dns: 'DNS',
  id: 'ID',
  ip: 'IP',
  ipaddr: 'IP address',
  mac: 'MAC',
  nat: 'NAT',
  psk: 'PSK',
  qos: 'QoS',
  radius: 'RADIUS',
  ssid: 'SSID',
  url: 'URL',
  wds: 'WDS',
  wna: 'WNA',
  wpa: 'WPA',
};

const own = (labels: Readonly<Record<string, unknown>>, key: string) =>
  Object.prototype.hasOwnProperty.call(labels, key);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A label inside a sentence: lower-case, unless it opens with a capitalised short form (DHCP). */
const midSentence = (text: string) =>
  /^[A-Z]{2}/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);

/** A field path no label names, for people: split on `_` and `.`, capitalised (`dhcp_lease_time` → "DHCP lease time"). */
export function readablePath(path: string): string {
  const words = path
    .split(/[_.]+/)
    .filter((part) => part !== '')
    .map((part) => PATH_WORDS[part.toLowerCase()] ?? part.toLowerCase());
  return capitalised(words.join(' '));
}

/** A word, or a snake_case or dotted path, not inside a longer token (a URL, an address); or a quoted text. */
const TOKEN = /"[^"]*"|(?<![\w.@/:-])[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)*(?![\w@/-])/g;

/**
 * A message of the services for people: the field it begins with, and every snake_case or dotted
 * field path after it, read as its label (`labels`, by path) or else as `readablePath` words
 * (`dhcp_range_start must not be after dhcp_range_end` reads "DHCP range start must not be after
 * DHCP range end"). A message names values after its colon (`type has unknown event types:
 * device.nonsense`) or in quotes: those stay as written, and so do single words after the first
 * (`since must not be after until` reads "Since must not be after until").
 */
export function wordedMessage(message: string, labels: Readonly<Record<string, string>>): string {
  const colon = message.indexOf(': ');
  const head = colon === -1 ? message : message.slice(0, colon);
  const tail = colon === -1 ? '' : message.slice(colon);
  const worded = head.replace(TOKEN, (token: string, offset: number) => {
    if (token.startsWith('"')) {
      return token;
    }
    const known = own(labels, token);
    const path =
      token.includes('_') || (token.includes('.') && own(labels, token.split('.', 1)[0]));
    if (!(known && offset === 0) && !path) {
      return token;
    }
    const words = known ? labels[token] : readablePath(token);
    return offset === 0 ? capitalised(words) : midSentence(words);
  });
  return worded + tail;
}

/**
 * `formErrors` for people: each message worded by `wordedMessage`, with the labels of the form's
 * inputs (`fields`, by path) and of the paths it has no input for (`labels`), above the form and
 * beside the input of the field it begins with (`VLAN ID must be between 1 and 4094` beside
 * `v_lan_id`). The API keeps its own wording; only the page words it this way.
 */
export function labelledFormErrors(
  messages: readonly string[],
  fields: Readonly<Record<string, FieldLabel>>,
  labels: Readonly<Record<string, string>> = {},
): FormErrors {
  const words: Record<string, string> = { ...labels };
  for (const [path, { label }] of Object.entries(fields)) {
    words[path] = label;
  }
  const byField: Record<string, string[]> = {};
  const worded = messages.map((message) => {
    const text = wordedMessage(message, words);
    const path = message.split(' ', 1)[0];
    if (own(fields, path)) {
      (byField[fields[path].input] ??= []).push(text);
    }
    return text;
  });
  return { messages: worded, byField };
}

/**
 * The messages of a refusal (422) a page shows: each of a validation failure, else its one
 * message; null for any other error, which the page's filter answers.
 */
export function refusalOf(error: unknown): string[] | null {
  if (!(error instanceof DomainError) || error.httpStatus !== 422) {
    return null;
  }
  return error instanceof ValidationFailedError ? [...error.messages] : [error.message];
}

/** Runs a form's write; a refusal (422) answers `again` with its messages instead. */
export async function orFormAgain<M extends PageModel>(
  write: () => Promise<PageOutcome<M>>,
  again: (messages: string[]) => PageOutcome<M> | Promise<PageOutcome<M>>,
): Promise<PageOutcome<M>> {
  try {
    return await write();
  } catch (error) {
    const messages = refusalOf(error);
    if (messages === null) {
      throw error;
    }
    return again(messages);
  }
}

/**
 * The message of a conflict (409: the record changed meanwhile, or something under way forbids
 * the change), or null for any other error: a button or form answers it with its page and the
 * message as an error flash, as it answers a refusal.
 */
export const conflictText = (error: unknown): string | null =>
  error instanceof DomainError && error.httpStatus === 409 ? error.message : null;

/** A refusal in one sentence (its messages joined), or null for any other error. */
export const refusalText = (error: unknown): string | null => refusalOf(error)?.join(', ') ?? null;

/**
 * Runs a button's action; a refusal goes back to `location` with the error flash `refusal` words
 * for it (null: not a refusal, shown as an error page).
 */
export async function orRefusedTo<O extends PageOutcome = Redirect>(
  location: string,
  act: () => Promise<O>,
  refusal: (error: unknown) => string | null = refusalText,
): Promise<O | Redirect> {
  try {
    return await act();
  } catch (error) {
    const message = refusal(error);
    if (message === null) {
      throw error;
    }
    return refusedTo(location, message);
  }
}
