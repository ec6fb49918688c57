/**
 * Lesson discussion values mirrored from @rainmakers/contracts (discussions.ts): importing values from the contracts
 * would pull zod into the download, so they are copied here and checked against the contracts in constants.test.ts.
 */

/** Characters of a comment's body. */
export const COMMENT_BODY_MAX = 5000;
/** How a deleted question's author reads. */
export const DELETED_AUTHOR = '[deleted]';
