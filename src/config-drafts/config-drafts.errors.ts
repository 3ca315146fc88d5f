import { ApiErrorCode, CodedError } from '../common/errors';

/** 404 1049: the network has no draft. */
export const draftNotFound = () => new CodedError(ApiErrorCode.DraftNotFound, 'Draft not found');

/** 409 1050: the network's configuration changed after the draft was last written. */
export const draftOutdated = () =>
  new CodedError(
    ApiErrorCode.DraftOutdated,
    'The network changed since the draft was made: read the diff and write the draft again',
  );
