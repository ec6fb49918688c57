/**
 * Error texts shared by the services and the screens ("this field cannot be empty" and "this field is
 * required" were mixed, in lower case). Zod-free, so the web imports it as it is. The user form keeps the text the
 * spec fixes for it (FIELD_CANNOT_BE_EMPTY in users.ts).
 */
export const FIELD_REQUIRED = 'This field is required';
