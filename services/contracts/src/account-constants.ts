/** The texts and names of a member's own data and account closing, without zod so the web can import them alone. */

export const CLOSE_ACCOUNT_WRONG_PASSWORD = 'The password is not correct';
export const CLOSE_ACCOUNT_CODE_NEEDED = 'Enter the code from your authenticator app';
export const CLOSE_ACCOUNT_LAST_ADMIN =
  'You are the last admin: make another person an admin before you close your account';
export const ACCOUNT_OWNER_ONLY = 'Only the person herself can download her data or close her account';
/** Answered when a service could not give its part of the export in time: never a partial file. */
export const ACCOUNT_EXPORT_UNAVAILABLE = 'Your data could not be gathered right now. Please try again in a minute.';

/**
 * What is kept after an account is closed, as the dialog and the confirmation e-mail state it (the reasons are in
 * docs/decisions.md "Closing one's own account").
 */
export const CLOSED_ACCOUNT_KEPT =
  'Kept: your payment records (what you bought, when, the amount and the payment reference), which tax law ' +
  'requires us to keep, and the entries of our audit log about your account, under the name they were recorded ' +
  'with. Everything else is deleted.';

/** The name the browser saves the file under. */
export const accountExportFileName = (userId: number, at: Date) =>
  `my-data-${userId}-${at.toISOString().slice(0, 10)}.json`;

/** The sign-in page's message once she closed her account (the confirmation e-mail is queued by then). */
export const ACCOUNT_CLOSED_NOTICE =
  'Your account is closed and you are signed out everywhere. A confirmation is on its way to your e-mail address.';
