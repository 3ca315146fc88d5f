import { DomainError, ValidationFailedError } from '../../common/errors';

/**
 * A refusal's messages sorted to the fields of a form. The services' messages begin with the
 * field they are about (`wpa_key must be 8 to 63 printable ASCII characters`,
 * `v_lan_attributes.v_lan_id must be between 1 and 4094`); `fields` maps those paths to the
 * form's inputs. A message about a field the form does not show stays in `others`.
 */
export interface FieldErrors {
  /** The messages of each input of the form, by input name. */
  byField: Record<string, string[]>;
  /** Messages about no input of the form. */
  others: string[];
}

export function fieldErrors(
  messages: readonly string[],
  fields: Readonly<Record<string, string>>,
): FieldErrors {
  const byField: Record<string, string[]> = {};
  const others: string[] = [];
  for (const message of messages) {
    const path = message.split(' ', 1)[0];
    const input = Object.prototype.hasOwnProperty.call(fields, path) ? fields[path] : undefined;
    if (input === undefined) {
      others.push(message);
    } else {
      (byField[input] ??= []).push(message);
    }
  }
  return { byField, others };
}

/**
 * The messages of a refusal (422) a form shows: each of a validation failure, else its one
 * message; null for any other error, which the page's filter answers.
 */
export function refusalMessages(error: unknown): string[] | null {
  if (!(error instanceof DomainError) || error.httpStatus !== 422) {
    return null;
  }
  return error instanceof ValidationFailedError ? [...error.messages] : [error.message];
}
