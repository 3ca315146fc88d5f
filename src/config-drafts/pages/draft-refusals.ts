import { ApiErrorCode, CodedError } from '../../common/errors';
import { conflictText, refusalText } from '../../web/form';

/** The words of the draft pages for the API's conflicts about drafts, by error code. */
const WORDS: Partial<Record<ApiErrorCode, string>> = {
  [ApiErrorCode.DraftNotFound]:
    'This network has no draft: it was published or discarded meanwhile.',
  [ApiErrorCode.DraftOutdated]:
    "The network's SSIDs changed since this draft was saved, so it was not published. Check " +
    'what the draft would change now, press "Base the draft on the current SSIDs", then publish.',
};

/**
 * How a draft page words an error it answers with an error flash: a refusal (422) and a conflict
 * (409: a rollout running, the network changed since the draft) as their message, a draft gone
 * meanwhile and an outdated draft in words that say what to do; null for any other error.
 */
export function draftRefusal(error: unknown): string | null {
  if (error instanceof CodedError && WORDS[error.code] !== undefined) {
    return WORDS[error.code]!;
  }
  return refusalText(error) ?? conflictText(error);
}

/** Whether the error is the network's having no draft (404 1049). */
export const isDraftMissing = (error: unknown): boolean =>
  error instanceof CodedError && error.code === ApiErrorCode.DraftNotFound;
