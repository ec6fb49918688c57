/** The community profile's texts and limits, without zod, so the web can import them as values. */

/** The bio's bound: a few sentences, plain text. */
export const COMMUNITY_BIO_MAX = 500;
export const COMMUNITY_BIO_TOO_LONG = `Keep your bio to ${COMMUNITY_BIO_MAX} characters or fewer`;
export const COMMUNITY_PROFILE_NOT_FOUND = 'Member not found';
export const COMMUNITY_SETTINGS_SAVED = 'Community profile saved';
