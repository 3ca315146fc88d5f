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
 * `formErrors` for people: each message that begins with a path of `fields` begins with its label
 * instead (`VLAN id must be between 1 and 4094`), above the form and beside its input. The API
 * keeps its own wording; only the page words it this way.
 */
export function labelledFormErrors(
  messages: readonly string[],
  fields: Readonly<Record<string, FieldLabel>>,
): FormErrors {
  const byField: Record<string, string[]> = {};
  const worded = messages.map((message) => {
    const path = message.split(' ', 1)[0];
    if (!Object.prototype.hasOwnProperty.call(fields, path)) {
      return message;
    }
    const { input, label } = fields[path];
    const text = `${label}${message.slice(path.length)}`;
    (byField[input] ??= []).push(text);
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
