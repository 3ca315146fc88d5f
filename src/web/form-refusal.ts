import { CodedError } from '../common/errors';

/**
 * What a form shows next to its fields when the service refused the values (422): the values
 * the refusal names, else its message. Null for any other error, which the page's filter shows.
 */
export function formRefusal(error: unknown): string | null {
  if (!(error instanceof CodedError) || error.httpStatus !== 422) {
    return null;
  }
  const named = error.body().errors;
  return typeof named === 'string' ? named : error.message;
}
